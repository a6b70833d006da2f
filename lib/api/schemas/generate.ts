import { z } from "zod";
import { missingContent, ZSlideContentInput } from "@/lib/deck/layout-content";
import { layoutForContent } from "@/lib/deck/layout-for-content";
import { LAYOUT_IDS, ZColumn, ZImage } from "@/lib/deck/schema";
import {
  LIMITS,
  nullOrDefault,
  nullOrOmitted,
  ZExportAs,
  ZLanguage,
  ZLayout,
  ZNSlides,
  ZTemplate,
  ZTheme,
  ZTone,
  ZVerbosity,
} from "./common";

const ZContent = z.string().max(LIMITS.maxContentChars, `At most ${LIMITS.maxContentChars} characters.`);
const ZInstructions = z.string().max(LIMITS.maxInstructionsChars);

const ZFileId = z.string().min(1).max(100);

/**
 * One uploaded document: its id, or the object POST /api/v1/ppt/files/upload answered for it, as
 * it came back (clients of the peer product pass the upload's answer straight on); only `id` is read.
 */
const ZFileRef = z
  .union([
    ZFileId,
    z
      .looseObject({ id: ZFileId })
      .describe("An object of the upload's answer, as it came back; its other members are not read."),
  ])
  .transform((ref) => (typeof ref === "string" ? ref : ref.id));

/** Uploaded documents to read, by the references POST /api/v1/ppt/files/upload answered. */
const ZFileRefs = nullOrOmitted(z.array(ZFileRef).max(LIMITS.maxFiles)).describe(
  "Uploaded documents whose text joins `content`: the `id`s POST /api/v1/ppt/files/upload answered, or the objects it answered, as they came back. null = none.",
);

/** The fields of POST /api/v1/ppt/presentation/generate, which MCP's generate_presentation also takes. */
export const GENERATE_PRESENTATION_FIELDS = {
  content: nullOrDefault(ZContent, "").describe(
    "The source text. Required unless files or slides_markdown are given. null = not given.",
  ),
  slides_markdown: nullOrOmitted(
    z.array(z.string().trim().min(1).max(20_000)).min(1).max(LIMITS.maxSlides),
  ).describe(
    "One markdown string per content slide; used as the outline instead of generating one (the deck has these slides plus the title slide and agenda when asked; n_slides is not read). null = not given.",
  ),
  instructions: nullOrOmitted(ZInstructions).describe("Free-text wishes for the deck. null = none."),
  tone: ZTone.default("default"),
  verbosity: ZVerbosity.default("standard"),
  web_search: z.boolean().default(false),
  image_type: z.enum(["stock", "ai-generated"]).default("stock"),
  theme: nullOrDefault(ZTheme, "light").describe(
    "A theme id (GET /api/v1/ppt/templates). null = the default.",
  ),
  n_slides: ZNSlides.default(8).describe(
    "Slides the deck has, the title slide, agenda and any closing slide included (a deck too short for its frame keeps one content slide and leaves out closing, agenda, then title slide, with a warning).",
  ),
  language: ZLanguage.default("English"),
  template: ZTemplate.default("general"),
  include_table_of_contents: z.boolean().default(false),
  include_title_slide: z.boolean().default(true),
  files: ZFileRefs,
  export_as: ZExportAs.default("pptx"),
  trigger_webhook: z
    .boolean()
    .default(false)
    .describe("Send presentation.generation.completed / .failed to the account's webhook subscriptions."),
  markdown_emphasis: z.boolean().default(true),
  allow_access_to_user_info: z
    .boolean()
    .default(true)
    .describe(
      "true: the generator may use what the account knows of its owner — the account's name is the deck's author, shown on the title slide, written to the PPTX's creator and last-modified-by and the PDF's Author, and named in the prompts an LLM provider is sent. false: no name, email or other account detail reaches the deck, its files' metadata or any prompt (the files name 'Deckforge' as their author).",
    ),
};

/** A generation needs something to read: content, files or slides_markdown. */
export function requireSource(
  value: { content: string; files?: unknown[] | null; slides_markdown?: string[] | null },
  ctx: z.RefinementCtx,
): void {
  if (!value.slides_markdown && !value.files?.length && value.content.trim() === "") {
    ctx.addIssue({ code: "custom", path: ["content"], message: "Give content, files or slides_markdown." });
  }
}

/** POST /api/v1/ppt/presentation/generate (and its /async twin). */
export const ZGeneratePresentationRequest = z
  .strictObject(GENERATE_PRESENTATION_FIELDS)
  .superRefine(requireSource);
export type TGeneratePresentationRequest = z.infer<typeof ZGeneratePresentationRequest>;

/** POST /api/v3/presentation/outlines/generate */
export const ZGenerateOutlinesRequest = z
  .strictObject({
    content: nullOrDefault(ZContent, "").describe("The source text. null = not given."),
    files: ZFileRefs,
    n_slides: ZNSlides.default(8).describe(
      "Outlines to write: one per content slide, no cover among them (the outline step of the web app asks for one less than the deck's slide count and adds the cover itself). POST /api/v3/presentation/generate then makes exactly one slide per outline item sent, a cover too when sent first with layout `title`: the slides charged are the slides sent.",
    ),
    language: ZLanguage.default("English"),
    tone: ZTone.default("default"),
    verbosity: ZVerbosity.default("standard"),
    instructions: nullOrOmitted(ZInstructions).describe("Free-text wishes for the outline. null = none."),
  })
  .superRefine((value, ctx) => {
    if (!value.files?.length && value.content.trim() === "")
      ctx.addIssue({ code: "custom", path: ["content"], message: "Give some content or files to outline." });
  });
export type TGenerateOutlinesRequest = z.infer<typeof ZGenerateOutlinesRequest>;

/** POST /api/v3/presentation/generate (and /async): one slide per item, from reviewed outlines. */
export const ZGenerateFromSlidesRequest = z.strictObject({
  slides: z
    .array(
      z.strictObject({
        content: z.string().trim().min(1, "A slide needs content.").max(20_000),
        layout: ZLayout.nullable().default(null).describe("A layout id, or null to choose from the content."),
      }),
    )
    .min(1)
    .max(LIMITS.maxSlides),
  standard_template: ZTemplate.default("general"),
  theme: nullOrDefault(ZTheme, "light").describe("A theme id. null = the default."),
  language: ZLanguage.default("English"),
  title: nullOrOmitted(z.string().trim().min(1).max(500)).describe(
    "The deck's title; null or left out = the first slide's title.",
  ),
  export_as: ZExportAs.default("pptx"),
  markdown_emphasis: z.boolean().default(true),
  trigger_webhook: z
    .boolean()
    .default(false)
    .describe("Send presentation.generation.completed / .failed to the account's webhook subscriptions."),
});
export type TGenerateFromSlidesRequest = z.infer<typeof ZGenerateFromSlidesRequest>;

/**
 * A slide of POST /api/v1/ppt/presentation/create/from-json: a layout and structured content with
 * the fields that layout needs (lib/deck/layout-content.ts).
 */
export const ZJsonSlide = z
  .strictObject({
    layout: nullOrOmitted(ZLayout).describe(
      "A layout id, or null / left out to choose one from the content's shape (a chart → chart, a table → table, metrics, timeline, items → icons-grid, a quote, columns → two-column, a picture → image-right, bullets or body → bullets; a slide with only a title is the cover when first, else a section).",
    ),
    content: ZSlideContentInput.extend({
      columns: z.array(ZColumn).max(2).optional(),
      image: ZImage.pick({ query: true, alt: true, fit: true, focus: true, crop: true, asset: true })
        .extend({
          asset: ZImage.shape.asset.describe(
            "A picture this account stored, by the `asset` POST /api/v1/ppt/images/upload or the picture search answered (`assets/<sha256>.jpg|png`); drawn instead of a picture found from `query`. A key this account has no picture for is a 422 naming the slide, whether or not such a file exists.",
          ),
        })
        .strict()
        .optional(),
    }).strict(),
    notes: nullOrOmitted(z.string().max(20_000)),
  })
  .superRefine((slide, ctx) => {
    // Zod runs this even when `layout` failed its own (non-aborting) check; an unknown layout has
    // no required fields to look up, and its issue is already reported. A chosen layout fits.
    if (slide.layout === undefined || !(LAYOUT_IDS as readonly string[]).includes(slide.layout)) return;
    for (const { field, message } of missingContent(slide.layout, slide.content)) {
      ctx.addIssue({ code: "custom", path: ["content", field], message });
    }
    if (slide.layout === "comparison" && slide.content.columns && slide.content.columns.length !== 2) {
      ctx.addIssue({
        code: "custom",
        path: ["content", "columns"],
        message: "A comparison needs exactly two columns.",
      });
    }
  });

export const ZCreateFromJsonRequest = z.strictObject({
  title: nullOrOmitted(z.string().trim().min(1).max(500)),
  author: nullOrOmitted(z.string().trim().max(200)),
  template: ZTemplate.default("general"),
  theme: nullOrDefault(ZTheme, "light"),
  language: ZLanguage.default("English"),
  slides: z
    .array(ZJsonSlide)
    .min(1)
    .max(LIMITS.maxSlides)
    // A slide without a layout gets the one its content fits, chosen here so the stored request
    // (an async task's input, parsed again) names it.
    .transform((slides) =>
      slides.map((slide, i) => ({
        ...slide,
        layout: slide.layout ?? layoutForContent(slide.content, i),
      })),
    ),
  export_as: ZExportAs.default("pptx"),
  markdown_emphasis: z.boolean().default(true),
});
export type TCreateFromJsonRequest = z.infer<typeof ZCreateFromJsonRequest>;
