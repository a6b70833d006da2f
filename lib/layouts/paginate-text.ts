import "server-only";
import { FONT_STEP, fitText, type TFitResult, type TFitSpec } from "./fit-text";

/**
 * Fits paragraphs that may need several boxes of the same shape (pages of one slide), all at one
 * font size: fitText's result when one box holds them; otherwise the largest size that needs no
 * more pages than the floor size does, so a continued slide does not change size between pages.
 */
export function paginateText(spec: TFitSpec): TFitResult[] {
  const first = fitText(spec);
  if (!first.overflow.length) return [first];
  const floor = first.fontSize;
  const atFloor = pagesAt(spec, floor);
  for (let size = spec.fontSize; size > floor; size -= FONT_STEP) {
    const pages = pagesAt(spec, size);
    if (pages.length <= atFloor.length) return pages;
  }
  return atFloor;
}

/** The pages paragraphs fill at one fixed font size. */
export function pagesAt(spec: TFitSpec, fontSize: number): TFitResult[] {
  const pages: TFitResult[] = [];
  let paragraphs = spec.paragraphs;
  do {
    const fit = fitText({ ...spec, paragraphs, fontSize, minFontSize: fontSize, overflow: "split" });
    pages.push(fit);
    paragraphs = fit.overflow;
  } while (paragraphs.length);
  return pages;
}
