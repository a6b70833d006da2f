import "server-only";
import type { TChartBox } from "@/lib/layouts/boxes";
import type { TPreparedImages } from "../prepare-images";
import type { PdfFonts } from "./pdf-fonts";

/** STUB (being built): draws a chart box on the current PDF page (in slide units). */
export function drawChart(
  _doc: PDFKit.PDFDocument,
  _fonts: PdfFonts,
  _box: TChartBox,
  _images: TPreparedImages,
): void {}
