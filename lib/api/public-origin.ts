import "server-only";
import { getConfig } from "@/lib/config";

/**
 * The origin clients reach us at, for absolute links in responses: PUBLIC_URL when set, else the
 * request's own origin as a proxy reports it.
 */
export function publicOrigin(req: Request): string {
  const configured = getConfig().PUBLIC_URL;
  if (configured) return configured.replace(/\/+$/, "");
  const url = new URL(req.url);
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host") ?? url.host;
  const proto = req.headers.get("x-forwarded-proto") ?? url.protocol.replace(":", "");
  return `${proto.split(",")[0].trim()}://${host.split(",")[0].trim()}`;
}
