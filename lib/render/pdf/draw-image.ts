import "server-only";
import type { TImageBox } from "@/lib/layouts/boxes";
import type { TPreparedImages } from "../prepare-images";
import type { PdfFonts } from "./pdf-fonts";

/** STUB (being built): draws a image box on the current PDF page (in slide units). */
export function drawImage(
  _doc: PDFKit.PDFDocument,
  _fonts: PdfFonts,
  _box: TImageBox,
  _images: TPreparedImages,
): void {}
