import "server-only";
import { assetKeyFor } from "@/lib/images/asset-key";
import type { TNormalizedImage } from "@/lib/images/normalize-image";
import { assetUrl } from "@/lib/presentations/layout-for-client";
import type { TStorage } from "@/lib/storage";

export type TStoredImage = { asset: string; url: string; width: number; height: number };

/**
 * Stores a re-encoded picture content-addressed (assets/<sha256>.<ext>: storing it twice writes
 * the same file) and answers its key and the URL the editor loads it from.
 */
export async function storeImage(storage: TStorage, image: TNormalizedImage): Promise<TStoredImage> {
  const asset = assetKeyFor(image);
  await storage.put(asset, image.bytes);
  return { asset, url: assetUrl(asset), width: image.width, height: image.height };
}
