/** Fits source text into a model's input budget without losing its ending. */

const GAP = "\n\n[…]\n\n";

/**
 * `text` when it fits in `maxChars`; otherwise its first two thirds and last third of the budget,
 * each cut at a paragraph (or sentence) boundary, joined by "[…]": a document's conclusion
 * matters to a deck as much as its opening.
 */
export function truncateContent(text: string, maxChars: number): { text: string; truncated: boolean } {
  if (text.length <= maxChars) return { text, truncated: false };
  const budget = Math.max(0, maxChars - GAP.length);
  const headBudget = Math.floor((budget * 2) / 3);
  const head = cutEnd(text.slice(0, headBudget));
  const tail = cutStart(text.slice(text.length - (budget - head.length)));
  return { text: `${head.trimEnd()}${GAP}${tail.trimStart()}`, truncated: true };
}

/** Drops the partial paragraph (or sentence) at the end, unless that would drop most of it. */
function cutEnd(s: string): string {
  const boundary = Math.max(s.lastIndexOf("\n\n"), s.lastIndexOf(". "));
  return boundary > s.length / 2 ? s.slice(0, boundary + 1) : s;
}

/** Drops the partial paragraph (or sentence) at the start, unless that would drop most of it. */
function cutStart(s: string): string {
  const para = s.indexOf("\n\n");
  const sentence = s.indexOf(". ");
  const candidates = [para, sentence].filter((i) => i >= 0 && i < s.length / 2);
  return candidates.length ? s.slice(Math.min(...candidates) + 1) : s;
}
