import "server-only";
import { ASSET_KEY_PATTERN, type TDeck } from "@/lib/deck/schema";
import type { TStorage } from "@/lib/storage";

/** Asset keys the deck's pictures refer to, each once. */
export function deckAssetKeys(deck: Pick<TDeck, "slides">): string[] {
  const keys = new Set<string>();
  for (const slide of deck.slides) {
    const key = slide.content.image?.asset;
    if (key && ASSET_KEY_PATTERN.test(key)) keys.add(key);
  }
  return [...keys];
}

/**
 * Reads the deck's stored pictures and returns them as data URIs by key, for layoutDeck (which
 * does no I/O). A key whose file is missing is left out, so that slide draws its offline
 * illustration rather than failing the render.
 */
export async function loadDeckAssets(
  deck: Pick<TDeck, "slides">,
  storage: TStorage,
): Promise<Map<string, string>> {
  const assets = new Map<string, string>();
  await Promise.all(
    deckAssetKeys(deck).map(async (key) => {
      const bytes = await storage.get(key);
      if (!bytes) return;
      const mime = key.endsWith(".png") ? "image/png" : "image/jpeg";
      assets.set(key, `data:${mime};base64,${bytes.toString("base64")}`);
    }),
  );
  return assets;
}
