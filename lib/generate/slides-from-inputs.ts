/**
 * The v3 endpoint's input: one markdown or plain-text item per slide, with an optional layout.
 * Every item becomes exactly one slide, and all of its text appears on that slide.
 */
import type { TColumn, TLayoutId, TSlide, TSlideContent } from "@/lib/deck/schema";
import { chooseLayout } from "./choose-layout";
import {
  chartFromMetrics,
  chartFromTable,
  itemsFromBullets,
  readMetrics,
  readTimeline,
} from "./content-shape";
import { GenerationInputError } from "./errors";
import { detectLanguage } from "./offline/detect-language";
import { extractKeyPhrases } from "./offline/extract-key-phrases";
import { splitSentences } from "./offline/split-sentences";
import { titleCase } from "./offline/title-case";
import { countWords, plainText } from "./offline/tokenize";
import { parseSlideMarkdown } from "./parse-outline";
import { splitColumns } from "./split-columns";
import type { TOutlineSlide } from "./types";

export type TOutlineInput = { content: string; layout: TLayoutId | null };

const TITLE_MAX_WORDS = 12;
const MAX_BULLETS = 30;

/** One slide per item, ids "s1", "s2", …; the layout is the item's, or chosen from its shape. */
export function slidesFromOutlineInputs(
  items: readonly TOutlineInput[],
  opts: { markdownEmphasis?: boolean } = {},
): TSlide[] {
  const previous: TLayoutId[] = [];
  return items.map((_, i) => slideFromOutlineInput(items, i, previous, opts));
}

/**
 * Slide `i` of `items`, as slidesFromOutlineInputs makes it; `previous` holds the layouts of the
 * slides before it and gains this one's, so a caller can build slides one at a time (to report
 * progress between them) with the same varied layouts.
 */
export function slideFromOutlineInput(
  items: readonly TOutlineInput[],
  i: number,
  previous: TLayoutId[],
  opts: { markdownEmphasis?: boolean } = {},
): TSlide {
  const item = items[i];
  const slide = readItem(item.content, opts.markdownEmphasis === false);
  if (item.layout) {
    previous.push(item.layout);
    return {
      id: `s${i + 1}`,
      layout: item.layout,
      content: fill(item.layout, slide, `slides.${i}.layout`),
      ...(slide.notes ? { notes: slide.notes } : {}),
    };
  }
  const fixed = fixedLayout(slide, i, items.length);
  const chosen = fixed
    ? { layout: fixed, content: fill(fixed, slide, `slides.${i}`) }
    : chooseLayout(slide, { previous });
  previous.push(chosen.layout);
  return {
    id: `s${i + 1}`,
    layout: chosen.layout,
    content: clampContent(chosen.content),
    ...(slide.notes ? { notes: slide.notes } : {}),
  };
}

/** Parses an item; plain prose gets a short title and its sentences as bullets. */
function readItem(content: string, strip: boolean): TOutlineSlide {
  const parsed = parseSlideMarkdown(content, { stripEmphasis: strip });
  const hasStructure = /^\s{0,3}#|^\s*(?:[-*+•]|\d{1,3}[.)])\s/m.test(content);
  if (hasStructure && countWords(parsed.title) <= TITLE_MAX_WORDS) return parsed;

  // Plain text. A short first line is the title; otherwise the first sentence if short, else a
  // key phrase, and every sentence of the text becomes a bullet so nothing is lost.
  const firstLineShort = countWords(parsed.title) <= TITLE_MAX_WORDS && !/[.!?]\s+\S/.test(parsed.title);
  if (firstLineShort) {
    const bullets = [...parsed.bullets, ...(parsed.body ? sentences(parsed.body) : [])];
    return {
      title: parsed.title.replace(/[.:]$/, ""),
      bullets,
      ...(parsed.notes ? { notes: parsed.notes } : {}),
    };
  }
  const all = sentences([parsed.title, parsed.body ?? ""].join("\n\n"));
  const first = all[0] ?? "";
  if (countWords(first) <= TITLE_MAX_WORDS && all.length > 1) {
    return { title: first.replace(/[.:]$/, ""), bullets: [...all.slice(1), ...parsed.bullets] };
  }
  const phrase = extractKeyPhrases(plainText(all.join(" ")), { lead: first, limit: 1 })[0];
  const language = detectLanguage(all.join(" "));
  return {
    title: phrase ? titleCase(phrase.text, language) : first,
    bullets: [...all, ...parsed.bullets],
    ...(parsed.notes ? { notes: parsed.notes } : {}),
  };
}

function sentences(text: string): string[] {
  return text.split(/\n{2,}/).flatMap((p) => splitSentences(p));
}

/** Title, closing and agenda slides are recognised by position and wording; null otherwise. */
function fixedLayout(slide: TOutlineSlide, index: number, count: number): TLayoutId | null {
  const title = plainText(slide.title).toLowerCase();
  const empty = slide.bullets.length === 0 && !slide.table && !slide.quote;
  if (empty && index === 0 && countWords(slide.body ?? "") <= 25) return "title";
  if (index === count - 1 && count > 1 && /\b(?:thank|thanks|questions|q\s*&\s*a|contact)\b/.test(title))
    return "closing";
  if (!empty && /^(?:agenda|contents|table of contents|outline)$/.test(title)) return "agenda";
  return null;
}

/**
 * Fills the fields a layout the caller named reads; text no field of that layout shows goes to the
 * body. A data layout (table, chart, metrics, timeline, quote) whose data the item does not contain
 * is refused with the field at fault, rather than drawn as something else.
 */
/**
 * The content of a named layout filled from a slide's text; a GenerationInputError (at `path`)
 * says what the layout needs when the text cannot fill it.
 */
export function fillLayout(layout: TLayoutId, slide: TOutlineSlide, path: string): TSlideContent {
  return fill(layout, slide, path);
}

function fill(layout: TLayoutId, slide: TOutlineSlide, path: string): TSlideContent {
  const title = slide.title;
  const rest = [...slide.bullets, ...(slide.body ? [slide.body] : [])];
  const table = slide.table ? { header: slide.table.header, rows: slide.table.rows } : undefined;
  const refuse = (needs: string): never => {
    throw new GenerationInputError(`The '${layout}' layout needs ${needs} in the slide's content.`, path);
  };
  switch (layout) {
    case "title":
    case "section":
    case "closing":
      return rest.length ? { title, subtitle: rest.join(" · ") } : { title };
    case "agenda":
      return withBody(
        { title, bullets: slide.bullets.length ? slide.bullets : sentences(slide.body ?? "") },
        slide.bullets.length ? slide.body : undefined,
      );
    case "two-column":
    case "comparison":
      return withBody({ title, columns: columnsOf(slide) }, slide.bullets.length ? slide.body : undefined);
    case "table":
      return withBody(
        { title, table: table ?? refuse("a markdown table") },
        joined(slide.bullets, slide.body),
      );
    case "chart": {
      const metrics = readMetrics(slide.bullets);
      const chart =
        (table && chartFromTable(table)) ??
        (metrics && chartFromMetrics(metrics)) ??
        refuse(
          "numbers: a table whose columns after the first are numbers, or 3+ bullets like '- North: 42%'",
        );
      return withBody({ title, chart }, table ? joined(slide.bullets, slide.body) : slide.body);
    }
    case "metrics": {
      const metrics =
        readMetrics(slide.bullets) ?? refuse("2–6 bullets that each carry a figure, like '- Revenue: $2.4M'");
      return withBody({ title, metrics }, slide.body);
    }
    case "timeline": {
      const timeline = readTimeline(slide.bullets) ?? refuse("2–10 dated bullets, like '- 2024: Pilot'");
      return withBody({ title, timeline }, slide.body);
    }
    case "quote": {
      const quote = slide.quote ?? (rest.length ? { text: rest.join(" ") } : refuse("a quotation ('> …')"));
      return { title, quote };
    }
    case "icons-grid": {
      const items = itemsFromBullets(slide.bullets.length ? slide.bullets : sentences(slide.body ?? ""));
      if (items.length < 2) refuse("at least two bullets (one card each)");
      return withBody({ title, items }, slide.bullets.length ? slide.body : undefined);
    }
    default:
      return clampContent(
        withBody(slide.bullets.length ? { title, bullets: slide.bullets } : { title }, slide.body),
      );
  }
}

/** The schema holds 30 bullets; any beyond stay on the slide as body text. */
function clampContent(content: TSlideContent): TSlideContent {
  if (!content.bullets || content.bullets.length <= MAX_BULLETS) return content;
  const overflow = content.bullets.slice(MAX_BULLETS);
  const body = [...overflow, ...(content.body ? [content.body] : [])].join("\n");
  return { ...content, bullets: content.bullets.slice(0, MAX_BULLETS), body };
}

function joined(bullets: readonly string[], body: string | undefined): string | undefined {
  return [...bullets, ...(body ? [body] : [])].join("\n") || undefined;
}

function columnsOf(slide: TOutlineSlide): TColumn[] {
  const bullets = slide.bullets.length ? slide.bullets : sentences(slide.body ?? "");
  const split = splitColumns(bullets);
  if (split) return split;
  const half = Math.ceil(bullets.length / 2);
  return [{ bullets: bullets.slice(0, half) }, { bullets: bullets.slice(half) }];
}

function withBody(content: TSlideContent, body: string | undefined): TSlideContent {
  return body ? { ...content, body } : content;
}
