/**
 * Slides on the clipboard, so they can be pasted into another deck (or the same one): the slides
 * as JSON under a type of our own, and a plain-text outline (titles and bullets) for anything else
 * the user pastes into. Browsers that keep only plain text on the clipboard get the slides back
 * from this browser's storage, as long as the clipboard still holds the outline that was copied
 * with them. Client-safe; pure but for `rememberCopy` / `recallCopy` (localStorage).
 */
import { z } from "zod";
import { type TSlide, ZSlide } from "@/lib/deck/schema";
import { stripInline } from "@/lib/layouts/parse-inline";

/** The clipboard type the slides travel under. */
export const SLIDES_MIME = "application/x-deckforge-slides+json";
const STORAGE_KEY = "deckforge:copied-slides";
/** At most this many slides are pasted at once. */
export const MAX_PASTED_SLIDES = 100;

const ZCopied = z.object({
  deckforge: z.literal("slides"),
  version: z.literal(1),
  slides: z.array(ZSlide).min(1).max(MAX_PASTED_SLIDES),
});

/** The JSON written to the clipboard for `slides`. */
export function copiedJson(slides: readonly TSlide[]): string {
  return JSON.stringify({ deckforge: "slides", version: 1, slides });
}

/** The slides of a clipboard JSON, or null when it is not (valid) copied slides. */
export function readCopiedJson(json: string): TSlide[] | null {
  try {
    const parsed = ZCopied.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data.slides : null;
  } catch {
    return null;
  }
}

/** The slides as a plain-text outline: each title, then its bullets ("- …"), a blank line between. */
export function slidesOutline(slides: readonly TSlide[]): string {
  return slides
    .map((slide) => {
      const title = stripInline(slide.content.title ?? "").trim() || "Untitled slide";
      const lines = [
        ...(slide.content.bullets ?? []),
        ...(slide.content.items ?? []).map((item) => item.title),
        ...(slide.content.metrics ?? []).map((m) => `${m.value} ${m.label}`),
      ].map((line) => `- ${stripInline(line).trim()}`);
      return [title, ...lines].join("\n");
    })
    .join("\n\n");
}

/** Keeps the copied slides in this browser, under the outline that went to the clipboard with them. */
export function rememberCopy(slides: readonly TSlide[], outline: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ outline, json: copiedJson(slides) }));
  } catch {
    // Storage full or disabled: the clipboard's own copy still works where the browser keeps it.
  }
}

/** The slides copied with `outline` in this browser, or null. */
export function recallCopy(outline: string): TSlide[] | null {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "null") as {
      outline?: string;
      json?: string;
    } | null;
    return stored?.outline === outline && stored.json ? readCopiedJson(stored.json) : null;
  } catch {
    return null;
  }
}
