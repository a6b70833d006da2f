import "server-only";
import type { TLine, TTextRun } from "./boxes";
import { canBreakBetween, isSpace } from "./char-classes";
import { measureRun, runAdvancesEm } from "./fonts";

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

// Widths are sums of floats; a line exactly as wide as the room must not count as too wide.
const EPSILON = 1e-9;

/**
 * Wraps one paragraph greedily into lines no wider than `maxWidth`, in logical order (renderers
 * reorder right-to-left text per line). Breaks after spaces (which hang past the edge, as in
 * PowerPoint) and between CJK characters outside the kinsoku rules; a word wider than the line is
 * broken between characters. Trailing spaces are left out of a line's runs and width. Character
 * widths come from shaped text where the script needs it (Arabic), and each line's width is
 * measured again from its own runs, so it is exactly what renderers draw.
 */
export function wrapParagraph(runs: TTextRun[], options: TWrapOptions): TWrappedLine[] {
  const chars = toChars(runs, options);
  const lines: TWrappedLine[] = [];
  let start = 0;
  while (start < chars.length) {
    let end = lineEnd(chars, start, options.maxWidth);
    let line = toLine(runs, chars, start, end, options);
    // A word cut inside a shaped script changes form at the cut and may come out wider than the
    // sum of its characters: give back characters until the line fits.
    while (line.width > options.maxWidth + EPSILON && end > start + 1) {
      end -= 1;
      line = toLine(runs, chars, start, end, options);
    }
    lines.push(line);
    start = end;
  }
  return lines;
}

function toChars(runs: TTextRun[], { font, fontSize, bold }: TWrapOptions): TChar[] {
  const chars: TChar[] = [];
  let offset = 0;
  runs.forEach((run, index) => {
    const advances = runAdvancesEm(font, { ...run, bold: bold || run.bold });
    Array.from(run.text).forEach((text, at) => {
      const cp = text.codePointAt(0) ?? 0;
      chars.push({ text, run: index, width: advances[at] * fontSize, offset, space: isSpace(cp), cp });
      offset += text.length;
    });
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
    if (i > start && width + char.width > maxWidth + EPSILON) return lastBreak > start ? lastBreak : i;
    width += char.width;
    const next = chars[i + 1];
    if (next && !next.space && canBreakBetween(char.cp, next.cp)) lastBreak = i + 1;
  }
  return chars.length;
}

function toLine(
  runs: TTextRun[],
  chars: TChar[],
  start: number,
  end: number,
  { font, fontSize, bold }: TWrapOptions,
): TWrappedLine {
  let visibleEnd = end;
  while (visibleEnd > start && chars[visibleEnd - 1].space) visibleEnd -= 1;
  const lineRuns: TTextRun[] = [];
  for (let i = start; i < visibleEnd; i++) {
    const char = chars[i];
    const last = lineRuns.at(-1);
    if (last && chars[i - 1]?.run === char.run && i > start) last.text += char.text;
    else lineRuns.push({ ...runs[char.run], text: char.text });
  }
  const width = lineRuns.reduce((sum, run) => sum + measureRun(font, run, fontSize, bold), 0);
  const last = chars[chars.length - 1];
  const endOffset = end < chars.length ? chars[end].offset : last.offset + last.text.length;
  return { runs: lineRuns, width, start: chars[start].offset, end: endOffset };
}
