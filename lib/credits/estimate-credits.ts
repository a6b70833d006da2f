import type {
  TCreateFromJsonRequest,
  TGenerateFromSlidesRequest,
  TGeneratePresentationRequest,
} from "@/lib/api/schemas/generate";
import { interpretInstructions } from "@/lib/generate/offline/interpret-instructions";
import { getCreditSettings, type TCreditRules } from "./credit-settings";

/** The request fields each kind of generation is priced from (parsed requests, defaults applied). */
export type TEstimateRequests = {
  generate_presentation: Pick<
    TGeneratePresentationRequest,
    | "n_slides"
    | "slides_markdown"
    | "include_title_slide"
    | "include_table_of_contents"
    | "instructions"
    | "image_type"
  >;
  generate_from_slides: Pick<TGenerateFromSlidesRequest, "slides">;
  create_from_json: Pick<TCreateFromJsonRequest, "slides">;
};
export type TEstimateKind = keyof TEstimateRequests;

export type TEstimateContext = {
  /** Pages of the request's uploaded files (countDocumentPages); 0 when it has none. */
  documentPages?: number;
  rules?: TCreditRules;
};

/**
 * An upper bound of what a generation will cost, known before any work, to reserve up front.
 * generate_presentation: the content slides (n_slides, or one per slides_markdown item) plus the
 * title slide, the agenda and the closing slide whenever the request or its instructions ask for
 * them — decided by the same instruction rules the deck framing uses (a summary or next-steps
 * slide counts inside n_slides); with image_type "ai-generated" every content slide may get a
 * generated picture; and the uploaded files' pages. Outline slides and JSON slides: one each.
 */
export function estimateCredits<K extends TEstimateKind>(
  kind: K,
  request: TEstimateRequests[K],
  context: TEstimateContext = {},
): number {
  const rules = context.rules ?? getCreditSettings().rules;
  if (kind !== "generate_presentation") {
    const { slides } = request as TEstimateRequests["generate_from_slides" | "create_from_json"];
    return slides.length * rules.perSlide;
  }
  const input = request as TEstimateRequests["generate_presentation"];
  const plan = interpretInstructions(input.instructions);
  const contentSlides = input.slides_markdown?.length ?? input.n_slides;
  const framing =
    Number(input.include_title_slide) +
    Number((input.include_table_of_contents && !plan.noAgenda) || plan.agenda) +
    Number(plan.closing);
  const aiImages = input.image_type === "ai-generated" ? contentSlides : 0;
  const pages = Math.max(0, Math.floor(context.documentPages ?? 0));
  return (
    (contentSlides + framing) * rules.perSlide + aiImages * rules.perAiImage + pages * rules.perDocumentPage
  );
}
