import "server-only";
import type PptxGenJS from "pptxgenjs";
import type { TChartBox } from "@/lib/layouts/boxes";
import type { TPreparedImages } from "../prepare-images";

/** STUB (being built): adds a chart box to a PPTX slide. */
export function addChart(
  _pptx: PptxGenJS,
  _slide: PptxGenJS.Slide,
  _box: TChartBox,
  _images: TPreparedImages,
): void {}
