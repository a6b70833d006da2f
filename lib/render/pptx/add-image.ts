import "server-only";
import type PptxGenJS from "pptxgenjs";
import type { TImageBox } from "@/lib/layouts/boxes";
import type { TPreparedImages } from "../prepare-images";

/** STUB (being built): adds a image box to a PPTX slide. */
export function addImage(
  _pptx: PptxGenJS,
  _slide: PptxGenJS.Slide,
  _box: TImageBox,
  _images: TPreparedImages,
): void {}
