import "server-only";
import crypto from "node:crypto";
import { getConfig, getSecret } from "@/lib/config";

/** HMAC-SHA256 over the path and expiry, base64url. */
function sign(pathname: string, expires: number): string {
  return crypto.createHmac("sha256", getSecret()).update(`${pathname}\n${expires}`).digest("base64url");
}

/** Appends `expires` (unix seconds) and `signature` to a same-origin path. */
export function signPath(pathname: string, ttlSeconds = getConfig().DOWNLOAD_URL_TTL_SECONDS): string {
  const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
  return `${pathname}?expires=${expires}&signature=${sign(pathname, expires)}`;
}

/** Why a signed link is refused, or null when it is valid and unexpired. */
export function checkSignedPath(pathname: string, params: URLSearchParams): string | null {
  const expires = Number(params.get("expires"));
  const signature = params.get("signature") ?? "";
  if (!Number.isInteger(expires) || !signature) return "The link is not signed.";
  const expected = Buffer.from(sign(pathname, expires));
  const actual = Buffer.from(signature);
  if (expected.length !== actual.length || !crypto.timingSafeEqual(expected, actual)) {
    return "The link's signature is invalid.";
  }
  if (expires < Date.now() / 1000) return "The link has expired.";
  return null;
}
