/**
 * "Split into two slides" (or three, four): the slide's list — bullets, cards, steps, figures,
 * table rows, both columns, chart points — is shared out in order; the first part keeps the
 * slide's id, lead and notes, the others repeat the title with "(cont.)". Pure.
 */
import type { TSlide, TSlideContent } from "@/lib/deck/schema";
import { getPhrases } from "@/lib/generate/phrases";
import type { TEditContext } from "../../edit-context";
import { EditRefusal } from "../../edit-refusal";
import { notesField } from "../move-to-notes";
import type { TEditOutcome, TEditRule, TSlideDraft } from "../types";

const SPLIT = /\b(?:split|divide|break(?:\s+up)?|spread|cut)\b/i;
const PARTS =
  /\b(?:into|in|over|across|to|as)\s+(two|three|four|2|3|4)(?:\s+(?:slides|parts|pages|halves|pieces))?\b/i;
const SLIDES = /\b(two|three|four|2|3|4)\s+(?:slides|parts|pages)\b|\bhalves\b/i;
const NOT_SLIDES = /\bcolumns?\b|\bpanels?\b/i;
const NUMBERS: Record<string, number> = { two: 2, three: 3, four: 4, "2": 2, "3": 3, "4": 4, halves: 2 };

/** How many slides the prompt asks for, or null when it does not ask to split. */
export function readSplit(prompt: string): number | null {
  if (NOT_SLIDES.test(prompt)) return null;
  const slides = SLIDES.exec(prompt);
  if (
    !SPLIT.test(prompt) &&
    !(slides && /^(?:make\s+it|make\s+this|turn\s+(?:it|this)\s+into|into|as)\b/i.test(prompt))
  )
    return null;
  const n = PARTS.exec(prompt)?.[1] ?? slides?.[1] ?? "two";
  return NUMBERS[n.toLowerCase()] ?? 2;
}

export const splitSlideRule: TEditRule = {
  id: "split-slide",
  help: '"split into two slides" (or three, four)',
  parse(prompt) {
    const n = readSplit(prompt);
    return n === null ? null : (slide, ctx) => split(slide, ctx, n);
  },
};

type TPart = (content: TSlideContent, range: [number, number]) => TSlideContent;

function split(slide: TSlide, ctx: TEditContext, n: number): TEditOutcome {
  const c = slide.content;
  const plan = listOf(c);
  if (!plan)
    throw new EditRefusal("The slide has no list (bullets, cards, steps, rows or figures) to split.");
  const { size, min, part, noun } = plan;
  if (size < n * min)
    throw new EditRefusal(
      `Splitting into ${n} slides needs at least ${n * min} ${noun}${min > 1 ? ` (${min} per slide)` : ""}; the slide has ${size}.`,
    );
  const cont = getPhrases(ctx.deck.language).cont;
  const base = (c.title ?? "").replace(cont, "").trim();
  const drafts: TSlideDraft[] = chunks(size, n).map((range, i) => {
    const content = part(c, range);
    if (i === 0) return { id: slide.id, layout: slide.layout, content, ...notesField(slide.notes) };
    const { body: _lead, subtitle: _sub, ...rest } = content;
    return { layout: slide.layout, content: { ...rest, ...(base ? { title: `${base} ${cont}` } : {}) } };
  });
  return { slides: drafts, summary: `split the slide's ${size} ${noun} over ${n} slides`, warnings: [] };
}

/** The slide's list: how long, the fewest entries a part may have, and how to cut a part. */
function listOf(c: TSlideContent): { size: number; min: number; noun: string; part: TPart } | null {
  if (c.items?.length)
    return {
      size: c.items.length,
      min: 2,
      noun: "cards",
      part: (x, [a, b]) => ({ ...x, items: x.items?.slice(a, b) }),
    };
  if (c.timeline?.length)
    return {
      size: c.timeline.length,
      min: 2,
      noun: "steps",
      part: (x, [a, b]) => ({ ...x, timeline: x.timeline?.slice(a, b) }),
    };
  if (c.metrics?.length)
    return {
      size: c.metrics.length,
      min: 1,
      noun: "figures",
      part: (x, [a, b]) => ({ ...x, metrics: x.metrics?.slice(a, b) }),
    };
  if (c.table?.rows.length) {
    const table = c.table;
    return {
      size: table.rows.length,
      min: 1,
      noun: "rows",
      part: (x, [a, b]) => ({ ...x, table: { header: table.header, rows: table.rows.slice(a, b) } }),
    };
  }
  if (c.chart) {
    const chart = c.chart;
    return {
      size: chart.categories.length,
      min: 1,
      noun: "chart points",
      part: ({ bullets: _beside, ...x }, [a, b]) => ({
        ...x,
        chart: {
          ...chart,
          categories: chart.categories.slice(a, b),
          series: chart.series.map((s) => ({ ...s, values: s.values.slice(a, b) })),
        },
        // The bullets beside the chart stay with its first part.
        ...(c.bullets && a === 0 ? { bullets: c.bullets } : {}),
      }),
    };
  }
  if (c.columns?.length === 2 && c.columns.every((col) => col.bullets?.length)) {
    // Both columns are cut at the same fractions, so each part still compares the two sides.
    const columns = c.columns;
    const size = Math.min(...columns.map((col) => col.bullets?.length ?? 0));
    return {
      size,
      min: 1,
      noun: "bullets per column",
      part: (x, [a, b]) => ({
        ...x,
        columns: columns.map((col) => {
          const bullets = col.bullets ?? [];
          const from = Math.round((a / size) * bullets.length);
          const to = Math.round((b / size) * bullets.length);
          return { ...col, bullets: bullets.slice(from, to) };
        }),
      }),
    };
  }
  if (c.bullets?.length)
    return {
      size: c.bullets.length,
      min: 1,
      noun: "bullets",
      part: (x, [a, b]) => ({ ...x, bullets: x.bullets?.slice(a, b) }),
    };
  return null;
}

/** `size` entries cut into `n` ranges as even as can be, the first ones longer. */
function chunks(size: number, n: number): [number, number][] {
  const out: [number, number][] = [];
  let start = 0;
  for (let i = 0; i < n; i++) {
    const length = Math.ceil((size - start) / (n - i));
    out.push([start, start + length]);
    start += length;
  }
  return out;
}
