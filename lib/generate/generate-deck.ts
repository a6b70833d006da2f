/**
 * The whole generation step for one request: outline, slides, deck, and the warnings the API
 * reports (instructions not applied, translation not done, fewer slides than asked).
 */
import type { TDeck } from "@/lib/deck/schema";
import { assembleDeck, type TBuildDeckOptions } from "./build-deck";
import type { GenerationProvider, TGenerationWarning, TOutlineSlide } from "./types";

export type TGeneratedDeck = { deck: TDeck; outline: TOutlineSlide[]; warnings: TGenerationWarning[] };

/** Runs a provider end to end; `outline` skips the outline step (the user reviewed one). */
export async function generateDeck(
  provider: GenerationProvider,
  opts: TBuildDeckOptions,
  outline?: TOutlineSlide[],
): Promise<TGeneratedDeck> {
  const finalOutline = outline ?? (await provider.generateOutline(opts));
  opts.onSlideWritten?.(0, finalOutline.length);
  const slides = await provider.writeSlides(finalOutline, opts);
  opts.onSlideWritten?.(finalOutline.length, finalOutline.length);
  const deck = assembleDeck(slides, finalOutline, opts);
  const warnings = provider.listWarnings(opts);
  if (!outline && finalOutline.length < opts.n_slides) {
    // The title slide, agenda and closing count in the slides asked for, as in the slides made.
    const frame = deck.slides.length - finalOutline.length;
    warnings.push(fewerSlides(finalOutline.length, deck.slides.length, opts.n_slides + frame));
  }
  return { deck, outline: finalOutline, warnings };
}

/** The text held too little for the slides asked: the deck is shorter rather than repetitive. */
export function fewerSlides(contentSlides: number, deckSlides: number, asked: number): TGenerationWarning {
  const plural = (n: number) => (n === 1 ? "" : "s");
  return {
    code: "fewer_slides",
    message: `The deck has ${deckSlides} slide${plural(deckSlides)} of the ${asked} asked: the text holds material for ${contentSlides} content slide${plural(contentSlides)} without repeating a point. Add text or ask for fewer slides.`,
  };
}
