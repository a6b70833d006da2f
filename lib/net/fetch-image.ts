import "server-only";
import { InvalidImageError } from "@/lib/images/invalid-image-error";
import { normalizeImage, type TNormalizedImage } from "@/lib/images/normalize-image";
import { ACCEPTED_IMAGE_TYPES } from "@/lib/images/sniff-image-type";
import { safeFetch, type TSafeFetchOptions } from "./safe-fetch";
import { SafeFetchError } from "./safe-fetch-error";

/**
 * Downloads a picture from an outside URL through safeFetch and returns it re-encoded
 * (normalizeImage). A Content-Type other than PNG, JPEG, WebP or GIF (or none/octet-stream) is
 * refused before the body is read; the bytes must then carry one of those formats' magic numbers.
 * Throws SafeFetchError ("not_an_image" for the format checks).
 */
export async function fetchImage(
  url: string,
  options: Pick<TSafeFetchOptions, "signal" | "env" | "timeoutMs" | "maxBytes"> & { maxSide?: number } = {},
): Promise<TNormalizedImage> {
  const { maxSide, ...fetchOptions } = options;
  const response = await safeFetch(url, {
    ...fetchOptions,
    headers: { accept: "image/jpeg,image/png,image/webp,image/gif;q=0.8" },
    checkHeaders: ({ contentType, url: finalUrl }) => {
      // Some CDNs label every file application/octet-stream; the magic bytes decide those.
      if (
        contentType &&
        contentType !== "application/octet-stream" &&
        !ACCEPTED_IMAGE_TYPES.has(contentType)
      ) {
        throw new SafeFetchError("not_an_image", `Expected a picture, got ${contentType}.`, {
          url: finalUrl,
        });
      }
    },
  });
  try {
    return await normalizeImage(response.bytes, { maxSide });
  } catch (error) {
    if (error instanceof InvalidImageError) {
      throw new SafeFetchError("not_an_image", error.message, { url: response.url });
    }
    throw error;
  }
}
