/**
 * A slide's text formatting (slide.format) applied to the boxes its layout made: each text box
 * whose role is a formatted box takes the alignment, and its size step — the box's text fitted
 * again at about 15% larger or smaller per step. Larger never overflows: the fitter shrinks back
 * towards the layout's own size, and a box with no room to grow keeps it. Server-only (fonts).
 */
import "server-only";
import type { TTextFormat } from "@/lib/deck/schema";
import type { TBox, TTextBox } from "./boxes";
import { FONT_STEP, fitText } from "./fit-text";

const STEP = 1.15;

/** The boxes with `format` applied (the same array when the slide has none). */
export function applyTextFormat(
  boxes: TBox[],
  format: Readonly<Record<string, TTextFormat>> | undefined,
): TBox[] {
  if (!format || Object.keys(format).length === 0) return boxes;
  return boxes.map((box) => {
    const set = box.kind === "text" ? format[box.role] : undefined;
    if (!set || box.kind !== "text") return box;
    const sized = set.size ? resize(box, set.size) : box;
    return set.align ? { ...sized, align: set.align } : sized;
  });
}

/** The box's text fitted again `step` steps larger or smaller, in the same box. */
function resize(box: TTextBox, step: number): TTextBox {
  const even = (size: number) => Math.max(FONT_STEP * 4, Math.round(size / FONT_STEP) * FONT_STEP);
  const target = even(box.fontSize * STEP ** step);
  if (target === box.fontSize) return box;
  const fit = fitText({
    paragraphs: box.paragraphs.map((p) => ({ runs: p.runs, ...(p.bullet ? { bullet: true } : {}) })),
    w: box.w,
    h: box.h,
    font: box.font,
    ...(box.bold ? { bold: true } : {}),
    fontSize: target,
    // Larger shrinks back no further than the layout's size (at which the text fitted); smaller stays small.
    minFontSize: step > 0 ? box.fontSize : target,
    lineHeight: box.lineHeight,
    paragraphGapEm: box.fontSize > 0 ? box.paragraphGap / box.fontSize : 0,
    overflow: "split",
  });
  if (fit.overflow.length > 0) return box;
  return { ...box, fontSize: fit.fontSize, paragraphGap: fit.paragraphGap, paragraphs: fit.paragraphs };
}
