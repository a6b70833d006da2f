import "server-only";
import { isRtlText } from "./bidi";
import type { TParagraph, TTextRun } from "./boxes";
import { bulletIndent } from "./bullet-style";
import { measureRun } from "./fonts";
import { sliceRuns } from "./slice-runs";
import { textHeight } from "./text-height";
import { type TWrappedLine, wrapParagraph } from "./wrap-paragraph";

/** A paragraph before layout: styled runs, optionally bulleted. */
export type TParagraphSpec = { runs: TTextRun[]; bullet?: boolean };

export type TFitSpec = {
  paragraphs: TParagraphSpec[];
  w: number;
  h: number;
  font: string;
  /** The box's own weight (titles). */
  bold?: boolean;
  /** The size the layout prefers; the fitter only ever shrinks from here. */
  fontSize: number;
  /** The floor; defaults to 60% of the preferred size, never below 14 units. */
  minFontSize?: number;
  lineHeight: number;
  /** Space after each paragraph as a multiple of the font size, so it shrinks with the text. */
  paragraphGapEm?: number;
  /** Text that does not fit at the floor: carried over to the caller ("split") or cut with "…". */
  overflow?: "split" | "ellipsis";
};

export type TFitResult = {
  fontSize: number;
  paragraphGap: number;
  paragraphs: TParagraph[];
  /** Height of the laid-out text, never more than the box's. */
  height: number;
  /** What did not fit at the floor size in "split" mode, for a continuation slide. */
  overflow: TParagraphSpec[];
};

/**
 * Lines are wrapped to this share of a box's width, and the PPTX gives PowerPoint and LibreOffice
 * the same width (the rest is an inset on the side the text does not start from), so they break
 * lines where we did. The 3% keeps the text clear of the box edge whatever a viewer's rounding.
 */
export const WIDTH_SAFETY = 0.97;

// Even sizes in units are whole or half points (1 unit = 0.75 pt), which PowerPoint shows cleanly.
export const FONT_STEP = 2;
const EPSILON = 1e-6;
const ELLIPSIS = "\u2026";

type TLaid = { spec: TParagraphSpec; lines: TWrappedLine[] };

/** The default floor for a preferred size: 60% of it, rounded up to an even size, at least 14. */
export function defaultMinFontSize(preferred: number): number {
  return Math.min(preferred, Math.max(14, Math.ceil((preferred * 0.6) / FONT_STEP) * FONT_STEP));
}

/**
 * The width lines of a paragraph are wrapped to: the box's wrap width less the bullet indent —
 * exactly the room a PPTX viewer has inside the box's insets.
 */
export function wrapWidth(boxWidth: number, fontSize: number, bullet: boolean | undefined): number {
  return boxWidth * WIDTH_SAFETY - (bullet ? bulletIndent(fontSize) : 0);
}

/**
 * Fits paragraphs into a box: wraps them at the preferred size and shrinks step by step down to
 * the floor until they fit. If they still do not fit, returns what fits and, in "split" mode, the
 * rest as `overflow` (split between paragraphs when at least one fits, else inside the first).
 */
export function fitText(spec: TFitSpec): TFitResult {
  const floor = Math.min(spec.minFontSize ?? defaultMinFontSize(spec.fontSize), spec.fontSize);
  for (let size = spec.fontSize; ; size = Math.max(size - FONT_STEP, floor)) {
    const laid = layAll(spec, size);
    if (heightAt(spec, laid, size) <= spec.h + EPSILON) return result(spec, laid, size, []);
    if (size === floor)
      return spec.overflow === "ellipsis" ? truncate(spec, laid, size) : split(spec, laid, size);
  }
}

function layAll(spec: TFitSpec, fontSize: number): TLaid[] {
  return spec.paragraphs.map((paragraph) => ({
    spec: paragraph,
    lines: wrapParagraph(paragraph.runs, {
      font: spec.font,
      fontSize,
      bold: spec.bold,
      maxWidth: wrapWidth(spec.w, fontSize, paragraph.bullet),
    }),
  }));
}

function heightAt(spec: TFitSpec, laid: TLaid[], fontSize: number): number {
  return textHeight(laid, fontSize, spec.lineHeight, gapAt(spec, fontSize));
}

function gapAt(spec: TFitSpec, fontSize: number): number {
  return (spec.paragraphGapEm ?? 0) * fontSize;
}

/** How many lines of one more paragraph fit below the paragraphs kept so far. */
function roomFor(spec: TFitSpec, kept: TLaid[], fontSize: number): number {
  const gap = gapAt(spec, fontSize);
  const top = kept.length ? textHeight(kept, fontSize, spec.lineHeight, gap) + gap : 0;
  return Math.max(Math.floor((spec.h - top + EPSILON) / (fontSize * spec.lineHeight)), 0);
}

function split(spec: TFitSpec, laid: TLaid[], fontSize: number): TFitResult {
  const kept: TLaid[] = [];
  for (const [index, paragraph] of laid.entries()) {
    const room = roomFor(spec, kept, fontSize);
    if (paragraph.lines.length <= room) {
      kept.push(paragraph);
      continue;
    }
    const rest = laid.slice(index + 1).map((next) => next.spec);
    if (kept.length) return result(spec, kept, fontSize, [paragraph.spec, ...rest]);
    if (room === 0)
      throw new Error(`A ${spec.w}×${spec.h} text box cannot hold one line at size ${fontSize}`);
    const cut = paragraph.lines[room - 1].end;
    const head = {
      spec: { ...paragraph.spec, runs: sliceRuns(paragraph.spec.runs, 0, cut) },
      lines: paragraph.lines.slice(0, room),
    };
    const tail = { ...paragraph.spec, runs: sliceRuns(paragraph.spec.runs, cut) };
    return result(spec, [head], fontSize, [tail, ...rest]);
  }
  return result(spec, kept, fontSize, []);
}

function truncate(spec: TFitSpec, laid: TLaid[], fontSize: number): TFitResult {
  const kept: TLaid[] = [];
  for (const paragraph of laid) {
    const room = roomFor(spec, kept, fontSize);
    if (paragraph.lines.length <= room) {
      kept.push(paragraph);
      continue;
    }
    if (room > 0) kept.push(paragraph);
    const last = kept.at(-1);
    if (!last) throw new Error(`A ${spec.w}×${spec.h} text box cannot hold one line at size ${fontSize}`);
    kept[kept.length - 1] = ellipsize(spec, last, last === paragraph ? room : last.lines.length, fontSize);
    break;
  }
  return result(spec, kept, fontSize, []);
}

/** Keeps a paragraph's first `count` lines and ends the last one with "…" inside the width. */
function ellipsize(spec: TFitSpec, paragraph: TLaid, count: number, fontSize: number): TLaid {
  const line = paragraph.lines[count - 1];
  const maxWidth = wrapWidth(spec.w, fontSize, paragraph.spec.bullet);
  const measure = (runs: TTextRun[]) =>
    runs.reduce((sum, run) => sum + measureRun(spec.font, run, fontSize, spec.bold), 0);
  let cut = line.end;
  let runs: TTextRun[];
  for (;;) {
    runs = withEllipsis(trimEnd(sliceRuns(paragraph.spec.runs, line.start, cut)));
    if (cut <= line.start || measure(runs) <= maxWidth) break;
    cut -= isLowSurrogate(lineText(paragraph.spec.runs, cut - 1)) ? 2 : 1;
  }
  const lastLine: TWrappedLine = { runs, width: measure(runs), start: line.start, end: cut };
  return {
    spec: { ...paragraph.spec, runs: [...sliceRuns(paragraph.spec.runs, 0, line.start), ...runs] },
    lines: [...paragraph.lines.slice(0, count - 1), lastLine],
  };
}

function lineText(runs: TTextRun[], at: number): string {
  return sliceRuns(runs, at, at + 1)[0]?.text ?? "";
}

function isLowSurrogate(ch: string): boolean {
  const code = ch.charCodeAt(0);
  return code >= 0xdc00 && code <= 0xdfff;
}

function trimEnd(runs: TTextRun[]): TTextRun[] {
  const out = runs.map((run) => ({ ...run }));
  while (out.length) {
    const last = out[out.length - 1];
    last.text = last.text.trimEnd();
    if (last.text) break;
    out.pop();
  }
  return out;
}

function withEllipsis(runs: TTextRun[]): TTextRun[] {
  const last = runs.at(-1);
  if (!last) return [{ text: ELLIPSIS }];
  return [...runs.slice(0, -1), { ...last, text: last.text + ELLIPSIS }];
}

function result(spec: TFitSpec, laid: TLaid[], fontSize: number, overflow: TParagraphSpec[]): TFitResult {
  const paragraphGap = gapAt(spec, fontSize);
  return {
    fontSize,
    paragraphGap,
    paragraphs: laid.map(({ spec: paragraph, lines }) => ({
      runs: paragraph.runs,
      ...(paragraph.bullet ? { bullet: true } : {}),
      ...(isRtlText(paragraph.runs.map((run) => run.text).join("")) ? { rtl: true } : {}),
      lines: lines.map(({ runs, width }) => ({ runs, width })),
    })),
    height: textHeight(laid, fontSize, spec.lineHeight, paragraphGap),
    overflow,
  };
}
