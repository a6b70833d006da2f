/**
 * Shortening tools of the offline editor: a text cut to a share of its words at a clean boundary,
 * a lead cut to its first sentence, and the bullets worth keeping when a list gets shorter. Pure.
 */
import { compressSentence } from "@/lib/generate/offline/compress-sentence";
import { rankSentences } from "@/lib/generate/offline/rank-sentences";
import { splitSentences } from "@/lib/generate/offline/split-sentences";
import { countWords, hasNumber, terms, words } from "@/lib/generate/offline/tokenize";

/**
 * `text` cut to about 60% of its words (between `min` and `max`), at a clean boundary: the
 * tightest cut that ends a clause (or before a function word) and keeps every figure is taken, a
 * little longer if need be; a text of `min` words or fewer, or one no clean cut shortens, is
 * left as it is.
 */
export function shortenText(text: string, min: number, max: number, keepPeriod = false): string {
  const length = countWords(text);
  if (length <= min) return text;
  const figures = figuresOf(text);
  const target = Math.min(max, Math.max(min, Math.round(length * 0.6)));
  for (let budget = target; budget < length; budget++) {
    const cut = compressSentence(text, { maxWords: budget, keepPeriod });
    if (cut.quality < CLEAN || countWords(cut.text) >= length) continue;
    const kept = figuresOf(cut.text);
    if (figures.every((f) => kept.includes(f))) return cut.text;
  }
  return text;
}

// compressSentence's quality: 1 for a whole clause, ~0.55 at a comma, ~0.2 for a forced cut.
const CLEAN = 0.6;

/** The figures of a text ("$61", "18%", "2024"), as written. */
function figuresOf(text: string): string[] {
  return words(text).filter((w) => /\d/.test(w));
}

/** A lead cut to its first sentence (shortened), and the sentences cut off it. */
export function shortenLead(text: string, max: number): { text: string; cut: string[] } {
  const sentences = splitSentences(text);
  if (sentences.length === 0) return { text, cut: [] };
  return { text: shortenText(sentences[0], Math.min(8, max), max, true), cut: sentences.slice(1) };
}

/** How many of `n` bullets a shorter slide keeps: three or fewer stay, longer lists lose about 40%. */
export function keptCount(n: number): number {
  return n <= 3 ? n : Math.max(3, Math.ceil(n * 0.6));
}

/**
 * Indexes of the `keep` bullets that carry the slide (most central by TextRank, figures weighed
 * up), in their original order.
 */
export function centralIndexes(bullets: readonly string[], keep: number): number[] {
  if (keep >= bullets.length) return bullets.map((_, i) => i);
  const scores = rankSentences(bullets.map((b) => terms(b)));
  const weighted = scores.map((s, i) => ({ i, score: s * (hasNumber(bullets[i]) ? 1.3 : 1) - i * 1e-6 }));
  return weighted
    .sort((a, b) => b.score - a.score)
    .slice(0, keep)
    .map((w) => w.i)
    .sort((a, b) => a - b);
}
