/**
 * Outline → slides through the model. The layout of each content slide is chosen from its shape
 * by chooseLayout (deterministic, varied, and the same rules the offline deck follows); the model
 * then writes that layout's content as JSON validated against the layout's schema. Slides are
 * written concurrently (LLM_CONCURRENCY). A slide whose answer stays invalid gets the outline's
 * own content through chooseLayout, and a warning names it; a provider failure names it too.
 * The title slide's words are written by the model too (in the requested language); its place,
 * the agenda and the closing slide come from writeDeckSlides, as for every provider.
 */
import { z } from "zod";
import { layoutContentSchema, missingContent } from "@/lib/deck/layout-content";
import type { TLayoutId, TSlide, TSlideContent } from "@/lib/deck/schema";
import { resolveLanguage } from "../phrases";
import { resolveDeckTitle } from "../resolve-deck-title";
import type { TGenerationWarning, TOutlineSlide, TWriteOptions } from "../types";
import { planContentSlides, type TContentSlide, writeDeckSlides } from "../write-deck-slides";
import { generateStructured, type TLlmRuntime } from "./generate-structured";
import { mapWithConcurrency } from "./map-with-concurrency";
import { modelJsonSchema } from "./model-json-schema";
import { slidePrompt } from "./slide-prompt";
import { type TCover, writeCover } from "./write-cover";

// Fields that are decoration, not content: a slide with only these is empty.
const DECORATION = new Set(["title", "subtitle", "image", "icon"]);

/** The deck's slides and what the caller should be told about them. */
export type TLlmSlides = { slides: TSlide[]; warnings: TGenerationWarning[] };

/** Writes every slide of the deck; content slides through the model, concurrently. */
export async function writeLlmSlides(
  runtime: TLlmRuntime,
  outline: readonly TOutlineSlide[],
  opts: TWriteOptions,
  /** The cover the outline call already wrote; absent → one more call writes it. */
  prior?: { cover?: TCover },
): Promise<TLlmSlides> {
  const replaced: TGenerationWarning[] = [];
  const planned = planContentSlides(outline, (index, asked, used, why) =>
    replaced.push({
      code: "layout_replaced",
      message: `Content slide ${index + 1} ("${clip(outline[index].title)}") was given the '${asked}' layout, which its content cannot fill (${why.replace(/\.$/, "")}); it uses '${used}'.`,
    }),
  );
  const place = {
    deckTitle: prior?.cover?.title ?? resolveDeckTitle(outline, opts).title,
    titles: outline.map((s) => s.title),
  };
  const written: TContentSlide[] = [...planned];
  const repairs: (TGenerationWarning | undefined)[] = [];
  let cover: TCover | undefined = prior?.cover;
  // Aborted by the first failure (the other calls stop) or by the caller's signal (a cancelled task).
  const abort = new AbortController();
  const stop = () => abort.abort(opts.signal?.reason);
  if (opts.signal?.aborted) stop();
  else opts.signal?.addEventListener("abort", stop, { once: true });

  let done = 0;
  const writeSlide = async (index: number) => {
    await writeContentSlide(index);
    done += 1;
    opts.onSlideWritten?.(done, outline.length);
  };
  const writeContentSlide = async (index: number) => {
    const slide = outline[index];
    const plan = planned[index];
    if (!needsModel(slide, plan.layout)) return;
    const what = `content slide ${index + 1} ("${clip(slide.title)}")`;
    const schema = slideSchema(plan.layout);
    const result = await generateStructured(runtime, {
      what,
      name: `slide_${plan.layout.replace(/-/g, "_")}`,
      description: `The content of one "${plan.layout}" slide.`,
      schema,
      jsonSchema: modelJsonSchema(schema),
      instructions:
        "You are an expert presentation writer. You write the content of one slide for a given layout. You answer with JSON only.",
      prompt: ({ schemaText, problem }) =>
        slidePrompt(slide, plan.layout, { ...place, index }, opts, schemaText, problem),
      check: (content) => emptiness(plan.layout, content),
      signal: abort.signal,
    });
    if (result.ok) written[index] = { layout: plan.layout, content: result.value };
    else
      repairs[index + 1] = {
        code: "slide_repaired",
        message: `The model's answer for ${what} stayed invalid after ${result.attempts} attempts (${result.problem}); the slide shows the outline's own text.`,
      };
  };
  const writeTitleSlide = async () => {
    const result = await writeCover(runtime, outline, opts, abort.signal);
    cover = result.cover;
    repairs[0] = result.warning;
  };

  // The cover first: it runs alongside the first content slides instead of after the last.
  const tasks = [
    ...(opts.include_title_slide && !cover ? [writeTitleSlide] : []),
    ...outline.map((_, i) => () => writeSlide(i)),
  ];
  await mapWithConcurrency(tasks, runtime.config.concurrency, (task) => task(), abort);

  const slides = writeDeckSlides(outline, opts, { written, cover });
  const warnings = [...replaced, ...repairs.filter((w): w is TGenerationWarning => w !== undefined)];
  const fixedWords = slides.some((s) => s.layout === "agenda" || s.layout === "closing");
  if (fixedWords && resolveLanguage(opts.language) === null)
    warnings.push({
      code: "translation_unavailable",
      message: `The slides are written in ${opts.language}, but the agenda and closing slides' fixed words ("Agenda", "Thank you") are in English: those words exist for a fixed set of languages only.`,
    });
  return { slides, warnings };
}

/**
 * Slides the model writes: not a bare section divider, and not a table or quotation the source
 * gave — that data is shown as given rather than retyped by a model.
 */
function needsModel(slide: TOutlineSlide, layout: TLayoutId): boolean {
  return layout !== "section" && !slide.table && !slide.quote;
}

/** The layout's content schema with a required, non-blank title. */
function slideSchema(layout: TLayoutId) {
  return layoutContentSchema(layout).extend({
    title: z.string().trim().min(1).max(300).describe("The slide title"),
  }) as unknown as z.ZodType<TSlideContent>;
}

/** Why a schema-valid answer is still unusable: a required field empty, or nothing but a title. */
function emptiness(layout: TLayoutId, content: TSlideContent): string | null {
  const missing = missingContent(layout, content);
  if (missing.length) return missing.map((m) => m.message).join(" ");
  const hasContent = Object.entries(content).some(([k, v]) => !DECORATION.has(k) && filled(v));
  return hasContent ? null : "the slide has a title but no content";
}

function filled(value: unknown): boolean {
  if (typeof value === "string") return value.trim().length > 0;
  if (typeof value === "number") return true;
  if (Array.isArray(value)) return value.some(filled);
  if (value && typeof value === "object") return Object.values(value).some(filled);
  return false;
}

function clip(title: string): string {
  return title.length > 60 ? `${title.slice(0, 59)}…` : title;
}
