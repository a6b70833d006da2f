import type { TDeck } from "@/lib/deck/schema";
import { getCreditSettings, type TCreditRules } from "./credit-settings";

export type TChargedWork = {
  /** Pictures an image model generated for the deck. */
  aiImages: number;
  /** Pages of uploaded PDFs and slides of uploaded PPTX files the generation read. */
  documentPages: number;
};

/**
 * The credits a finished generation costs by the rule table: every slide of the delivered deck,
 * every AI-generated picture, every document page read. What settleCredits charges and the
 * response reports as credits_consumed.
 */
export function creditsFor(
  deck: Pick<TDeck, "slides">,
  work: TChargedWork,
  rules: TCreditRules = getCreditSettings().rules,
): number {
  return (
    deck.slides.length * rules.perSlide +
    count(work.aiImages) * rules.perAiImage +
    count(work.documentPages) * rules.perDocumentPage
  );
}

function count(n: number): number {
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}
