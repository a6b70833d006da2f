import "server-only";
import type { TLine, TTextRun } from "./boxes";
import { canBreakBetween, isSpace } from "./char-classes";
import { charAdvanceEm } from "./fonts";

export type TWrapOptions = {
  font: string;
  fontSize: number;
  /** The text box's own weight (titles): combined with each run's emphasis. */
  bold?: boolean;
  maxWidth: number;
};

/** A measured line plus where it sits in the paragraph (offsets into the runs' joined text). */
export type TWrappedLine = TLine & { start: number; end: number };

type TChar = { text: string; run: number; width: number; offset: number; space: boolean; cp: number };

/**
 * Wraps one paragraph greedily into lines no wider than `maxWidth`. Breaks after spaces (which
 * hang past the edge, as in PowerPoint) and between CJK characters; a word wider than the line is
 * broken between characters. Trailing spaces are left out of a line's runs and width.
 */
export function wrapParagraph(runs: TTextRun[], options: TWrapOptions): TWrappedLine[] {
  const chars = toChars(runs, options);
  const lines: TWrappedLine[] = [];
  let start = 0;
  while (start < chars.length) {
    const end = lineEnd(chars, start, options.maxWidth);
    lines.push(toLine(runs, chars, start, end));
    start = end;
  }
  return lines;
}

function toChars(runs: TTextRun[], { font, fontSize, bold }: TWrapOptions): TChar[] {
  const chars: TChar[] = [];
  let offset = 0;
  runs.forEach((run, index) => {
    const face = { bold: bold || run.bold, italic: run.italic, code: run.code };
    for (const text of run.text) {
      const cp = text.codePointAt(0) ?? 0;
      const width = charAdvanceEm(font, face, cp) * fontSize;
      chars.push({ text, run: index, width, offset, space: isSpace(cp), cp });
      offset += text.length;
    }
  });
  return chars;
}

/** Index one past the last character of the line that starts at `start`. */
function lineEnd(chars: TChar[], start: number, maxWidth: number): number {
  let width = 0;
  let lastBreak = -1;
  for (let i = start; i < chars.length; i++) {
    const char = chars[i];
    if (char.space) {
      width += char.width;
      if (!chars[i + 1]?.space) lastBreak = i + 1;
      continue;
    }
    if (i > start && width + char.width > maxWidth) return lastBreak > start ? lastBreak : i;
    width += char.width;
    const next = chars[i + 1];
    if (next && !next.space && canBreakBetween(char.cp, next.cp)) lastBreak = i + 1;
  }
  return chars.length;
}

function toLine(runs: TTextRun[], chars: TChar[], start: number, end: number): TWrappedLine {
  let visibleEnd = end;
  while (visibleEnd > start && chars[visibleEnd - 1].space) visibleEnd -= 1;
  const lineRuns: TTextRun[] = [];
  let width = 0;
  for (let i = start; i < visibleEnd; i++) {
    const char = chars[i];
    width += char.width;
    const last = lineRuns.at(-1);
    if (last && chars[i - 1]?.run === char.run && i > start) last.text += char.text;
    else lineRuns.push({ ...runs[char.run], text: char.text });
  }
  const last = chars[chars.length - 1];
  const endOffset = end < chars.length ? chars[end].offset : last.offset + last.text.length;
  return { runs: lineRuns, width, start: chars[start].offset, end: endOffset };
}
