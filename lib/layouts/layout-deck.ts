import "server-only";
import type { TDeck, TSlide } from "@/lib/deck/schema";
import type { TRenderedSlide } from "./boxes";
import { DEFAULT_FONT } from "./font-families";
import { GENERAL_LAYOUTS } from "./general/layouts";
import { THEMES } from "./themes";

const TEMPLATES = { general: GENERAL_LAYOUTS } satisfies Record<TDeck["template"], unknown>;

/**
 * Lays out every slide of a deck into positioned, measured boxes. A slide whose text does not fit
 * even at the smallest allowed size continues on extra pages ("… (cont.)"), so the result can be
 * longer than `deck.slides`; every page keeps its source `slideId`.
 */
export function layoutDeck(deck: TDeck): TRenderedSlide[] {
  return deck.slides.flatMap((slide) => layoutSlide(deck, slide));
}

/**
 * Lays out one slide of a deck: one page, or more when its text continues. The slide's speaker
 * notes go on its first page only, so a presenter does not read them twice.
 */
export function layoutSlide(
  deck: Pick<TDeck, "title" | "author" | "template" | "theme">,
  slide: TSlide,
): TRenderedSlide[] {
  const context = {
    palette: THEMES[deck.theme],
    font: DEFAULT_FONT,
    deckTitle: deck.title,
    author: deck.author,
  };
  const pages = TEMPLATES[deck.template][slide.layout](slide.content, context);
  return pages.map((page, index) => ({
    slideId: slide.id,
    ...page,
    ...(index === 0 && slide.notes ? { notes: slide.notes } : {}),
  }));
}
