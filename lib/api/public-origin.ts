import "server-only";
import { originOf } from "@/lib/security/request-origin";

/**
 * The origin clients reach us at, for absolute links in responses: PUBLIC_URL when set, else the
 * request's own (Host, or a trusted proxy's X-Forwarded-Host; lib/security/request-origin.ts).
 */
export function publicOrigin(req: Request): string {
  return originOf(req.headers, new URL(req.url).protocol);
}
