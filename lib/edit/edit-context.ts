/**
 * What an AI edit knows besides the prompt: the slide as the editor has it and the stored deck
 * around it (title, language, the other slides), so a rewrite fits the deck. Pure, client-safe.
 */
import type { TDeck, TSlide } from "@/lib/deck/schema";

export type TEditContext = {
  /** The slide being edited, as the editor sent it (maybe unsaved). */
  slide: TSlide;
  /** The stored deck: title, language, template and theme for context. */
  deck: TDeck;
  /** The slide's 0-based place in the stored deck; -1 for a slide added in the editor and not saved yet. */
  index: number;
  /** The deck's other slides (the stored ones with another id), in order. */
  others: TSlide[];
};

/** The edit context of `slide` within the stored `deck`. */
export function buildEditContext(deck: TDeck, slide: TSlide): TEditContext {
  return {
    slide,
    deck,
    index: deck.slides.findIndex((s) => s.id === slide.id),
    others: deck.slides.filter((s) => s.id !== slide.id),
  };
}
