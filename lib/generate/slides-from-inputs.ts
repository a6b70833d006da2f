/**
 * The v3 endpoint's input: one markdown or plain-text item per slide, with an optional layout.
 * Every item becomes exactly one slide, and all of its text appears on that slide.
 */
import type { TColumn, TLayoutId, TSlide, TSlideContent } from "@/lib/deck/schema";
import { chooseLayout } from "./choose-layout";
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
  return items.map((item, i) => {
    const slide = readItem(item.content, opts.markdownEmphasis === false);
    const layout = item.layout ?? pickLayout(slide, i, items.length);
    return {
      id: `s${i + 1}`,
      layout,
      content: fill(layout, slide),
      ...(slide.notes ? { notes: slide.notes } : {}),
    };
  });
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

function pickLayout(slide: TOutlineSlide, index: number, count: number): TLayoutId {
  const title = plainText(slide.title).toLowerCase();
  const empty = slide.bullets.length === 0;
  if (empty && index === 0 && countWords(slide.body ?? "") <= 25) return "title";
  if (index === count - 1 && count > 1 && /\b(?:thank|thanks|questions|q\s*&\s*a|contact)\b/.test(title))
    return "closing";
  if (!empty && /^(?:agenda|contents|table of contents|outline)$/.test(title)) return "agenda";
  return chooseLayout(slide).layout;
}

/** Fills the fields the chosen layout reads; text no field of that layout shows goes to the body. */
function fill(layout: TLayoutId, slide: TOutlineSlide): TSlideContent {
  const title = slide.title;
  const rest = [...slide.bullets, ...(slide.body ? [slide.body] : [])];
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
      return withBody({ title, columns: columnsOf(slide) }, slide.bullets.length ? slide.body : undefined);
    default: {
      // The schema holds 30 bullets; any beyond stay on the slide as body text.
      const shown = slide.bullets.slice(0, MAX_BULLETS);
      const overflow = slide.bullets.slice(MAX_BULLETS);
      const body = [...overflow, ...(slide.body ? [slide.body] : [])].join("\n") || undefined;
      return withBody(shown.length ? { title, bullets: shown } : { title }, body);
    }
  }
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
