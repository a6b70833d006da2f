import "server-only";
import type { TTextBox } from "@/lib/layouts/boxes";
import { BULLET_CHAR } from "@/lib/layouts/bullet-style";
import { fontVerticalMetrics } from "@/lib/layouts/fonts";
import { placeLines } from "@/lib/layouts/place-lines";
import type { PdfFonts } from "./pdf-fonts";

// Plain glyph advances, as measured: fontkit would otherwise kern and form ligatures, and lines
// would come out narrower than the layout placed them. (pdfkit passes this object to fontkit.)
const NO_SHAPING = { kern: false, liga: false } as unknown as PDFKit.Mixins.OpenTypeFeatures[];

/** Draws a text box's measured lines where the layout put them, run by run, as vector text. */
export function drawTextBox(doc: PDFKit.PDFDocument, fonts: PdfFonts, box: TTextBox) {
  const { ascent, descent } = fontVerticalMetrics(box.font);
  const lineBox = box.fontSize * box.lineHeight;
  // The CSS model: the font's ascent + descent centred in the line box.
  const baseline = (lineBox - (ascent + descent) * box.fontSize) / 2 + ascent * box.fontSize;
  const draw = (font: string, text: string, x: number, y: number) =>
    doc
      .font(font)
      .fontSize(box.fontSize)
      .text(text, x, y, { lineBreak: false, baseline: "alphabetic", features: NO_SHAPING });

  doc.fillColor(box.color);
  for (const { line, x, top, bulletX } of placeLines(box)) {
    const y = top + baseline;
    if (bulletX !== undefined) draw(fonts.face(box.font, "regular"), BULLET_CHAR, bulletX, y);
    let cursor = x;
    for (const run of line.runs) {
      for (const segment of fonts.segments(run, box.font, box.fontSize, box.bold)) {
        draw(segment.font, segment.text, cursor, y);
        cursor += segment.width;
      }
    }
  }
}
