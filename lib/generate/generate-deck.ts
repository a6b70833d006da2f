/**
 * The whole generation step for one request: outline, slides, deck, and the warnings the API
 * reports (instructions not applied, translation not done).
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
  return { deck, outline: finalOutline, warnings: provider.listWarnings(opts) };
}
