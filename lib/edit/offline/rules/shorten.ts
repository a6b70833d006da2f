/**
 * "Make it shorter" / "shorten" / "concise" / "fewer words" / "trim": fewer bullets (the most
 * central kept, the others moved to the speaker notes) and each cut at a clean boundary; the lead
 * cut to its first sentence; card, step and figure texts shortened. "A shorter title" shortens
 * only the title. A quotation is never reworded. Pure.
 */
import type { TColumn, TSlide, TSlideContent } from "@/lib/deck/schema";
import { countWords } from "@/lib/generate/offline/tokenize";
import { EditRefusal } from "../../edit-refusal";
import { mapContentText } from "../map-content";
import { count, moveToNotes, notesField } from "../move-to-notes";
import { slideLines } from "../read-slide";
import { centralIndexes, keptCount, shortenLead, shortenText } from "../shorten-text";
import { single, type TEditRule } from "../types";

const ASKS =
  /\b(?:short(?:er|en)?|concise|condense[ds]?|brief(?:er)?|trim(?:med)?|tighten|terse|succinct|fewer\s+(?:words|bullets|points)|less\s+(?:text|wordy|words|verbose)|too\s+(?:long|wordy)|cut\s+(?:it\s+|the\s+text\s+)?down|reduce\s+(?:the\s+)?(?:text|words|length)|summari[sz]e|punchier|crisper|compress)\b/i;
const TITLE_ONLY = /\btitle\b/i;
const BODY_WORDS = /\b(?:bullets?|points?|text|body|content|slide|everything)\b/i;

export const shortenRule: TEditRule = {
  id: "shorten",
  help: '"make it shorter" / "concise" / "fewer words" / "trim" (or "a shorter title")',
  parse(prompt) {
    if (!ASKS.test(prompt)) return null;
    const titleOnly = TITLE_ONLY.test(prompt) && !BODY_WORDS.test(prompt.replace(TITLE_ONLY, ""));
    return titleOnly ? shortenTitle : shortenSlide;
  },
};

function shortenTitle(slide: TSlide) {
  const title = slide.content.title;
  if (!title?.trim()) throw new EditRefusal("The slide has no title to shorten.");
  const short = shortenText(title, 3, 6);
  if (short === title)
    throw new EditRefusal("The title is already as short as the offline rules can make it.");
  return single(
    slide,
    { layout: slide.layout, content: { ...slide.content, title: short }, ...notesField(slide.notes) },
    `shortened the title from ${countWords(title)} to ${countWords(short)} words`,
  );
}

function shortenSlide(slide: TSlide) {
  const c = slide.content;
  const moved: string[] = [];
  const warnings: string[] = [];
  let dropped = 0;

  const list = (bullets: string[] | undefined): string[] | undefined => {
    if (!bullets?.length) return bullets;
    const keep = centralIndexes(bullets, keptCount(bullets.length));
    const out = keep.map((i) => shortenText(bullets[i], 6, 12));
    const gone = bullets.filter((_, i) => !keep.includes(i));
    dropped += gone.length;
    moved.push(...gone);
    return out;
  };
  const lead = (text: string | undefined, max: number): string | undefined => {
    if (!text?.trim()) return text;
    const short = shortenLead(text, max);
    moved.push(...short.cut);
    return short.text;
  };

  // Texts inside cards, steps, figures and cells: shortened in place, none dropped.
  let out: TSlideContent = mapContentText(c, (text, kind) => {
    switch (kind) {
      case "item-body":
      case "event-body":
        return shortenText(text, 6, 8);
      case "detail":
        return shortenText(text, 4, 6);
      case "cell":
        return shortenText(text, 8, 8);
      case "subtitle":
        return shortenText(text, 8, 10);
      default:
        return text;
    }
  });
  out = { ...out };
  if (c.bullets) out.bullets = list(c.bullets);
  if (c.columns)
    out.columns = c.columns.map(
      (col): TColumn => ({
        ...col,
        ...(col.bullets ? { bullets: list(col.bullets) } : {}),
        ...(col.body !== undefined ? { body: lead(col.body, 12) } : {}),
      }),
    );
  if (c.body !== undefined) out.body = lead(c.body, 15);
  if (c.quote) warnings.push("A quotation is kept word for word: it was not shortened.");

  const before = visibleWords(c);
  const after = visibleWords(out);
  if (after >= before)
    throw new EditRefusal(
      "The slide is already as short as the offline rules can make it: its texts are a few words each.",
    );
  if (moved.length)
    warnings.push(
      `What was cut (${count(moved.length, "bullet or sentence", "bullets or sentences")}) is in the speaker notes.`,
    );
  const bullets =
    (c.bullets?.length ?? 0) + (c.columns?.reduce((n, col) => n + (col.bullets?.length ?? 0), 0) ?? 0);
  const summary =
    dropped > 0
      ? `shortened the slide from ${before} to ${after} words (${bullets} bullets → ${bullets - dropped})`
      : `shortened the slide from ${before} to ${after} words`;
  return single(
    slide,
    { layout: slide.layout, content: out, ...notesField(moveToNotes(slide.notes, moved)) },
    summary,
    warnings,
  );
}

/** Words the slide shows: its title, lead, subtitle and every line. */
export function visibleWords(c: TSlideContent): number {
  return [c.title, c.subtitle, c.body, ...slideLines(c)].reduce((n, t) => n + (t ? countWords(t) : 0), 0);
}
