/**
 * Where each measured line of a text box is drawn: the PDF renderer and the editor both place
 * lines with this, so they agree to the unit. Client-safe.
 */
import type { TLine, TTextBox } from "./boxes";
import { bulletAdvanceEm, bulletIndent } from "./bullet-style";
import { textHeight } from "./text-height";

export type TPlacedLine = {
  line: TLine;
  /** Left edge of the line's text, after alignment. */
  x: number;
  /** Top of the line box (the line box is fontSize × lineHeight tall). */
  top: number;
  /** Left edge of the bullet glyph, on a bulleted paragraph's first line. */
  bulletX?: number;
  /** The line belongs to a right-to-left paragraph: its runs are drawn in bidi visual order. */
  rtl?: boolean;
};

/** The edge a box's alignment means for a paragraph: a right-to-left one mirrors left and right. */
export function paragraphAlign(align: TTextBox["align"], rtl: boolean | undefined): TTextBox["align"] {
  if (!rtl || align === "center") return align;
  return align === "left" ? "right" : "left";
}

/**
 * Positions of all lines of a box, honouring valign, align, bullets and paragraph gaps. A
 * right-to-left paragraph starts at the right: its alignment is mirrored and its bullet hangs in
 * the indent on the right.
 */
export function placeLines(box: TTextBox): TPlacedLine[] {
  const lineBox = box.fontSize * box.lineHeight;
  const height = textHeight(box.paragraphs, box.fontSize, box.lineHeight, box.paragraphGap);
  const slack = box.h - height;
  let top = box.y + (box.valign === "middle" ? slack / 2 : box.valign === "bottom" ? slack : 0);
  const placed: TPlacedLine[] = [];
  for (const paragraph of box.paragraphs) {
    const rtl = Boolean(paragraph.rtl);
    const indent = paragraph.bullet ? bulletIndent(box.fontSize) : 0;
    const left = box.x + (rtl ? 0 : indent);
    const width = box.w - indent;
    const align = paragraphAlign(box.align, rtl);
    const bulletX = rtl ? box.x + box.w - bulletAdvanceEm(box.font) * box.fontSize : box.x;
    paragraph.lines.forEach((line, index) => {
      const free = width - line.width;
      const x = align === "center" ? left + free / 2 : align === "right" ? left + free : left;
      placed.push({
        line,
        x,
        top,
        ...(paragraph.bullet && index === 0 ? { bulletX } : {}),
        ...(rtl ? { rtl } : {}),
      });
      top += lineBox;
    });
    top += box.paragraphGap;
  }
  return placed;
}
