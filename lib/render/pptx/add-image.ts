import "server-only";
import type PptxGenJS from "pptxgenjs";
import type { TImageBox } from "@/lib/layouts/boxes";
import { imageKey, type TPreparedImages } from "../prepare-images";
import type { PptxMedia } from "./pptx-media";

/** Slide units (1/96 in) → inches. */
const inches = (units: number) => units / 96;

/**
 * Adds a picture (photo, generated graphic or icon) to a PPTX slide: the bitmap prepareImages
 * cut to the box, placed exactly at the box, named by the box and described by its alt text.
 */
export function addImage(
  slide: PptxGenJS.Slide,
  box: TImageBox,
  images: TPreparedImages,
  media: PptxMedia,
): void {
  const image = images.get(imageKey(box));
  if (!image) throw new Error(`Image "${box.id}" was not prepared before rendering`);
  slide.addImage({
    data: media.standIn(image.mime, image.data),
    x: inches(box.x),
    y: inches(box.y),
    w: inches(box.w),
    h: inches(box.h),
    // pptxgenjs writes the whole image data as the description when altText is empty.
    altText: box.alt.trim() || box.role,
    objectName: box.id,
  });
}
