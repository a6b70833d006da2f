import "server-only";
import type { TImageBox } from "@/lib/layouts/boxes";
import { imageKey, type TPreparedImages } from "../prepare-images";
import type { PdfFonts } from "./pdf-fonts";

/**
 * Draws a picture on the current PDF page (in slide units): the bitmap prepareImages cut to the
 * box's aspect, corners and all, stretched exactly over the box.
 */
export function drawImage(
  doc: PDFKit.PDFDocument,
  _fonts: PdfFonts,
  box: TImageBox,
  images: TPreparedImages,
): void {
  const image = images.get(imageKey(box));
  if (!image) throw new Error(`Image "${box.id}" was not prepared before rendering`);
  doc.image(image.data, box.x, box.y, { width: box.w, height: box.h });
}
