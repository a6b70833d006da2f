/**
 * Bidirectional text (Unicode UAX #9, through bidi-js): which paragraphs run right to left, and the
 * visual order of a wrapped line's pieces for renderers that place glyphs themselves (the PDF).
 * Lines keep their runs in logical order — PowerPoint and the browser reorder them themselves.
 * Client-safe.
 */
import bidiFactory from "bidi-js";
import type { TTextRun } from "./boxes";

const bidi = bidiFactory();

/** Whether a paragraph runs right to left: its first strong character is Arabic, Hebrew… (P2–P3). */
export function isRtlText(text: string): boolean {
  for (const ch of text) {
    const type = bidi.getBidiCharTypeName(ch);
    if (type === "L") return false;
    if (type === "R" || type === "AL") return true;
  }
  return false;
}

/** A run's text between two offsets of a line (UTF-16, across its runs), drawn in one direction. */
export type TBidiPiece = {
  /** Index of the run in the line. */
  run: number;
  start: number;
  end: number;
  /** Drawn right to left (an odd embedding level): its characters appear in reverse order. */
  rtl: boolean;
};

/**
 * The pieces of one line in visual order, left to right. Levels are resolved on the line with the
 * paragraph's direction, as the editor's browser resolves each line element, so both agree.
 */
export function visualPieces(runs: readonly TTextRun[], rtl: boolean): TBidiPiece[] {
  const text = runs.map((run) => run.text).join("");
  if (!text) return [];
  const runOf: number[] = [];
  runs.forEach((run, index) => {
    for (let i = 0; i < run.text.length; i++) runOf.push(index);
  });
  const embedding = bidi.getEmbeddingLevels(text, rtl ? "rtl" : "ltr");
  const pieces: (TBidiPiece & { level: number; last: number })[] = [];
  for (const index of bidi.getReorderedIndices(text, embedding)) {
    const level = embedding.levels[index];
    const piece = pieces.at(-1);
    const step = level % 2 ? -1 : 1;
    if (piece && piece.level === level && piece.run === runOf[index] && index === piece.last + step) {
      piece.start = Math.min(piece.start, index);
      piece.end = Math.max(piece.end, index + 1);
      piece.last = index;
    } else {
      pieces.push({
        run: runOf[index],
        start: index,
        end: index + 1,
        rtl: level % 2 === 1,
        level,
        last: index,
      });
    }
  }
  return pieces.map(({ run, start, end, rtl: reversed }) => ({ run, start, end, rtl: reversed }));
}

/** `text` with the characters a right-to-left level mirrors swapped: "(" ↔ ")", "<" ↔ ">"… */
export function mirrorText(text: string): string {
  return Array.from(text, (ch) => bidi.getMirroredCharacter(ch) ?? ch).join("");
}

const RTL_LETTER = /\p{L}/u;

/**
 * Whether text holds a letter of a right-to-left script. Shapers (fontkit, and pdfkit through it)
 * lay such text out right to left themselves; text without one is laid out left to right.
 */
export function hasRtlLetter(text: string): boolean {
  for (const ch of text) {
    const type = bidi.getBidiCharTypeName(ch);
    if ((type === "R" || type === "AL") && RTL_LETTER.test(ch)) return true;
  }
  return false;
}
