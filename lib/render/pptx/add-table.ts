import "server-only";
import type PptxGenJS from "pptxgenjs";
import type { TTableBox } from "@/lib/layouts/boxes";
import type { TPreparedImages } from "../prepare-images";

/** STUB (being built): adds a table box to a PPTX slide. */
export function addTable(
  _pptx: PptxGenJS,
  _slide: PptxGenJS.Slide,
  _box: TTableBox,
  _images: TPreparedImages,
): void {}
