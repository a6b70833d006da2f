import { z } from "zod";
import { missingContent, ZSlideContentInput } from "@/lib/deck/layout-content";
import { LAYOUT_IDS, ZColumn } from "@/lib/deck/schema";
import {
  LIMITS,
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

/** Uploaded documents to read, by the references POST /api/v1/ppt/files/upload answered. */
const ZFileRefs = z
  .array(z.string().min(1).max(100))
  .max(LIMITS.maxFiles)
  .optional()
  .describe("References returned by POST /api/v1/ppt/files/upload; their text joins `content`.");

/** POST /api/v1/ppt/presentation/generate (and its /async twin). */
export const ZGeneratePresentationRequest = z
  .strictObject({
    content: ZContent.default("").describe(
      "The source text. Required unless files or slides_markdown are given.",
    ),
    slides_markdown: z
      .array(z.string().trim().min(1).max(20_000))
      .min(1)
      .max(LIMITS.maxSlides)
      .optional()
      .describe("One markdown string per slide; used as the outline instead of generating one."),
    instructions: ZInstructions.optional(),
    tone: ZTone.default("default"),
    verbosity: ZVerbosity.default("standard"),
    web_search: z.boolean().default(false),
    image_type: z.enum(["stock", "ai-generated"]).default("stock"),
    theme: ZTheme.default("light"),
    n_slides: ZNSlides.default(8).describe("Content slides to generate (title and agenda slides are extra)."),
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
  })
  .superRefine((value, ctx) => {
    if (!value.slides_markdown && !value.files?.length && value.content.trim() === "") {
      ctx.addIssue({ code: "custom", path: ["content"], message: "Give content, files or slides_markdown." });
    }
  });
export type TGeneratePresentationRequest = z.infer<typeof ZGeneratePresentationRequest>;

/** POST /api/v3/presentation/outlines/generate */
export const ZGenerateOutlinesRequest = z
  .strictObject({
    content: ZContent.default(""),
    files: ZFileRefs,
    n_slides: ZNSlides.default(8),
    language: ZLanguage.default("English"),
    tone: ZTone.default("default"),
    verbosity: ZVerbosity.default("standard"),
    instructions: ZInstructions.optional(),
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
  theme: ZTheme.default("light"),
  language: ZLanguage.default("English"),
  title: z.string().trim().min(1).max(500).optional(),
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
    layout: ZLayout,
    content: ZSlideContentInput.extend({ columns: z.array(ZColumn).max(2).optional() }).strict(),
    notes: z.string().max(20_000).optional(),
  })
  .superRefine((slide, ctx) => {
    // Zod runs this even when `layout` failed its own (non-aborting) check; an unknown layout has
    // no required fields to look up, and its issue is already reported.
    if (!(LAYOUT_IDS as readonly string[]).includes(slide.layout)) return;
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
  title: z.string().trim().min(1).max(500).optional(),
  author: z.string().trim().max(200).optional(),
  template: ZTemplate.default("general"),
  theme: ZTheme.default("light"),
  language: ZLanguage.default("English"),
  slides: z.array(ZJsonSlide).min(1).max(LIMITS.maxSlides),
  export_as: ZExportAs.default("pptx"),
  markdown_emphasis: z.boolean().default(true),
});
export type TCreateFromJsonRequest = z.infer<typeof ZCreateFromJsonRequest>;
