import "server-only";
import { headers } from "next/headers";
import { getConfig } from "@/lib/config";

/**
 * The origin the visitor reached this server at, for examples shown on pages (the curl line of a
 * new API key): PUBLIC_URL when set, else the request's host as a proxy reports it.
 */
export async function requestOrigin(): Promise<string> {
  const configured = getConfig().PUBLIC_URL;
  if (configured) return configured.replace(/\/+$/, "");
  const list = await headers();
  const host = list.get("x-forwarded-host") ?? list.get("host") ?? "localhost:3000";
  const proto = list.get("x-forwarded-proto") ?? "http";
  return `${proto.split(",")[0].trim()}://${host.split(",")[0].trim()}`;
}
