import "server-only";
import type { TImageBox } from "@/lib/layouts/boxes";
import { imageKey, type TPreparedImages } from "../prepare-images";
import type { PdfFonts } from "./pdf-fonts";

/**
 * Draws a picture on the current PDF page (in slide units) where framePicture put it: the bitmap
 * prepareImages made, placed at its placement and clipped to the part shown (the frame for a
 * cover picture, the picture itself, centred, for a contained one).
 */
export function drawImage(
  doc: PDFKit.PDFDocument,
  _fonts: PdfFonts,
  box: TImageBox,
  images: TPreparedImages,
): void {
  const image = images.get(imageKey(box));
  if (!image) throw new Error(`Image "${box.id}" was not prepared before rendering`);
  const { placement, clip } = image;
  doc.save();
  doc.rect(box.x + clip.x, box.y + clip.y, clip.w, clip.h).clip();
  doc.image(image.data, box.x + placement.x, box.y + placement.y, {
    width: placement.w,
    height: placement.h,
  });
  doc.restore();
}
