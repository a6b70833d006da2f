/**
 * The dashboard's search: which of the account's presentations a text is found in — the title, or
 * the words of a slide (its content and speaker notes, markdown emphasis dropped) — and where, as
 * the slide's number and a snippet around the first match. Case-insensitive; the text is plain
 * (no wildcards). Pure.
 */
import type { TDeck, TSlide } from "@/lib/deck/schema";
import { plainText } from "@/lib/generate/offline/tokenize";

/** Where a search matched inside a deck (not its title). */
export type TSearchMatch = { slide: number; text: string };

// Content fields that hold no words a person wrote or reads (a stored picture's key, an icon name).
const NOT_TEXT = new Set(["asset", "icon", "type"]);
const SNIPPET_BEFORE = 40;
const SNIPPET_LENGTH = 140;

/** Whether the deck matches `needle` (lower case): true for its title, its first matching slide otherwise, or null. */
export function findInDeck(title: string, deck: TDeck, needle: string): true | TSearchMatch | null {
  if (title.toLocaleLowerCase().includes(needle)) return true;
  for (const [i, slide] of deck.slides.entries()) {
    for (const text of slideTexts(slide)) {
      const at = text.toLocaleLowerCase().indexOf(needle);
      if (at >= 0) return { slide: i + 1, text: snippet(text, at, needle.length) };
    }
  }
  return null;
}

/** A slide's words: every text of its content, then its notes, plain. */
export function slideTexts(slide: TSlide): string[] {
  const out: string[] = [];
  const walk = (value: unknown, key?: string) => {
    if (typeof value === "string") {
      if (!key || !NOT_TEXT.has(key)) out.push(plainText(value).replace(/\s+/g, " ").trim());
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item, key);
    } else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) walk(v, k);
    }
  };
  walk(slide.content);
  if (slide.notes) out.push(plainText(slide.notes).replace(/\s+/g, " ").trim());
  return out.filter(Boolean);
}

/** About SNIPPET_LENGTH characters of `text` around the match, cut at spaces, with ellipses where cut. */
function snippet(text: string, at: number, length: number): string {
  if (text.length <= SNIPPET_LENGTH) return text;
  let start = Math.max(0, at - SNIPPET_BEFORE);
  let end = Math.min(text.length, Math.max(at + length, start + SNIPPET_LENGTH));
  if (start > 0) start = text.indexOf(" ", start) + 1 || start;
  if (end < text.length) end = text.lastIndexOf(" ", end) > at + length ? text.lastIndexOf(" ", end) : end;
  return `${start > 0 ? "…" : ""}${text.slice(start, end).trim()}${end < text.length ? "…" : ""}`;
}
