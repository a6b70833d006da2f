import "server-only";
import { envInteger } from "@/lib/net/safe-fetch";

/** The default largest picture accepted, uploaded or downloaded (IMAGE_MAX_BYTES). */
export const DEFAULT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** IMAGE_MAX_BYTES: the largest picture file the service reads, from a provider or an upload. */
export function imageMaxBytes(env: Record<string, string | undefined> = process.env): number {
  return envInteger(env.IMAGE_MAX_BYTES, DEFAULT_IMAGE_MAX_BYTES);
}
