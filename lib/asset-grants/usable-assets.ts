import "server-only";
import type { Db } from "@/lib/db";
import { grantAssets } from "./grant-assets";

/**
 * Which of these stored pictures the account may use: those it was granted (it stored them: an
 * upload, a picture fetched or generated for it), and those a deck of its own (or a saved version of
 * one) already shows as `image.asset`. The second covers decks made before pictures had owners;
 * such a picture is granted on this first use, so the next look-up is one indexed read.
 *
 * Trusting what the account's decks show is sound because every deck write checks its pictures
 * (assertDeckAssets): a key can only be in a deck of the account if it was the account's when
 * written, or the deck predates the check. Only real `image.asset` fields count, never a key that
 * merely appears in a deck's text.
 */
export async function usableAssets(db: Db, userId: string, keys: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(keys)];
  if (wanted.length === 0) return new Set();
  const granted = await db.assetGrant.findMany({
    where: { userId, key: { in: wanted } },
    select: { key: true },
  });
  const usable = new Set(granted.map((row) => row.key));
  const missing = wanted.filter((key) => !usable.has(key));
  if (missing.length === 0) return usable;

  const mentions = missing.map((key) => ({ deck: { contains: key } }));
  const [decks, versions] = await Promise.all([
    db.presentation.findMany({ where: { userId, OR: mentions }, select: { deck: true } }),
    db.deckVersion.findMany({ where: { presentation: { userId }, OR: mentions }, select: { deck: true } }),
  ]);
  const shown = new Set<string>();
  for (const { deck } of [...decks, ...versions]) for (const key of pictureKeys(deck)) shown.add(key);
  const found = missing.filter((key) => shown.has(key));
  if (found.length > 0) {
    await grantAssets(db, userId, found);
    for (const key of found) usable.add(key);
  }
  return usable;
}

/** The `image.asset` of each slide of a stored deck's JSON (none when it does not parse). */
function pictureKeys(json: string): string[] {
  let deck: unknown;
  try {
    deck = JSON.parse(json);
  } catch {
    return [];
  }
  const slides = (deck as { slides?: unknown })?.slides;
  if (!Array.isArray(slides)) return [];
  return slides.flatMap((slide) => {
    const asset = (slide as { content?: { image?: { asset?: unknown } } })?.content?.image?.asset;
    return typeof asset === "string" ? [asset] : [];
  });
}
