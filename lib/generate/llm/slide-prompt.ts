/**
 * The prompt for one content slide: the layout chosen for it and what each of its fields wants,
 * the slide's outline, where it sits in the deck, and the request's writing options.
 */

import { LAYOUT_SPECS } from "@/lib/deck/layout-content";
import type { TLayoutId } from "@/lib/deck/schema";
import type { TOutlineSlide, TWriteOptions } from "../types";
import { VERBOSITY_BUDGET, writingRules } from "./writing-guidance";

type TField = keyof typeof FIELD_HINTS;

const FIELD_HINTS = {
  title: "the slide title, at most 8 words",
  subtitle: "one short line under the title",
  body: "optional: one or two sentences that lead into the slide",
  bullets: "the slide's points",
  columns: 'exactly two panels, each {"heading", "bullets"}; put the two sides of the outline in them',
  image: `{"query": a few English words describing a fitting photograph, "alt": one sentence describing it}`,
  icon: "one Lucide icon name in English (e.g. rocket, shield-check, leaf)",
  items: `3–6 cards, each {"title": 2–5 words, "body": one line, "icon": a Lucide icon name in English such as "rocket", "shield-check", "leaf", "users"}`,
  metrics: `1–6 figures, each {"value": the figure exactly as in the outline ("18%", "$2.4M"), "label": what it measures, "detail": optional context}`,
  timeline: `2–10 steps in order, each {"date": the date or step as written, "title": a few words, "body": optional one line}`,
  quote: `{"text": the quotation, "attribution": who said it}`,
  table: `{"header": [column names], "rows": [[cells]]}: every row has as many cells as the header`,
  chart: `{"type": "bar"|"column"|"line"|"pie"|"doughnut", "categories": [labels], "series": [{"name", "values": [numbers, one per category]}], "unit": optional ("%", "$")}: numbers from the outline only`,
} as const;

/** Where the slide sits and what the deck is about. */
export type TSlidePlace = {
  /** 0-based index among the content slides. */
  index: number;
  deckTitle: string;
  /** Titles of all content slides, in order. */
  titles: readonly string[];
};

/** The user prompt for writing `slide` in `layout`. */
export function slidePrompt(
  slide: TOutlineSlide,
  layout: TLayoutId,
  place: TSlidePlace,
  opts: TWriteOptions,
  schemaText: string | undefined,
  problem: string | undefined,
): string {
  const spec = LAYOUT_SPECS[layout];
  const budget = VERBOSITY_BUDGET[opts.verbosity];
  const fields = spec.reads.map((f) => {
    const hint =
      f === "bullets"
        ? `${FIELD_HINTS.bullets}: ${budget.bullets}, each at most ${budget.words} words`
        : FIELD_HINTS[f as TField];
    return `- "${f}"${spec.requires.includes(f) || f === "title" ? " (required)" : ""}: ${hint}`;
  });
  const lines = [
    `Write slide ${place.index + 1} of ${place.titles.length} of the presentation "${place.deckTitle}".`,
    `Its layout is "${layout}": ${spec.description}`,
    "Fill these fields and no others:",
    ...fields,
    ...writingRules(opts),
    "Use the facts of the slide's outline below; keep every figure, name and date exactly as written there, and do not invent new ones.",
    `The deck's slides, for context (do not repeat the others' points): ${place.titles.map((t, i) => `${i + 1}. ${t}`).join(" | ")}`,
  ];
  if (schemaText) lines.push(`Answer with one JSON object matching this JSON Schema: ${schemaText}`);
  else lines.push("Answer with one JSON object.");
  if (problem) lines.push(`Your previous answer was rejected: ${problem}. Answer again, correctly.`);
  lines.push("", "<slide_outline>", `Title: ${slide.title}`, ...slide.bullets.map((b) => `- ${b}`));
  if (slide.body) lines.push(`Lead: ${slide.body}`);
  if (slide.notes) lines.push(`Speaker notes: ${slide.notes}`);
  lines.push("</slide_outline>");
  return lines.join("\n");
}
