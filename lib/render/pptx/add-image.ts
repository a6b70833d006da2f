import "server-only";
import type PptxGenJS from "pptxgenjs";
import type { TImageBox } from "@/lib/layouts/boxes";
import { imageKey, type TPreparedImages } from "../prepare-images";
import type { PptxMedia } from "./pptx-media";

/** Slide units (1/96 in) → inches. */
const inches = (units: number) => units / 96;

/**
 * Adds a picture (photo, generated graphic or icon) to a PPTX slide where framePicture put it,
 * named by the box and described by its alt text. A picture its fit or crop cuts is the whole
 * picture with a picture crop (`a:srcRect`), so PowerPoint's Crop tool can bring the rest back;
 * a contained one is the picture's own size, centred in its frame.
 */
export function addImage(
  slide: PptxGenJS.Slide,
  box: TImageBox,
  images: TPreparedImages,
  media: PptxMedia,
): void {
  const image = images.get(imageKey(box));
  if (!image) throw new Error(`Image "${box.id}" was not prepared before rendering`);
  const { placement, clip } = image;
  const cut =
    Math.abs(placement.x - clip.x) > 0.01 ||
    Math.abs(placement.y - clip.y) > 0.01 ||
    Math.abs(placement.w - clip.w) > 0.01 ||
    Math.abs(placement.h - clip.h) > 0.01;
  slide.addImage({
    data: media.standIn(image.mime, image.data),
    // With a crop, pptxgenjs takes x/y as the shown part's place and w/h as the whole picture's size.
    x: inches(box.x + clip.x),
    y: inches(box.y + clip.y),
    w: inches(cut ? placement.w : clip.w),
    h: inches(cut ? placement.h : clip.h),
    ...(cut
      ? {
          sizing: {
            type: "crop" as const,
            x: inches(clip.x - placement.x),
            y: inches(clip.y - placement.y),
            w: inches(clip.w),
            h: inches(clip.h),
          },
        }
      : {}),
    // pptxgenjs writes the whole image data as the description when altText is empty.
    altText: box.alt.trim() || box.role,
    objectName: box.id,
  });
}
