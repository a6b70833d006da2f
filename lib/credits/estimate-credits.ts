import type {
  TCreateFromJsonRequest,
  TGenerateFromSlidesRequest,
  TGeneratePresentationRequest,
} from "@/lib/api/schemas/generate";
import { frameSize, requestFrame } from "@/lib/generate/frame-slides";
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
 * generate_presentation: n_slides, the deck's slides with its title slide, agenda and closing
 * slide counted inside them (the frame fitted as the generation fits it); with slides_markdown,
 * one slide per item plus that frame. With image_type "ai-generated" every content slide may get
 * a generated picture; and the uploaded files' pages. Outline slides and JSON slides: one each.
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
  const { frame, contentSlides } = requestFrame(input);
  const framing = frameSize(frame);
  const aiImages = input.image_type === "ai-generated" ? contentSlides : 0;
  const pages = Math.max(0, Math.floor(context.documentPages ?? 0));
  return (
    (contentSlides + framing) * rules.perSlide + aiImages * rules.perAiImage + pages * rules.perDocumentPage
  );
}
