import "server-only";
import { grantAssets, type TAssetOwner } from "@/lib/asset-grants/grant-assets";
import type { TDeck } from "@/lib/deck/schema";
import type { TResolvedImage } from "@/lib/files/resolve-uploaded-files";
import { assetKeyFor } from "@/lib/images/asset-key";
import { normalizeImage } from "@/lib/images/normalize-image";
import { PICTURE_LAYOUTS } from "@/lib/images/resolve-deck-images";
import type { TStorage } from "@/lib/storage";

/** Pictures smaller than this on their longer side would look blurred across half a slide. */
const MIN_SIDE = 320;

/**
 * Puts the pictures found in uploaded documents on the deck's picture slides, in document order,
 * largest first among those big enough to show; slides left over get a provider's picture or the
 * offline illustration afterwards. Each picture is stored once as a content-addressed asset and
 * granted to the account the deck is made for (`owner`).
 */
export async function placeDocumentImages(
  deck: TDeck,
  images: readonly TResolvedImage[],
  storage: TStorage,
  owner: TAssetOwner,
): Promise<{ deck: TDeck; used: number }> {
  const usable = images.filter((image) => Math.max(image.width, image.height) >= MIN_SIDE);
  const slots = deck.slides.flatMap((slide, index) =>
    PICTURE_LAYOUTS.has(slide.layout) && !slide.content.image?.asset ? [index] : [],
  );
  if (!usable.length || !slots.length) return { deck, used: 0 };
  const slides = [...deck.slides];
  let used = 0;
  for (const [n, index] of slots.entries()) {
    const image = usable[n];
    if (!image) break;
    const bytes = await storage.get(image.key);
    if (!bytes) continue;
    const normalized = await normalizeImage(bytes);
    const asset = assetKeyFor(normalized);
    await storage.put(asset, normalized.bytes);
    await grantAssets(owner.db, owner.userId, [asset]);
    const slide = slides[index];
    slides[index] = {
      ...slide,
      content: {
        ...slide.content,
        image: {
          ...slide.content.image,
          asset,
          alt: image.alt || slide.content.image?.alt || image.file,
          credit: image.file,
        },
      },
    };
    used++;
  }
  return { deck: { ...deck, slides }, used };
}
