import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { TImageUploadResponse } from "@/lib/api/schemas/media";
import type { TAssetOwner } from "@/lib/asset-grants/grant-assets";
import { InvalidImageError } from "@/lib/images/invalid-image-error";
import { normalizeImage, type TNormalizedImage } from "@/lib/images/normalize-image";
import { sniffImageType } from "@/lib/images/sniff-image-type";
import type { TStorage } from "@/lib/storage";
import { storeImage } from "./store-image";

/**
 * Stores an uploaded picture: 415 unless its first bytes are PNG, JPEG, WebP or GIF (the name and
 * the announced type are not trusted), 422 when it does not decode; otherwise it is re-encoded
 * (normalizeImage: upright, at most 1600 px a side, no metadata), stored content-addressed and
 * granted to the uploading account (`owner`).
 */
export async function uploadImage(
  storage: TStorage,
  bytes: Uint8Array,
  owner: TAssetOwner,
): Promise<TImageUploadResponse> {
  if (!sniffImageType(bytes)) {
    throw new ApiError(
      "unsupported_media_type",
      "The file is not a PNG, JPEG, WebP or GIF picture (judged by its contents, not its name).",
    );
  }
  let image: TNormalizedImage;
  try {
    image = await normalizeImage(bytes);
  } catch (error) {
    if (error instanceof InvalidImageError)
      throw new ApiError("invalid_field", error.message, {
        errors: [{ path: "file", message: error.message }],
      });
    throw error;
  }
  return storeImage(storage, image, owner);
}
