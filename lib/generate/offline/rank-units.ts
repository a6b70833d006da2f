/**
 * Scores every unit of the source: TextRank centrality, biased by position (openings of
 * paragraphs), length (fragments and run-ons rank lower), focus terms from the instructions,
 * and against meta sentences ("This guide explains…").
 */
import { rankSentences } from "./rank-sentences";
import type { TUnit } from "./source-types";
import { countWords } from "./tokenize";

// …or about its own layout: "The following table reconciles…", "Additional information … is provided below".
const META =
  /\b(?:this|the following) (?:guide|article|document|report|post|section|chapter|paper|deck|presentation|essay|table|tables|chart|list|figures?)\b|\b(?:provided|shown|listed|described|set out|set forth|presented|detailed|included) (?:below|above|herein)\b|\b(?:see|refer to) (?:below|above)\b|\b(?:table|chart|figure)s? (?:below|above)\b/i;

// Greetings and sign-offs of talks and letters.
const GREETING =
  /^(?:good (?:morning|afternoon|evening)|hello|hi|welcome|dear|thank you(?: (?:all|everyone|for (?:listening|coming|your attention)))?|thanks(?: everyone)?|any questions)\b[^.!?]{0,30}[.!?]?$/i;

// Header lines of memos, emails and minutes: who, when, about what.
const HEADER_LINE =
  /^(?:\*\*|__)?(?:to|from|cc|bcc|subject|re|date|attendees|present|apologies|absent|participants|author|prepared by|distribution|von|an|betreff|datum|de|para|asunto|fecha|à|objet)(?:\*\*|__)?\s*:/i;

// What the page asks of its reader's mouse: "Click here for more information.", "Click the images
// below to register!", "For details, click here."
const PAGE_ACTION =
  /^(?:please\s+)?(?:click|tap)\s+(?:here|the\s+(?:links?|buttons?|images?|banners?|logos?)|on\s+the\s+(?:links?|buttons?|images?|banners?))\b[^.!?]{0,80}[.!?]?$|^[^.!?]{0,60},\s+(?:click|tap)\s+here[.!]?$/i;

/** What a page asks of the mouse ("Click here for more information."): no point of the text. */
export function isPageAction(text: string): boolean {
  return PAGE_ACTION.test(text.trim());
}

/** Sentences about the document itself ("This guide explains…"): notes material, not bullets. */
export function isMeta(text: string): boolean {
  return META.test(text);
}

/** A header line ("To: All staff", "Present: …"): it names the document's circumstances, not a point. */
export function isHeaderLine(text: string): boolean {
  return HEADER_LINE.test(text.trim());
}

/** Not a point of the text: about the document, a memo header, a greeting. Bullets only when nothing else is left. */
export function isFiller(text: string): boolean {
  return isMeta(text) || isHeaderLine(text) || GREETING.test(text.trim()) || isPageAction(text);
}

const ANAPHORIC = /^(?:this|that|these|those|it|they|such|he|she)\b(?!\s+(?:is|are)\s+(?:why|how))/i;

export type TRankOptions = {
  /** Stemmed terms the user asked to focus on: units mentioning them rank well above the rest. */
  focusTerms?: readonly string[];
  /** Softer preference (the sales tone's benefit words). */
  preferTerms?: readonly string[];
  /** Plain language asked for: long sentences and long words rank lower. */
  plain?: boolean;
  /** Figures asked for: sentences with numbers rank higher. */
  figures?: boolean;
};

/** Sets `score` on each unit (mean about 1). */
export function rankUnits(units: TUnit[], opts: TRankOptions = {}): void {
  const focus = new Set(opts.focusTerms ?? []);
  const prefer = new Set(opts.preferTerms ?? []);
  const bias = units.map((u) => {
    const n = countWords(u.text);
    const length = n < 4 ? 0.4 : n < 6 ? 0.75 : n > 45 ? 0.75 : 1;
    const focusHits = u.terms.filter((t) => focus.has(t)).length;
    const focusFactor = focusHits ? 3 + 0.5 * (focusHits - 1) : 1;
    const preferFactor = u.terms.some((t) => prefer.has(t)) ? 1.5 : 1;
    const meta = isMeta(u.text) ? 0.5 : isHeaderLine(u.text) || GREETING.test(u.text) ? 0.25 : 1;
    // A question sets up a point (an interviewer's, a lecturer's): the answer is the bullet.
    const question = /\?\s*(?:\*\*|__)?\s*$/.test(u.text) ? 0.5 : 1;
    const kind = u.kind === "item" ? 1.1 : 1;
    // "This does not rule out…" leans on the sentence before it; alone on a slide it is vague.
    // Short ones are usually commentary on it ("This does not rule out a heat pump.").
    const anaphoric = u.kind === "sentence" && ANAPHORIC.test(u.text) ? (n < 10 ? 0.4 : 0.6) : 1;
    const plain = opts.plain ? plainness(u.text, n) : 1;
    const figures = opts.figures && /\d/.test(u.text) ? 2.5 : 1;
    return length * focusFactor * preferFactor * meta * question * kind * anaphoric * plain * figures;
  });
  const prior = units.map((u, i) => bias[i] / Math.sqrt(1 + u.posInGroup));
  const rank = rankSentences(
    units.map((u) => u.terms),
    prior,
  );
  units.forEach((u, i) => {
    u.score = rank[i] * bias[i];
  });
}

/** 1 for a short sentence of everyday words, down to about 0.4 for a long one full of long words. */
function plainness(text: string, words: number): number {
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  const meanLength = letters / Math.max(1, words);
  const longWords = Math.max(0, meanLength - 5) * 0.25;
  const longSentence = words > 20 ? 0.7 : words > 14 ? 0.85 : 1;
  return longSentence / (1 + longWords);
}
