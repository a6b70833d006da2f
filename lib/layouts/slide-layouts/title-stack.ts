import "server-only";
import type { TTextBox, TTextRun } from "../boxes";
import type { TParagraphSpec } from "../fit-text";
import type { TRect } from "./frame";
import { stackCentered } from "./stack-centered";
import { fitTextBox, hugText } from "./text-box";

/** One line of the stack under the title: a lead, a subtitle, contact lines. */
export type TStackLine = {
  role: string;
  paragraphs: TParagraphSpec[];
  fontSize: number;
  minFontSize: number;
  /** The most height it may take before it is cut with "…". */
  maxH: number;
  /** Space above it. */
  gap: number;
  color: string;
  paragraphGapEm?: number;
};

export type TTitleStackSpec = {
  x: number;
  w: number;
  align: "left" | "center";
  /** The stack is centred vertically on this y. */
  centerY: number;
  title: {
    runs: TTextRun[];
    font: string;
    fontSize: number;
    minFontSize: number;
    maxH: number;
    color: string;
  };
  /** Font of the lines under the title. */
  font: string;
  lines: TStackLine[];
};

/**
 * A big title over lines of smaller text, each fitted to its own height and stacked, the group
 * centred on `centerY` — the cover, section and closing slides. Returns the boxes and the rectangle
 * the text actually covers (for the template's title mark and decoration).
 */
export function titleStack(spec: TTitleStackSpec): { boxes: TTextBox[]; text: TRect } {
  const common = {
    x: spec.x,
    y: 0,
    w: spec.w,
    overflow: "ellipsis",
    align: spec.align,
    valign: "top",
  } as const;
  const items: { box: TTextBox; gap: number }[] = [];
  if (spec.title.runs.length) {
    const { box, fit } = fitTextBox({
      ...common,
      role: "title",
      h: spec.title.maxH,
      paragraphs: [{ runs: spec.title.runs }],
      font: spec.title.font,
      bold: true,
      fontSize: spec.title.fontSize,
      minFontSize: spec.title.minFontSize,
      lineHeight: 1.1,
      color: spec.title.color,
    });
    items.push({ box: hugText(box, fit), gap: 0 });
  }
  for (const line of spec.lines) {
    if (!line.paragraphs.length) continue;
    const { box, fit } = fitTextBox({
      ...common,
      role: line.role,
      h: line.maxH,
      paragraphs: line.paragraphs,
      font: spec.font,
      fontSize: line.fontSize,
      minFontSize: line.minFontSize,
      lineHeight: 1.35,
      paragraphGapEm: line.paragraphGapEm,
      color: line.color,
    });
    items.push({ box: hugText(box, fit), gap: items.length ? line.gap : 0 });
  }
  const { boxes, top } = stackCentered(items, spec.centerY);
  const widest = Math.max(
    0,
    ...boxes.flatMap((b) => b.paragraphs.flatMap((p) => p.lines.map((l) => l.width))),
  );
  const bottom = boxes.reduce((y, b) => Math.max(y, b.y + b.h), top);
  const textX = spec.align === "center" ? spec.x + (spec.w - widest) / 2 : spec.x;
  return { boxes, text: { x: textX, y: top, w: widest, h: bottom - top } };
}
