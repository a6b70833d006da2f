/**
 * Inputs and structured outputs of the MCP tools that have no REST twin to borrow them from.
 * generate_presentation takes the fields of POST /api/v1/ppt/presentation/generate; the others
 * build on the REST schemas of the operation they call.
 */
import { z } from "zod";
import { ZPresentationDetail } from "@/lib/api/openapi/response-schemas";
import { ZAiEditRequest, ZAiEditResponse } from "@/lib/api/schemas/ai-edit";
import { ZCustomTemplateSummary } from "@/lib/api/schemas/brand-templates";
import { GENERATE_PRESENTATION_FIELDS, requireSource } from "@/lib/api/schemas/generate";
import { ZExportPresentationRequest, ZExportPresentationResponse } from "@/lib/api/schemas/presentations";
import { ZThemeSummary } from "@/lib/api/schemas/templates";
import { IDEMPOTENCY_KEY_PATTERN } from "@/lib/idempotency/with-idempotency";
import { ZOutlineSlide } from "./deck-outline";

/** generate_presentation: the fields of POST /api/v1/ppt/presentation/generate, and the idempotency key its header carries there. */
export const ZGeneratePresentationInput = z
  .strictObject({
    ...GENERATE_PRESENTATION_FIELDS,
    idempotency_key: z
      .string()
      .regex(IDEMPOTENCY_KEY_PATTERN, "Use 1 to 255 visible ASCII characters (no spaces), e.g. a UUID.")
      .optional()
      .describe(
        "Makes a repeated call safe: the same key with the same arguments within 24 hours answers the deck the first call queued, charged once.",
      ),
  })
  .superRefine(requireSource);

const ZPresentationId = z
  .uuid()
  .describe("The presentation's id, as generate_presentation answered it (`presentation_id`).");

export const ZGetPresentationInput = z.strictObject({ presentation_id: ZPresentationId });

/** get_presentation: the stored presentation without its Deck document, its slides listed instead. */
export const ZPresentationOverview = ZPresentationDetail.omit({ deck: true }).extend({
  language: z.string(),
  template: z.string(),
  theme: z.string(),
  outline_uri: z.string().describe("The MCP resource with every slide's text (markdown and JSON)."),
  slides: z.array(ZOutlineSlide.pick({ number: true, id: true, layout: true, title: true })),
});
export type TPresentationOverview = z.infer<typeof ZPresentationOverview>;

export const ZExportPresentationInput = ZExportPresentationRequest.extend({
  presentation_id: ZPresentationId,
});

export const ZExportPresentationOutput = ZExportPresentationResponse.extend({
  presentation_id: z.uuid(),
});

export const ZEditSlideInput = z.strictObject({
  presentation_id: ZPresentationId,
  slide: z
    .union([z.number().int().min(1), z.string().min(1).max(64)])
    .describe(
      "The slide to rewrite: its number in the deck (1 = first, as get_presentation lists them) or its id.",
    ),
  prompt: ZAiEditRequest.shape.prompt,
  apply: z
    .boolean()
    .default(true)
    .describe(
      "Save the rewrite as the deck's next version (true, the default: later exports show it), or only answer the proposal (false, as the editor's AI box does before Accept). Charged either way.",
    ),
});

export const ZEditSlideOutput = ZAiEditResponse.extend({
  presentation_id: z.uuid(),
  applied: z.boolean().describe("Whether the proposal was saved into the deck."),
  version: z
    .number()
    .int()
    .min(1)
    .describe("The deck's version now: the new one when applied, else the one the proposal is based on."),
  slide_count: z.number().int().min(0).describe("Slides in the deck now."),
});
export type TEditSlideOutput = z.infer<typeof ZEditSlideOutput>;

/** list_templates: what generate_presentation's `template` and `theme` take, without content schemas. */
export const ZTemplatesOverview = z.object({
  templates: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      layouts: z.array(z.string()).describe("Layout ids the template draws."),
    }),
  ),
  layouts: z.array(
    z.object({
      id: z.string(),
      description: z.string(),
      requires: z.array(z.string()).describe("Content fields a slide of this layout must have."),
    }),
  ),
  themes: z.array(ZThemeSummary),
  custom_templates: z
    .array(ZCustomTemplateSummary)
    .describe(
      "The account's uploaded brand templates, as GET /api/v1/ppt/templates lists them: pass a `template` (`custom-<id>`) as generate_presentation's `template`; they draw the same layouts.",
    ),
});
export type TTemplatesOverview = z.infer<typeof ZTemplatesOverview>;
