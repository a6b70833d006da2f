import "server-only";
import { FONT_STEP, fitText, type TFitResult, type TFitSpec, type TParagraphSpec } from "./fit-text";

/**
 * Fits paragraphs that may need several boxes of the same shape (pages of one slide), all at one
 * font size: fitText's result when one box holds them; otherwise the largest size that needs no
 * more pages than the floor size does, so a continued slide does not change size between pages.
 * Pages after the first may be `laterH` high (a first page can share the slide with a lead).
 */
export function paginateText(spec: TFitSpec, laterH = spec.h): TFitResult[] {
  const first = fitText(spec);
  if (!first.overflow.length) return [first];
  const floor = first.fontSize;
  const atFloor = pagesAt(spec, floor, laterH);
  for (let size = spec.fontSize; size > floor; size -= FONT_STEP) {
    const pages = pagesAt(spec, size, laterH);
    if (pages.length <= atFloor.length) return pages;
  }
  return atFloor;
}

/** The pages paragraphs fill at one fixed font size; pages after the first are `laterH` high. */
export function pagesAt(spec: TFitSpec, fontSize: number, laterH = spec.h): TFitResult[] {
  const pages: TFitResult[] = [];
  let paragraphs = spec.paragraphs;
  do {
    const fit = fillPage({ ...spec, h: pages.length ? laterH : spec.h, fontSize }, paragraphs);
    pages.push(fit);
    paragraphs = fit.overflow;
  } while (paragraphs.length);
  return pages;
}

/**
 * One page of paragraphs at the spec's size. A split page depends only on the paragraphs up to the
 * first that does not fit, so it wraps a growing prefix rather than all that is left: long texts
 * then cost time in proportion to their length, not its square.
 */
function fillPage(spec: TFitSpec, paragraphs: TParagraphSpec[]): TFitResult {
  for (let take = Math.min(paragraphs.length, 8); ; take = Math.min(paragraphs.length, take * 2)) {
    const fit = fitText({
      ...spec,
      paragraphs: paragraphs.slice(0, take),
      minFontSize: spec.fontSize,
      overflow: "split",
    });
    if (fit.overflow.length || take === paragraphs.length)
      return { ...fit, overflow: [...fit.overflow, ...paragraphs.slice(take)] };
  }
}

/** A short text may grow to this share of its box's height, and to this multiple of its size. */
const GROW = { share: 0.7, scale: 1.3 };

/**
 * The spec at a larger size when its text is short: two bullets at the body size leave most of a
 * slide empty, so a text that fills less than 70 % of its box grows (in FONT_STEP steps, up to
 * `scale`, 1.3× unless the layout says otherwise) while it stays within 70 % of the box: two or
 * three points beside a picture are set near the size of one, not at half of it, and slides of
 * a deck with a little more or a little less text are set at near sizes, with no jump at a
 * threshold. A text that fills its box is left at its size.
 */
export function growShortText<T extends TFitSpec>(spec: T, scale = GROW.scale): T {
  const base = fitText(spec);
  if (base.overflow.length || base.height >= spec.h * GROW.share) return spec;
  const max = Math.floor((spec.fontSize * scale) / FONT_STEP) * FONT_STEP;
  let best = spec.fontSize;
  for (let size = spec.fontSize + FONT_STEP; size <= max; size += FONT_STEP) {
    const fit = fitText({ ...spec, fontSize: size, minFontSize: size, overflow: "split" });
    if (fit.overflow.length || fit.height > spec.h * GROW.share) break;
    best = size;
  }
  return best === spec.fontSize ? spec : { ...spec, fontSize: best };
}
