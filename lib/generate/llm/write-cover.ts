/**
 * The cover (title slide) through the model, so its title and subtitle are in the requested
 * language rather than lifted from the source. A title the caller asked for (the `title` option
 * or "titled '…'" in the instructions) is kept; the model then writes only the subtitle.
 */
import { z } from "zod";
import { interpretInstructions } from "../offline/interpret-instructions";
import { resolveDeckTitle } from "../resolve-deck-title";
import type { TGenerateOptions, TGenerationWarning, TOutlineSlide, TWriteOptions } from "../types";
import { generateStructured, type TLlmRuntime } from "./generate-structured";
import { modelJsonSchema } from "./model-json-schema";
import { writingRules } from "./writing-guidance";

const ZCover = z.object({
  title: z.string().trim().min(1).max(200).describe("The presentation's title, at most 8 words"),
  subtitle: z.string().trim().max(300).optional().describe("One line under the title"),
});

// The start of the source is enough to sense what the deck is for.
const SOURCE_GLIMPSE = 1500;

/** A title slide's words. */
export type TCover = { title: string; subtitle?: string };

/** The title the caller asked for: the `title` option, or "titled '…'" in the instructions. */
export function askedTitle(opts: TGenerateOptions & { title?: string }): string | undefined {
  return opts.title?.trim() || interpretInstructions(opts.instructions).title || undefined;
}

/**
 * The cover's title and subtitle, and a warning when the model's answer stayed invalid. Used
 * when the outline did not come from the model (a reviewed outline), or its answer had no title.
 */
export async function writeCover(
  runtime: TLlmRuntime,
  outline: readonly TOutlineSlide[],
  opts: TWriteOptions,
  signal: AbortSignal,
): Promise<{ cover: TCover; warning?: TGenerationWarning }> {
  const asked = askedTitle(opts);
  const result = await generateStructured(runtime, {
    what: "the title slide",
    name: "cover",
    description: "The title slide of a presentation.",
    schema: ZCover,
    jsonSchema: modelJsonSchema(ZCover),
    instructions:
      "You are an expert presentation writer. You write the title slide of a deck. You answer with JSON only.",
    prompt: ({ schemaText, problem }) => {
      const lines = [
        asked
          ? `The presentation is titled "${asked}". Write its subtitle: one line that says what the audience will get; repeat the title as "title".`
          : 'Write the title slide of this presentation: a "title" of at most 8 words and a one-line "subtitle".',
        ...writingRules(opts),
        `The deck's content slides: ${outline.map((s, i) => `${i + 1}. ${s.title}`).join(" | ")}`,
        schemaText
          ? `Answer with one JSON object matching this JSON Schema: ${schemaText}`
          : "Answer with one JSON object.",
      ];
      if (problem) lines.push(`Your previous answer was rejected: ${problem}. Answer again, correctly.`);
      const glimpse = opts.content.trim().slice(0, SOURCE_GLIMPSE);
      if (glimpse) lines.push("", "<source_start>", glimpse, "</source_start>");
      return lines.join("\n");
    },
    signal,
  });
  if (result.ok) {
    const { title, subtitle } = result.value;
    return { cover: { title: asked || title, ...(subtitle ? { subtitle } : {}) } };
  }
  return {
    cover: resolveDeckTitle(outline, opts),
    warning: {
      code: "slide_repaired",
      message: `The model's answer for the title slide stayed invalid after ${result.attempts} attempts (${result.problem}); the title was taken from the content.`,
    },
  };
}
