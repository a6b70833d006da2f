import "server-only";
import type { TLine, TTextBox } from "@/lib/layouts/boxes";
import { BULLET_CHAR } from "@/lib/layouts/bullet-style";
import { fontVerticalMetrics, shapingFeatures } from "@/lib/layouts/fonts";
import { placeLines } from "@/lib/layouts/place-lines";
import type { PdfFonts, TLineStyle } from "./pdf-fonts";

/** Draws a text box's measured lines where the layout put them, as vector text. */
export function drawTextBox(doc: PDFKit.PDFDocument, fonts: PdfFonts, box: TTextBox) {
  const baseline = baselineOffset(box.font, box.fontSize, box.lineHeight);
  const style = { fontKey: box.font, fontSize: box.fontSize, bold: box.bold, color: box.color };
  doc.fillColor(box.color);
  for (const { line, x, top, bulletX, rtl } of placeLines(box)) {
    const y = top + baseline;
    if (bulletX !== undefined)
      drawText(doc, fonts.face(box.font, "regular"), box.fontSize, BULLET_CHAR, bulletX, y);
    drawLine(doc, fonts, line, x, y, { ...style, rtl });
  }
}

/**
 * Distance from the top of a line box to the baseline: the CSS model, the family's ascent +
 * descent centred in the line box, so the PDF puts baselines where the editor does.
 */
export function baselineOffset(fontKey: string, fontSize: number, lineHeight: number): number {
  const { ascent, descent } = fontVerticalMetrics(fontKey);
  return (fontSize * lineHeight - (ascent + descent) * fontSize) / 2 + ascent * fontSize;
}

/**
 * Draws one measured line with its left edge at `x` and its baseline at `y`: each piece in its
 * own face, left to right in visual order, advanced by its measured width. A highlighted piece
 * gets its highlighter rectangle first (the font's ascent to descent, as a browser paints a
 * span's background), a coloured one its own fill; links and underlined pieces are underlined.
 */
export function drawLine(
  doc: PDFKit.PDFDocument,
  fonts: PdfFonts,
  line: TLine,
  x: number,
  y: number,
  style: TLineStyle,
) {
  let cursor = x;
  const { ascent, descent } = fontVerticalMetrics(style.fontKey);
  for (const segment of fonts.line(line.runs, style)) {
    if (segment.highlightFill) {
      doc
        .rect(cursor, y - ascent * style.fontSize, segment.width, (ascent + descent) * style.fontSize)
        .fill(segment.highlightFill);
    }
    if (segment.fill || segment.highlightFill) doc.fillColor(segment.fill ?? style.color ?? "#000000");
    drawText(
      doc,
      segment.font,
      style.fontSize,
      segment.text,
      cursor,
      y,
      segment.oblique,
      Boolean(segment.link || segment.underline),
    );
    if (segment.fill && style.color) doc.fillColor(style.color);
    // A clickable area over the piece (pdfkit's `link` text option would wrap its own box).
    if (segment.link)
      doc.link(cursor, y - style.fontSize * 0.85, segment.width, style.fontSize * 1.1, segment.link);
    cursor += segment.width;
  }
}

function drawText(
  doc: PDFKit.PDFDocument,
  font: string,
  fontSize: number,
  text: string,
  x: number,
  y: number,
  oblique?: boolean,
  underline?: boolean,
) {
  doc.font(font).fontSize(fontSize);
  // The features the layout measured with (no kerning or standard ligatures; Arabic shaping on).
  // pdfkit hands this object to fontkit, whose type it does not declare.
  const features = shapingFeatures() as unknown as PDFKit.Mixins.OpenTypeFeatures[];
  doc.text(text, x, y, {
    lineBreak: false,
    baseline: "alphabetic",
    features,
    ...(oblique ? { oblique } : {}),
    ...(underline ? { underline } : {}),
  });
}
