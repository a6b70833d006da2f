/**
 * Topic segmentation for text without headings, TextTiling-style: compare the content terms on
 * each side of every paragraph gap and cut where the overlap dips well below its neighbours.
 */

import { cosine, termCounts } from "./similarity";
import type { TUnit } from "./source-types";
import { countWords } from "./tokenize";

/** Groups units into topical runs; falls back to sentence windows when paragraphs are few. */
export function segmentByTopic(units: readonly TUnit[]): TUnit[][] {
  if (units.length === 0) return [];
  let blocks = groupBy(units, (u) => u.group);
  if (blocks.length < 3 && units.length >= 6) blocks = chunk(units, 3);
  if (blocks.length < 3) return [units.slice()];

  const gaps = blocks.slice(0, -1).map((_, i) => similarityAcross(blocks, i));
  const depths = gaps.map((s, i) => depthAt(gaps, i, s));
  const mean = depths.reduce((a, b) => a + b, 0) / depths.length;
  const sd = Math.sqrt(depths.reduce((a, d) => a + (d - mean) ** 2, 0) / depths.length);
  const cutoff = Math.max(0.02, mean - sd / 2);
  // Neighbours that share almost nothing are different topics even without a dip around them.
  const meanSim = gaps.reduce((a, b) => a + b, 0) / gaps.length;
  const unrelated = Math.min(0.08, meanSim * 0.5);

  const sections: TUnit[][] = [[...blocks[0]]];
  for (let i = 0; i < gaps.length; i++) {
    // (Never between a table's rows, nor inside a quotation: they are one thing; nor after the
    // sentence that introduces what follows, "Here's what you will need:".)
    const first = blocks[i + 1][0];
    const last = blocks[i].at(-1);
    const inside =
      first.tableOf !== undefined ||
      (!!first.quote && first.quote === last?.quote) ||
      (last?.kind === "sentence" && /:\s*$/.test(last.text));
    if (!inside && (depths[i] >= cutoff || gaps[i] < unrelated)) sections.push([...blocks[i + 1]]);
    else sections[sections.length - 1].push(...blocks[i + 1]);
  }
  return withShortSectionsJoined(sections);
}

/**
 * A topic run of fewer words than this, or of one or two sentences with fewer than `pairWords`,
 * is no slide of its own: it joins its neighbour.
 */
const MIN_SECTION = { words: 20, pairWords: 30 };

/**
 * Runs too short to carry a slide ("This appendix explains what that means!" after the sentence
 * the cover shows) join the run after them, or the one before when they end the text.
 */
function withShortSectionsJoined(sections: TUnit[][]): TUnit[][] {
  const out = sections.map((s) => s.slice());
  for (let i = 0; i < out.length && out.length > 1; ) {
    const words = wordsIn(out[i]);
    if (words >= MIN_SECTION.words && (out[i].length > 2 || words >= MIN_SECTION.pairWords)) {
      i++;
      continue;
    }
    if (i + 1 < out.length) out.splice(i, 2, [...out[i], ...out[i + 1]]);
    else out.splice(i - 1, 2, [...out[i - 1], ...out[i]]);
  }
  return out;
}

function wordsIn(units: readonly TUnit[]): number {
  return units.reduce((n, u) => n + countWords(u.text), 0);
}

/** Similarity of the block before gap i with the block after it (one block each side). */
function similarityAcross(blocks: TUnit[][], i: number): number {
  const left = termCounts(blocks[i].flatMap((u) => u.terms));
  const right = termCounts(blocks[i + 1].flatMap((u) => u.terms));
  return cosine(left, right);
}

/** How far the similarity at gap i sits below the peaks on either side. */
function depthAt(gaps: number[], i: number, s: number): number {
  let left = s;
  for (let j = i - 1; j >= 0 && gaps[j] >= left; j--) left = gaps[j];
  let right = s;
  for (let j = i + 1; j < gaps.length && gaps[j] >= right; j++) right = gaps[j];
  return left - s + (right - s);
}

function groupBy(units: readonly TUnit[], key: (u: TUnit) => number): TUnit[][] {
  const out: TUnit[][] = [];
  let last: number | null = null;
  for (const u of units) {
    if (key(u) !== last) out.push([]);
    out[out.length - 1].push(u);
    last = key(u);
  }
  return out;
}

function chunk(units: readonly TUnit[], size: number): TUnit[][] {
  const out: TUnit[][] = [];
  for (let i = 0; i < units.length; i += size) out.push(units.slice(i, i + size));
  return out;
}
