/**
 * Where the words of two PDFs of the same deck land, from poppler's `pdftotext -bbox`: a check the
 * pixel figure cannot make precisely. A face that is not metric-compatible, or a line that breaks
 * elsewhere, moves words by many points; a metric-compatible substitute moves them by a point or
 * two. Horizontal positions are compared closely; vertical ones loosely, because each producer
 * reports a word's top from its own font bounding box.
 */
import { execFileSync } from "node:child_process";

/** A word's top-left corner and height, in points. */
export type TWord = { text: string; x: number; y: number; h: number };

/**
 * Largest vertical gap between the tops of the same word that still counts as a match: the larger
 * of 6 pt and 30 % of the word's height. Producers place a word's top by their own font bounding
 * boxes (up to ~5 pt apart for body text, more for a 100 pt quotation mark); a word that moved to
 * another line is a whole line height (over 100 % of its height) away.
 */
function maxDy(word: TWord): number {
  return Math.max(6, 0.3 * word.h);
}
/**
 * Largest horizontal gap that counts as the same place: 3 pt plus 1 % of the word's distance from
 * the page's left edge. LibreOffice 7.4 sets long lines consistently about 0.5 % shorter than their
 * advances add up to (a 13.5 pt serif line ends 3.5 pt early at x = 660 pt, with the same line
 * breaks), and kerns pairs such as "Tr" that we do not; a face with other metrics drifts by 5 % or
 * more, and a word that moved to another line is a line height down or a line width across.
 */
function maxDx(word: TWord): number {
  return 3 + 0.01 * word.x;
}

/** Glyphs drawn as separate bullet "words" by some producers and not by others. */
const BULLETS = new Set(["•", "◦", "▪", "–"]);

function decode(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}

/** The words of each page of a PDF with their top-left corners, in points. */
export function pdfWords(pdfPath: string): TWord[][] {
  // stderr is kept: pdftotext reports "no word list" for a page without text, which is no error.
  const html = execFileSync("pdftotext", ["-bbox", pdfPath, "-"], {
    encoding: "utf8",
    maxBuffer: 64 << 20,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return html
    .split("<page ")
    .slice(1)
    .map((page) =>
      [
        ...page.matchAll(
          /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<\/word>/g,
        ),
      ]
        .map((m) => ({
          text: decode(m[4]),
          x: Number(m[1]),
          y: Number(m[2]),
          h: Number(m[3]) - Number(m[2]),
        }))
        .filter((word) => !BULLETS.has(word.text)),
    );
}

/**
 * Same word, allowing for right-to-left words that one producer stores in visual order (reversed)
 * and the other in logical order.
 */
function sameText(a: string, b: string): boolean {
  return a === b || a === [...b].reverse().join("");
}

export type TWordDiff = {
  /** Words on our page that were compared. */
  words: number;
  /** Our words with no word of the same text within maxDx() across and maxDy() down on the other page. */
  unmatched: string[];
  /** Largest horizontal offset of a matched word, in points. */
  maxDx: number;
};

/** An area of the page in points (x, y of the top-left corner). */
export type TArea = { x: number; y: number; w: number; h: number };

/**
 * Matches each of our words to the nearest unused word of the same text on the other page and
 * reports the ones that moved (or vanished) and the largest horizontal offset of the rest. Words
 * of ours inside `skip` are left out: a PPTX chart is drawn by the viewer's own chart engine, which
 * places axis labels and legends by its own rules.
 */
export function compareWords(ours: TWord[], theirs: TWord[], skip: TArea[] = []): TWordDiff {
  const used = new Set<number>();
  const unmatched: string[] = [];
  let largest = 0;
  const inside = (word: TWord) =>
    skip.some((a) => word.x >= a.x && word.x <= a.x + a.w && word.y >= a.y && word.y <= a.y + a.h);
  const checked = ours.filter((word) => !inside(word));
  for (const word of checked) {
    let best = -1;
    let bestDistance = Number.POSITIVE_INFINITY;
    theirs.forEach((other, i) => {
      if (used.has(i) || !sameText(other.text, word.text)) return;
      const distance = Math.hypot(other.x - word.x, other.y - word.y);
      if (distance < bestDistance) {
        best = i;
        bestDistance = distance;
      }
    });
    const other = theirs[best];
    const dx = other ? Math.abs(other.x - word.x) : Number.POSITIVE_INFINITY;
    if (!other || dx > maxDx(word) || Math.abs(other.y - word.y) > maxDy(word)) {
      unmatched.push(word.text);
      continue;
    }
    used.add(best);
    largest = Math.max(largest, dx);
  }
  return { words: checked.length, unmatched, maxDx: largest };
}
