import "server-only";
import PDFDocument from "pdfkit";
import type { TDeck } from "@/lib/deck/schema";
import {
  SLIDE_HEIGHT,
  SLIDE_WIDTH,
  type TGradient,
  type TRenderedSlide,
  type TShapeBox,
} from "@/lib/layouts/boxes";
import { DEFAULT_FONT } from "@/lib/layouts/font-families";
import { fontFilePath } from "@/lib/layouts/fonts";
import { gradientCircle, gradientLine } from "@/lib/layouts/gradient-geometry";
import { languageTag } from "../language-tag";
import type { TPreparedImages } from "../prepare-images";
import { drawChart } from "./draw-chart";
import { drawImage } from "./draw-image";
import { drawTable } from "./draw-table";
import { drawTextBox } from "./draw-text-box";
import { PdfFonts } from "./pdf-fonts";

/** 1 slide unit = 1/96 in = 0.75 pt. */
const PT_PER_UNIT = 0.75;

/**
 * Renders laid-out slides as a PDF, one 960×540 pt page per slide, drawing the layout's measured
 * lines as vector text in the embedded fonts, so the PDF matches the editor line for line.
 */
export async function renderPdf(
  deck: TDeck,
  slides: TRenderedSlide[],
  images: TPreparedImages = new Map(),
): Promise<Buffer> {
  const lang = languageTag(deck.language);
  const doc = new PDFDocument({
    size: [SLIDE_WIDTH * PT_PER_UNIT, SLIDE_HEIGHT * PT_PER_UNIT],
    margin: 0,
    autoFirstPage: false,
    // A file font as the default keeps pdfkit from loading its built-in Helvetica data.
    font: fontFilePath(DEFAULT_FONT, "regular"),
    displayTitle: true,
    ...(lang ? { lang } : {}),
    info: { Title: deck.title, Author: deck.author ?? "Deckforge", Creator: "Deckforge" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const fonts = new PdfFonts(doc);
  for (const slide of slides) {
    doc.addPage();
    // Draw in slide units; the page is the same 16:9 at 0.75 pt per unit.
    doc.scale(PT_PER_UNIT);
    doc.rect(0, 0, SLIDE_WIDTH, SLIDE_HEIGHT).fill(slide.background);
    for (const box of slide.boxes) {
      switch (box.kind) {
        case "shape":
          drawShape(doc, box);
          break;
        case "text":
          drawTextBox(doc, fonts, box);
          break;
        case "image":
          drawImage(doc, fonts, box, images);
          break;
        case "table":
          drawTable(doc, fonts, box, images);
          break;
        case "chart":
          drawChart(doc, fonts, box, images);
          break;
      }
    }
  }
  doc.end();
  return done;
}

function drawShape(doc: PDFKit.PDFDocument, box: TShapeBox) {
  doc.save();
  const opacity = box.opacity ?? 1;
  if (box.shape === "line") doc.moveTo(box.x, box.y).lineTo(box.x + box.w, box.y + box.h);
  else if (box.shape === "ellipse") doc.ellipse(box.x + box.w / 2, box.y + box.h / 2, box.w / 2, box.h / 2);
  else if (box.shape === "roundRect")
    doc.roundedRect(box.x, box.y, box.w, box.h, Math.min(box.radius ?? 0, box.w / 2, box.h / 2));
  else doc.rect(box.x, box.y, box.w, box.h);
  const fill = box.shape !== "line" && box.fill !== "none";
  if (box.stroke) doc.lineWidth(box.stroke.width).strokeColor(box.stroke.color, opacity);
  if (fill && box.gradient) doc.fillColor(pdfGradient(doc, box, box.gradient), opacity);
  else if (fill) doc.fillColor(box.fill, opacity);
  if (fill && box.stroke) doc.fillAndStroke();
  else if (fill) doc.fill();
  else if (box.stroke) doc.stroke();
  doc.restore();
}

/** A shape's gradient as a pdfkit gradient in slide units (the page's scale applies to it). */
function pdfGradient(doc: PDFKit.PDFDocument, box: TShapeBox, gradient: TGradient): PDFKit.PDFGradient {
  let shading: PDFKit.PDFGradient;
  if (gradient.angle === null) {
    const { cx, cy, r } = gradientCircle(box);
    shading = doc.radialGradient(cx, cy, 0, cx, cy, r);
  } else {
    const { x1, y1, x2, y2 } = gradientLine(box, gradient.angle);
    shading = doc.linearGradient(x1, y1, x2, y2);
  }
  // pdfkit spreads the stops from 0 to 1 whatever the first and last say: pin both ends.
  const { stops } = gradient;
  const pinned = [
    ...(stops[0].position > 0 ? [{ ...stops[0], position: 0 }] : []),
    ...stops,
    ...(stops[stops.length - 1].position < 1 ? [{ ...stops[stops.length - 1], position: 1 }] : []),
  ];
  for (const stop of pinned) shading.stop(stop.position, stop.color);
  return shading;
}
