import "server-only";
import { grantAssets, type TAssetOwner } from "@/lib/asset-grants/grant-assets";
import { assetKeyFor } from "@/lib/images/asset-key";
import type { TNormalizedImage } from "@/lib/images/normalize-image";
import { assetUrl } from "@/lib/presentations/layout-for-client";
import type { TStorage } from "@/lib/storage";

export type TStoredImage = { asset: string; url: string; width: number; height: number };

/**
 * Stores a re-encoded picture content-addressed (assets/<sha256>.<ext>: storing it twice writes
 * the same file), grants it to the account it is stored for (the same bytes stored by another
 * account are granted to that one too), and answers its key and the URL the editor loads it from.
 */
export async function storeImage(
  storage: TStorage,
  image: TNormalizedImage,
  owner: TAssetOwner,
): Promise<TStoredImage> {
  const asset = assetKeyFor(image);
  await storage.put(asset, image.bytes);
  await grantAssets(owner.db, owner.userId, [asset]);
  return { asset, url: assetUrl(asset), width: image.width, height: image.height };
}
