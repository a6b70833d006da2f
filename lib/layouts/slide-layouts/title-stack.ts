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

/** A title fitted into one rectangle and lines under it into another (a brand file's frames). */
export type TFramedTitleSpec = Omit<TTitleStackSpec, "x" | "w" | "centerY"> & {
  /** The title hugs this rectangle's bottom. */
  titleRect: TRect;
  /** The lines stack from this rectangle's top, each fitted to what is left of it. */
  linesRect: TRect;
};

/**
 * The cover or section text placed in a brand template's placeholder frames: the title fitted in
 * its frame and moved down to its bottom (where the frame's text sits over what follows), the
 * lines stacked from the top of theirs, each cut with "…" to the room left. Returns the boxes and
 * the rectangle the text covers, as titleStack does.
 */
export function framedTitle(spec: TFramedTitleSpec): { boxes: TTextBox[]; text: TRect } {
  const { titleRect: t, linesRect: l } = spec;
  const boxes: TTextBox[] = [];
  if (spec.title.runs.length) {
    const { box, fit } = fitTextBox({
      role: "title",
      x: t.x,
      y: t.y,
      w: t.w,
      h: t.h,
      paragraphs: [{ runs: spec.title.runs }],
      font: spec.title.font,
      bold: true,
      fontSize: spec.title.fontSize,
      minFontSize: Math.min(spec.title.minFontSize, spec.title.fontSize),
      lineHeight: 1.1,
      overflow: "ellipsis",
      color: spec.title.color,
      align: spec.align,
      valign: "top",
    });
    const hugged = hugText(box, fit);
    boxes.push({ ...hugged, y: t.y + t.h - hugged.h });
  }
  let y = l.y;
  for (const line of spec.lines) {
    if (!line.paragraphs.length) continue;
    if (boxes.length > (spec.title.runs.length ? 1 : 0)) y += line.gap;
    const room = l.y + l.h - y;
    // Under a line's least size there is no room left for it in the frame.
    if (room < line.minFontSize * 1.4) break;
    const { box, fit } = fitTextBox({
      role: line.role,
      x: l.x,
      y,
      w: l.w,
      h: Math.min(line.maxH, room),
      paragraphs: line.paragraphs,
      font: spec.font,
      fontSize: line.fontSize,
      minFontSize: line.minFontSize,
      lineHeight: 1.35,
      paragraphGapEm: line.paragraphGapEm,
      overflow: "ellipsis",
      color: line.color,
      align: spec.align,
      valign: "top",
    });
    const hugged = hugText(box, fit);
    boxes.push(hugged);
    y += hugged.h;
  }
  const widest = Math.max(
    0,
    ...boxes.flatMap((b) => b.paragraphs.flatMap((p) => p.lines.map((line) => line.width))),
  );
  const top = boxes.reduce((v, b) => Math.min(v, b.y), boxes[0]?.y ?? t.y);
  const bottom = boxes.reduce((v, b) => Math.max(v, b.y + b.h), top);
  const x = spec.align === "center" ? t.x + (t.w - widest) / 2 : t.x;
  return { boxes, text: { x, y: top, w: widest, h: bottom - top } };
}
