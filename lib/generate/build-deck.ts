/**
 * Outline → a complete, schema-valid Deck document. Also re-exports the v3 helper that turns
 * per-slide inputs into slides.
 */
import {
  DECK_VERSION,
  type TDeck,
  type TSlide,
  type TTemplateId,
  type TThemeId,
  ZDeck,
} from "@/lib/deck/schema";
import { resolveDeckTitle } from "./resolve-deck-title";
import type { TOutlineSlide, TWriteOptions } from "./types";
import { writeDeckSlides } from "./write-deck-slides";

export { slidesFromOutlineInputs } from "./slides-from-inputs";

export type TBuildDeckOptions = TWriteOptions & {
  template: TTemplateId;
  theme: TThemeId;
};

/**
 * Builds the deck: title slide and agenda when asked, the content slides, a closing slide only
 * when `includeClosing` (or the instructions) ask for one. Validated against ZDeck.
 */
export function buildDeck(outline: readonly TOutlineSlide[], opts: TBuildDeckOptions): TDeck {
  return assembleDeck(writeDeckSlides(outline, opts), outline, opts);
}

/** Wraps written slides into a Deck: title from the title slide (or resolved), validated. */
export function assembleDeck(
  slides: TSlide[],
  outline: readonly TOutlineSlide[],
  opts: TBuildDeckOptions,
): TDeck {
  const title =
    slides.find((s) => s.layout === "title")?.content.title ?? resolveDeckTitle(outline, opts).title;
  return ZDeck.parse({
    version: DECK_VERSION,
    title: title.slice(0, 500),
    ...(opts.author ? { author: opts.author.slice(0, 200) } : {}),
    language: opts.language.slice(0, 64),
    template: opts.template,
    theme: opts.theme,
    slides,
  });
}
