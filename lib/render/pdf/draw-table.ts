import "server-only";
import type { TTableBox } from "@/lib/layouts/boxes";
import type { TPreparedImages } from "../prepare-images";
import type { PdfFonts } from "./pdf-fonts";

/** STUB (being built): draws a table box on the current PDF page (in slide units). */
export function drawTable(
  _doc: PDFKit.PDFDocument,
  _fonts: PdfFonts,
  _box: TTableBox,
  _images: TPreparedImages,
): void {}
