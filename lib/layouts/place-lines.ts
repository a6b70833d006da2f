/**
 * Where each measured line of a text box is drawn: the PDF renderer and the editor both place
 * lines with this, so they agree to the unit. Client-safe.
 */
import type { TLine, TTextBox } from "./boxes";
import { bulletIndent } from "./bullet-style";
import { textHeight } from "./text-height";

export type TPlacedLine = {
  line: TLine;
  /** Left edge of the line's text, after alignment. */
  x: number;
  /** Top of the line box (the line box is fontSize × lineHeight tall). */
  top: number;
  /** Left edge of the bullet glyph, on a bulleted paragraph's first line. */
  bulletX?: number;
};

/** Positions of all lines of a box, honouring valign, align, bullets and paragraph gaps. */
export function placeLines(box: TTextBox): TPlacedLine[] {
  const lineBox = box.fontSize * box.lineHeight;
  const height = textHeight(box.paragraphs, box.fontSize, box.lineHeight, box.paragraphGap);
  const slack = box.h - height;
  let top = box.y + (box.valign === "middle" ? slack / 2 : box.valign === "bottom" ? slack : 0);
  const placed: TPlacedLine[] = [];
  for (const paragraph of box.paragraphs) {
    const indent = paragraph.bullet ? bulletIndent(box.fontSize) : 0;
    const left = box.x + indent;
    const width = box.w - indent;
    paragraph.lines.forEach((line, index) => {
      const free = width - line.width;
      const x = box.align === "center" ? left + free / 2 : box.align === "right" ? left + free : left;
      placed.push({ line, x, top, ...(paragraph.bullet && index === 0 ? { bulletX: box.x } : {}) });
      top += lineBox;
    });
    top += box.paragraphGap;
  }
  return placed;
}
