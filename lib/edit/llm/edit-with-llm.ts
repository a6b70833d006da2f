/**
 * An AI edit through the configured LLM: one structured call answering the edited slide's new
 * version (and any slides the request adds) as {layout, content, notes}, validated against each
 * layout's content schema and needs; an invalid answer is asked again with the problem named
 * (LLM_MAX_RETRIES). When the answers stay invalid for their layouts, the last one that parsed is
 * repaired — a slide missing its layout's data becomes a bullets slide (or a section divider) of
 * its own text — and a warning says so; when no answer ever parsed, the edit fails with 503.
 * Provider failures are ProviderUnavailableError (503) too.
 */
import "server-only";
import { z } from "zod";
import { layoutContentSchema, ZSlideContentInput } from "@/lib/deck/layout-content";
import { type TImage, type TSlideContent, ZLayoutId } from "@/lib/deck/schema";
import { ProviderUnavailableError } from "@/lib/generate/errors";
import { generateStructured, type TLlmRuntime } from "@/lib/generate/llm/generate-structured";
import { modelJsonSchema } from "@/lib/generate/llm/model-json-schema";
import type { TEditContext } from "../edit-context";
import { MAX_PROPOSAL_SLIDES } from "../finish-slides";
import { slideLines } from "../offline/read-slide";
import type { TSlideDraft } from "../offline/types";
import { slideProblems } from "../slide-problems";
import { EDIT_INSTRUCTIONS, editPrompt } from "./edit-prompt";

const ZAnswerSlide = z.object({
  layout: ZLayoutId.describe("The slide's layout"),
  content: ZSlideContentInput.describe("The slide's content: the fields its layout draws"),
  notes: z
    .string()
    .max(20_000)
    .optional()
    .describe("Speaker notes; leave out to keep the edited slide's notes"),
});
type TAnswerSlide = z.infer<typeof ZAnswerSlide>;

const ZAnswer = z.object({
  summary: z.string().trim().min(1).max(500).describe("One sentence saying what was changed"),
  slides: z
    .array(ZAnswerSlide)
    .min(1)
    .max(MAX_PROPOSAL_SLIDES)
    .describe("The edited slide first, then any slides the request adds"),
});
type TAnswer = z.infer<typeof ZAnswer>;

/** The model's proposal. */
export type TLlmEdit = { slides: TSlideDraft[]; summary: string; warnings: string[] };

/** Asks the model for the edit; throws ProviderUnavailableError when it fails or never answers validly. */
export async function editWithLlm(
  runtime: TLlmRuntime,
  prompt: string,
  ctx: TEditContext,
): Promise<TLlmEdit> {
  const result = await generateStructured(runtime, {
    what: "the slide edit",
    name: "slide_edit",
    description: "The edited slide, and any slides the request adds after it.",
    schema: ZAnswer,
    jsonSchema: modelJsonSchema(ZAnswer),
    instructions: EDIT_INSTRUCTIONS,
    prompt: ({ schemaText, problem }) => editPrompt(prompt, ctx, schemaText, problem),
    check: (answer) => answerProblem(answer),
  });
  if (result.ok) return { slides: toDrafts(result.value, ctx), summary: result.value.summary, warnings: [] };
  const { config } = runtime;
  if (!result.lastValid)
    throw new ProviderUnavailableError(
      config.provider,
      `The ${config.provider} model "${config.model}" returned no valid slide edit in ${result.attempts} attempts: ${result.problem}.`,
    );
  return repair(result.lastValid, ctx, `${result.attempts} attempts (${result.problem})`, config.provider);
}

/** Why an answer that parsed cannot be drawn: a slide missing its layout's data, or an empty slide. */
function answerProblem(answer: TAnswer): string | null {
  const problems = answer.slides.flatMap((slide, i) => {
    const missing = slideProblems(slide.layout, slide.content as TSlideContent);
    if (missing.length) return missing.map((p) => `slides.${i}: ${p.message.replace(/\.$/, "")}`);
    const parsed = layoutContentSchema(slide.layout).safeParse(slide.content);
    if (!parsed.success)
      return parsed.error.issues
        .slice(0, 3)
        .map((issue) => `slides.${i}.content.${issue.path.join(".")}: ${issue.message}`);
    return Object.keys(parsed.data).length === 0 ? [`slides.${i} has no content`] : [];
  });
  return problems.length ? problems.slice(0, 5).join("; ") : null;
}

/** The answer's slides as drafts: the first keeps the edited slide's id, notes and stored picture. */
function toDrafts(answer: TAnswer, ctx: TEditContext): TSlideDraft[] {
  return answer.slides.map((slide, i) => {
    const content = layoutContentSchema(slide.layout).parse(slide.content) as TSlideContent;
    return draftOf(slide, content, i === 0, ctx);
  });
}

function draftOf(
  slide: TAnswerSlide,
  content: TSlideContent,
  edited: boolean,
  ctx: TEditContext,
): TSlideDraft {
  const withPicture = content.image ? { ...content, image: keepStored(content.image, ctx) } : content;
  const notes = slide.notes ?? (edited ? ctx.slide.notes : undefined);
  return {
    ...(edited ? { id: ctx.slide.id } : {}),
    layout: slide.layout,
    content: withPicture,
    ...(notes?.trim() ? { notes } : {}),
  };
}

/**
 * The edited slide's stored picture when the model kept its image (the same query, or none): the
 * model sees only query and alt, so it cannot hand back the asset itself.
 */
function keepStored(image: TImage, ctx: TEditContext): TImage {
  const old = ctx.slide.content.image;
  if (!old?.asset) return image;
  if (image.query !== undefined && image.query !== old.query) return image;
  return { ...old, ...(image.alt ? { alt: image.alt } : {}) };
}

/**
 * The last answer that parsed, with each slide its layout cannot draw rebuilt from its own text:
 * as bullets when it has lines, as a section divider when it has only a title. A new slide with
 * no text is dropped; an edited slide with none fails the edit.
 */
function repair(answer: TAnswer, ctx: TEditContext, why: string, provider: string): TLlmEdit {
  const warnings: string[] = [];
  const drafts: TSlideDraft[] = [];
  answer.slides.forEach((slide, i) => {
    const parsed = layoutContentSchema(slide.layout).safeParse(slide.content);
    if (parsed.success && slideProblems(slide.layout, parsed.data as TSlideContent).length === 0) {
      drafts.push(draftOf(slide, parsed.data as TSlideContent, i === 0, ctx));
      return;
    }
    const c = slide.content as TSlideContent;
    const lines = slideLines(c);
    const fixed: TAnswerSlide | null = lines.length
      ? {
          ...slide,
          layout: "bullets",
          content: { ...pick(c), bullets: lines.slice(0, 30) },
        }
      : c.title?.trim()
        ? {
            ...slide,
            layout: "section",
            content: { title: c.title, ...(c.body ? { subtitle: c.body } : {}) },
          }
        : null;
    const which = i === 0 ? "the edited slide" : `new slide ${i}`;
    if (!fixed) {
      if (i === 0)
        throw new ProviderUnavailableError(
          provider,
          `The model's answer for the edited slide stayed invalid after ${why} and holds no text to show.`,
        );
      warnings.push(`The model's ${which} had no usable content and was left out.`);
      return;
    }
    warnings.push(
      `The model's answer stayed invalid after ${why}; ${which} is shown as a ${fixed.layout} slide instead of "${slide.layout}".`,
    );
    drafts.push(draftOf(fixed, fixed.content as TSlideContent, i === 0, ctx));
  });
  return { slides: drafts, summary: answer.summary, warnings };
}

function pick(c: TSlideContent): TSlideContent {
  return { ...(c.title ? { title: c.title } : {}), ...(c.body ? { body: c.body } : {}) };
}
