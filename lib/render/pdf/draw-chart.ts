import "server-only";
import type { TChartBox, TTextBox } from "@/lib/layouts/boxes";
import {
  AXIS_WIDTH,
  CHART_LINE_HEIGHT,
  GRID_WIDTH,
  SLICE_GAP,
  slicePath,
  type TChartLabel,
  type TChartSegment,
} from "@/lib/layouts/chart-geometry";
import type { TPreparedImages } from "../prepare-images";
import { drawTextBox } from "./draw-text-box";
import type { PdfFonts } from "./pdf-fonts";

/**
 * Draws a chart box on the current PDF page (in slide units) as vector shapes and text, from the
 * geometry the layout computed: gridlines, bars or slices, the axis line, lines and markers, the
 * legend keys, then every label.
 */
export function drawChart(
  doc: PDFKit.PDFDocument,
  fonts: PdfFonts,
  box: TChartBox,
  _images: TPreparedImages,
): void {
  const g = box.geometry;
  doc.save();
  doc.lineWidth(GRID_WIDTH).strokeColor(box.gridColor);
  for (const line of g.gridlines) segment(doc, line).stroke();
  for (const bar of g.bars) doc.rect(bar.x, bar.y, bar.w, bar.h).fill(bar.color);
  for (const slice of g.slices) doc.path(slicePath(slice)).fill(slice.color);
  // Thin gaps in the background colour between slices, as the PPTX's slice outlines draw them.
  if (g.slices.length > 1) {
    doc.lineWidth(SLICE_GAP).strokeColor(box.background).lineJoin("round");
    for (const slice of g.slices) doc.path(slicePath(slice)).stroke();
  }
  if (g.axisLine) segment(doc.lineWidth(AXIS_WIDTH).strokeColor(box.gridColor), g.axisLine).stroke();
  doc.lineJoin("round").lineCap("round");
  for (const line of g.lines) {
    const [first, ...rest] = line.points;
    doc.moveTo(first.x, first.y);
    for (const point of rest) doc.lineTo(point.x, point.y);
    doc.lineWidth(line.width).strokeColor(line.color).stroke();
  }
  for (const marker of g.markers) doc.circle(marker.x, marker.y, marker.r).fill(marker.color);
  for (const key of g.legendKeys) {
    doc.rect(key.x, key.y, key.w, key.h).fill(key.color);
    if (key.kind === "line")
      doc.circle(key.x + key.w / 2, key.y + key.h / 2, g.markers[0]?.r ?? key.h).fill(key.color);
  }
  doc.restore();
  for (const label of g.labels) drawTextBox(doc, fonts, labelBox(label, box));
}

function segment(doc: PDFKit.PDFDocument, line: TChartSegment): PDFKit.PDFDocument {
  return doc.moveTo(line.x1, line.y1).lineTo(line.x2, line.y2);
}

/** A label as a one-line text box, so it is drawn (and baselined) like every other text. */
function labelBox(label: TChartLabel, box: TChartBox): TTextBox {
  const run = { text: label.text };
  return {
    kind: "text",
    id: `${box.id}.label`,
    role: box.role,
    x: label.x,
    y: label.y,
    w: label.w,
    h: label.h,
    paragraphs: [{ runs: [run], lines: [{ runs: [run], width: label.w }] }],
    font: box.font,
    fontSize: box.fontSize,
    lineHeight: CHART_LINE_HEIGHT,
    paragraphGap: 0,
    color: label.color,
    align: "left",
    valign: "top",
  };
}
