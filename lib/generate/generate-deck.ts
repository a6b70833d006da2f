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
  if (!outline && finalOutline.length < opts.n_slides)
    warnings.push(fewerSlides(finalOutline.length, opts.n_slides));
  return { deck, outline: finalOutline, warnings };
}

/** The text held too little for the slides asked: the deck is shorter rather than repetitive. */
export function fewerSlides(made: number, asked: number): TGenerationWarning {
  return {
    code: "fewer_slides",
    message: `The text holds material for ${made} content slide${made === 1 ? "" : "s"} without repeating a point; ${asked} were asked. Add text or ask for fewer slides.`,
  };
}
