/**
 * Drops the text formatting of boxes a slide no longer has: a format whose field the content lacks
 * (a subtitle removed, a layout switched from columns to bullets, a card deleted) and empty
 * formats, so a stored deck names only boxes it draws. Client-safe; pure.
 */
import type { TDeck, TSlide, TSlideContent } from "./schema";

/** The deck with every slide's format pruned (the same deck when nothing changes). */
export function pruneTextFormat(deck: TDeck): TDeck {
  let changed = false;
  const slides = deck.slides.map((slide) => {
    const pruned = pruneSlideFormat(slide);
    if (pruned !== slide) changed = true;
    return pruned;
  });
  return changed ? { ...deck, slides } : deck;
}

export function pruneSlideFormat(slide: TSlide): TSlide {
  if (!slide.format) return slide;
  const kept = Object.entries(slide.format).filter(
    ([key, format]) => (format.align !== undefined || (format.size ?? 0) !== 0) && hasBox(slide.content, key),
  );
  if (kept.length === Object.keys(slide.format).length) return slide;
  const { format: _dropped, ...rest } = slide;
  return kept.length ? { ...rest, format: Object.fromEntries(kept) } : rest;
}

/** Whether the content holds the field a box key names ("columns.1.bullets": a second column with bullets). */
function hasBox(content: TSlideContent, key: string): boolean {
  const [field, index, part] = key.split(".");
  const value = (content as Record<string, unknown>)[field as string];
  if (value === undefined || value === null || value === "") return false;
  if (index === undefined) return !Array.isArray(value) || value.length > 0;
  const item = Array.isArray(value) ? value[Number(index)] : undefined;
  if (item === undefined || item === null) return false;
  // A column draws its bullets and body in one box ("columns.0.bullets" or "columns.0.body").
  if (field === "columns" && (part === "bullets" || part === "body")) return true;
  return (
    part === undefined || (typeof item === "object" && (item as Record<string, unknown>)[part] !== undefined)
  );
}
