import "server-only";
import { headers } from "next/headers";
import { originOf } from "@/lib/security/request-origin";

/**
 * The origin the visitor reached this server at, for examples shown on pages (the curl line of a
 * new API key): PUBLIC_URL when set, else the request's (lib/security/request-origin.ts).
 */
export async function requestOrigin(): Promise<string> {
  return originOf(await headers());
}
