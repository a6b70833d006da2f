/**
 * The LLM outline: one structured call for exactly n_slides content slides {title, bullets,
 * notes}, plus the deck's title and subtitle for the cover (in the requested language, and
 * without a call of their own). A wrong count is asked again; if it stays wrong the last valid outline is trimmed, or
 * its longest slides split, and the caller is told; an outline that never validates fails (503).
 */
import { z } from "zod";
import { ZLayoutId } from "@/lib/deck/schema";
import { GenerationInputError, ProviderUnavailableError } from "../errors";
import { getPhrases, type TPhrases } from "../phrases";
import type { TGenerateOptions, TGenerationWarning, TOutlineSlide } from "../types";
import { generateStructured, type TLlmRuntime } from "./generate-structured";
import { modelJsonSchema } from "./model-json-schema";
import { truncateContent } from "./truncate-content";
import { askedTitle, type TCover } from "./write-cover";
import { writingRules } from "./writing-guidance";

/**
 * The layouts the model chooses from, with what each shows and the bullets that fill it (the
 * template catalogue's content layouts; a table needs source data and is not offered).
 */
export const LAYOUT_CATALOGUE: Record<string, string> = {
  bullets: "a title and 3–6 plain points",
  "image-left": "a picture on the left, 2–4 short points on the right",
  "image-right": "2–4 short points on the left, a picture on the right",
  "two-column":
    'two groups of points side by side; every bullet starts with its group and a colon ("Costs: …")',
  comparison:
    'two options set against each other; every bullet starts with its option and a colon ("Before: …", "After: …")',
  "icons-grid": '3–6 cards, each bullet "Name: one-line explanation"',
  metrics: '2–6 headline figures, each bullet "Label: figure" (e.g. "Annual savings: $1,200")',
  chart: '3–8 comparable figures in one unit, each bullet "Category: number" (e.g. "North: 42%")',
  timeline:
    '2–10 dated events or steps in order, each bullet "Date or step: what happened" (e.g. "2024: Pilot")',
  quote: "one quotation from the source, as the only bullet, with who said it in the notes",
  section: "a divider between parts of the deck: a title and no bullets",
};

const ZAnswerSlide = z.object({
  title: z.string().max(300).describe("The slide title, at most 8 words"),
  layout: z
    .string()
    .max(40)
    .optional()
    .describe(`The slide's layout, one of: ${Object.keys(LAYOUT_CATALOGUE).join(", ")}`),
  bullets: z.array(z.string().max(1000)).max(12).describe("The slide's points, in order"),
  notes: z.string().max(4000).optional().describe("Speaker notes: what to say beyond the bullets"),
});
const ZAnswerCover = {
  title: z.string().max(200).optional().describe("The presentation's title, at most 8 words"),
  subtitle: z.string().max(300).optional().describe("One line under the title on the cover"),
};
const ZAnswer = z.object({ ...ZAnswerCover, slides: z.array(ZAnswerSlide).max(200) });
type TAnswer = z.infer<typeof ZAnswer>;

/** The outline, the cover when the model wrote one, and what the caller should be told. */
export type TLlmOutline = { outline: TOutlineSlide[]; cover?: TCover; warnings: TGenerationWarning[] };

/** Writes the outline for `opts` with one model call (plus retries). */
export async function generateLlmOutline(runtime: TLlmRuntime, opts: TGenerateOptions): Promise<TLlmOutline> {
  const n = opts.n_slides;
  const warnings: TGenerationWarning[] = [];
  if (!opts.content.trim() && !opts.instructions?.trim())
    throw new GenerationInputError("content has no text to build slides from", "content");

  const source = truncateContent(opts.content.trim(), runtime.config.maxContentChars);
  if (source.truncated)
    warnings.push({
      code: "content_truncated",
      message: `The content has ${opts.content.length} characters; the model was given the first and last parts (${runtime.config.maxContentChars} characters, LLM_MAX_CONTENT_CHARS).`,
    });

  const result = await generateStructured(runtime, {
    what: "the outline",
    name: "deck_outline",
    description: `The content slides of a presentation: exactly ${n}.`,
    schema: ZAnswer,
    jsonSchema: modelJsonSchema(z.object({ ...ZAnswerCover, slides: z.array(ZAnswerSlide).length(n) })),
    instructions:
      "You are an expert presentation writer. You turn source material into the outline of a slide deck. You answer with JSON only.",
    prompt: ({ schemaText, problem }) => outlinePrompt(opts, source.text, schemaText, problem),
    check: (answer) => checkAnswer(answer, n),
    signal: opts.signal,
  });

  if (result.ok) return { outline: toOutline(result.value), ...coverOf(result.value, opts), warnings };
  if (!result.lastValid)
    throw new ProviderUnavailableError(
      runtime.config.provider,
      `The ${runtime.config.provider} model "${runtime.config.model}" returned no valid outline in ${result.attempts} attempts: ${result.problem}.`,
    );
  // Valid slides, wrong count: fix it deterministically rather than fail the whole request.
  const written = toOutline(result.lastValid);
  const fitted = fitCount(written, n, getPhrases(opts.language));
  if (!fitted)
    throw new ProviderUnavailableError(
      runtime.config.provider,
      `The ${runtime.config.provider} model "${runtime.config.model}" wrote ${written.length} slides instead of ${n} in ${result.attempts} attempts, too few to split into ${n}.`,
    );
  warnings.push({
    code: "outline_adjusted",
    message:
      written.length > n
        ? `The model wrote ${written.length} slides instead of ${n} in ${result.attempts} attempts; the last ${written.length - n} were dropped.`
        : `The model wrote ${written.length} slides instead of ${n} in ${result.attempts} attempts; ${n - written.length} of its longest slides were split in two.`,
  });
  return { outline: fitted, ...coverOf(result.lastValid, opts), warnings };
}

/** The cover from the answer: an asked title wins; none when the model wrote no title. */
function coverOf(answer: TAnswer, opts: TGenerateOptions): { cover?: TCover } {
  const title = askedTitle(opts) || answer.title?.trim();
  if (!title) return {};
  const subtitle = answer.subtitle?.trim();
  return { cover: { title, ...(subtitle ? { subtitle } : {}) } };
}

function outlinePrompt(
  opts: TGenerateOptions,
  source: string,
  schemaText: string | undefined,
  problem: string | undefined,
): string {
  const n = opts.n_slides;
  const asked = askedTitle(opts);
  const lines = [
    `Write the outline of a presentation: exactly ${n} content slide${n === 1 ? "" : "s"} (n_slides = ${n}), in presentation order.`,
    "Do not add a title slide, an agenda or a closing slide: they are added separately.",
    ...writingRules(opts),
    source
      ? "Use only facts from the source; keep every figure, name and date exactly as the source gives it."
      : "No source text was given: write from well-established knowledge of the topic in the instructions.",
    "Choose each slide's layout from this catalogue, by what its content is (dated events → timeline, headline figures → metrics, two options → comparison, …), vary the layouts across the deck, and shape the bullets as the layout needs:",
    ...Object.entries(LAYOUT_CATALOGUE).map(([id, what]) => `- "${id}": ${what};`),
    asked
      ? `The presentation is titled "${asked}": use it as "title", and write a one-line "subtitle" for the cover.`
      : 'Also write the presentation\'s "title" (at most 8 words) and a one-line "subtitle" for its cover.',
    `Answer with a JSON object {"title", "subtitle", "slides": [{"title", "layout", "bullets", "notes"}]} holding exactly ${n} slides.`,
  ];
  if (schemaText) lines.push(`The JSON must match this JSON Schema: ${schemaText}`);
  if (problem) lines.push(`Your previous answer was rejected: ${problem}. Answer again, correctly.`);
  if (source) lines.push("", "<source>", source, "</source>");
  return lines.join("\n");
}

function checkAnswer(answer: TAnswer, n: number): string | null {
  // A section divider has no bullets; every other slide needs some.
  const empty = answer.slides.findIndex(
    (s) => !s.title.trim() || (!s.bullets.some((b) => b.trim()) && s.layout !== "section"),
  );
  if (empty >= 0) return `slide ${empty + 1} has no title or no bullets`;
  if (answer.slides.length !== n)
    return `it had ${answer.slides.length} slides; exactly ${n} are required (n_slides = ${n})`;
  return null;
}

function toOutline(answer: TAnswer): TOutlineSlide[] {
  return answer.slides
    .filter((s) => s.title.trim() && (s.bullets.some((b) => b.trim()) || s.layout === "section"))
    .map((s) => {
      const notes = s.notes?.trim();
      // A layout id the schema knows is kept (whether the content fits it is checked when the
      // slides are planned); anything else is no choice at all.
      const layout = ZLayoutId.safeParse(s.layout?.trim().toLowerCase());
      return {
        title: s.title.trim(),
        bullets: s.bullets.map((b) => b.trim()).filter(Boolean),
        ...(notes ? { notes } : {}),
        ...(layout.success ? { layout: layout.data } : {}),
      };
    });
}

/** Exactly `n` slides: the first n, or the longest slides split in two; null when it cannot. */
export function fitCount(
  slides: readonly TOutlineSlide[],
  n: number,
  phrases: TPhrases,
): TOutlineSlide[] | null {
  if (slides.length >= n) return slides.slice(0, n);
  const out = [...slides];
  while (out.length < n) {
    let longest = -1;
    out.forEach((s, i) => {
      if (s.bullets.length >= 2 && (longest < 0 || s.bullets.length > out[longest].bullets.length))
        longest = i;
    });
    if (longest < 0) return null;
    const s = out[longest];
    const half = Math.ceil(s.bullets.length / 2);
    const title = s.title.replace(phrases.cont, "").trim();
    out.splice(
      longest,
      1,
      { ...s, bullets: s.bullets.slice(0, half) },
      { title: `${title} ${phrases.cont}`, bullets: s.bullets.slice(half) },
    );
  }
  return out;
}
