import "server-only";
import type { TTextBox, TTextRun } from "../boxes";
import { fitText } from "../fit-text";
import { paginateText } from "../paginate-text";
import { textParagraphs } from "../to-paragraphs";
import { contentHeader, continuedTitle } from "./content-header";
import { contentPage, type TLayoutContext, type TPage } from "./frame";
import { hugText, type TTextBoxSpec, textBoxFor } from "./text-box";

/** Space between the lead and the content under it. */
export const LEAD_GAP = 28;
// A lead is a sentence or two; more than this and the figures, cards or steps lose their room.
const MAX_LEAD_H = 124;
const LEAD_MIN_SIZE = 20;
const LEAD_LINE_HEIGHT = 1.3;

export type TLead = {
  /**
   * Pages of their own for a lead too long to share a page with the layout's content (usually
   * none). They come first, so the content's pages continue the title's "(cont.)" count after them.
   */
  pages: TPage[];
  /** The lead's box on the content's first page, cut to its text; empty when there is no lead. */
  boxes: TTextBox[];
  /** Top of the region left for the content on its first page. */
  top: number;
};

/**
 * The optional lead paragraph (`content.body`) of a figures, steps or comparison slide: above the
 * content when it fits in a few lines and leaves the content `reserve` units of height; otherwise
 * on pages of its own, so none of it is lost.
 */
export function fitLead(
  body: string | undefined,
  title: TTextRun[],
  context: TLayoutContext,
  reserve: number,
): TLead {
  const { frame, sizes, titleAlign } = context.template;
  const paragraphs = textParagraphs(body);
  if (!paragraphs.length) return { pages: [], boxes: [], top: frame.body.y };
  const spec: TTextBoxSpec = {
    role: "body",
    x: frame.marginX,
    y: frame.body.y,
    w: frame.contentW,
    h: Math.min(MAX_LEAD_H, frame.body.h - reserve - LEAD_GAP),
    paragraphs,
    font: context.fonts.body,
    fontSize: sizes.body,
    minFontSize: LEAD_MIN_SIZE,
    lineHeight: LEAD_LINE_HEIGHT,
    paragraphGapEm: 0.4,
    overflow: "split",
    color: context.palette.muted,
    align: titleAlign,
    valign: "top",
  };
  if (spec.h >= LEAD_MIN_SIZE * LEAD_LINE_HEIGHT) {
    const fit = fitText(spec);
    if (!fit.overflow.length)
      return {
        pages: [],
        boxes: [hugText(textBoxFor(spec, fit), fit)],
        top: frame.body.y + fit.height + LEAD_GAP,
      };
  }
  const full: TTextBoxSpec = { ...spec, h: frame.body.h, color: context.palette.text, align: "left" };
  return {
    pages: paginateText(full).map((fit, page) =>
      contentPage(context, contentHeader(continuedTitle(title, page), context), [textBoxFor(full, fit)]),
    ),
    boxes: [],
    top: frame.body.y,
  };
}
