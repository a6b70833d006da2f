/**
 * Scores every unit of the source: TextRank centrality, biased by position (openings of
 * paragraphs), length (fragments and run-ons rank lower), focus terms from the instructions,
 * and against meta sentences ("This guide explains…").
 */
import { rankSentences } from "./rank-sentences";
import type { TUnit } from "./source-types";
import { countWords } from "./tokenize";

const META =
  /\b(?:this|the following) (?:guide|article|document|report|post|section|chapter|paper|deck|presentation|essay)\b/i;

/** Sentences about the document itself ("This guide explains…"): notes material, not bullets. */
export function isMeta(text: string): boolean {
  return META.test(text);
}

const ANAPHORIC = /^(?:this|that|these|those|it|they|such|he|she)\b(?!\s+(?:is|are)\s+(?:why|how))/i;

export type TRankOptions = {
  /** Stemmed terms the user asked to focus on: units mentioning them rank well above the rest. */
  focusTerms?: readonly string[];
  /** Softer preference (the sales tone's benefit words). */
  preferTerms?: readonly string[];
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
    const meta = isMeta(u.text) ? 0.5 : 1;
    const kind = u.kind === "item" ? 1.1 : 1;
    // "This does not rule out…" leans on the sentence before it; alone on a slide it is vague.
    // Short ones are usually commentary on it ("This does not rule out a heat pump.").
    const anaphoric = u.kind === "sentence" && ANAPHORIC.test(u.text) ? (n < 10 ? 0.4 : 0.6) : 1;
    return length * focusFactor * preferFactor * meta * kind * anaphoric;
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
