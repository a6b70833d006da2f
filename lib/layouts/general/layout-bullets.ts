import "server-only";
import type { TSlideContent } from "@/lib/deck/schema";
import { paginateText } from "../paginate-text";
import { bulletParagraphs, inlineRuns, textParagraphs } from "../to-paragraphs";
import { bodyAndBulletBoxes } from "./body-boxes";
import { contentHeader, continuedTitle } from "./content-header";
import { BODY, CONTENT_W, MARGIN_X, SIZES, type TLayoutContext, type TPage } from "./frame";
import { type TTextBoxSpec, textBoxFor } from "./text-box";

/**
 * Title, an optional lead paragraph and a bullet list. Text that does not fit at the floor size
 * goes on further pages titled "… (cont.)", every page at the same size.
 */
export function layoutBullets(content: TSlideContent, context: TLayoutContext): TPage[] {
  const title = inlineRuns(content.title);
  const spec: TTextBoxSpec = {
    role: "body",
    x: MARGIN_X,
    y: BODY.y,
    w: CONTENT_W,
    h: BODY.h,
    paragraphs: [...textParagraphs(content.body), ...bulletParagraphs(content.bullets)],
    font: context.font,
    fontSize: SIZES.body,
    lineHeight: 1.3,
    paragraphGapEm: 0.5,
    color: context.palette.text,
    align: "left",
    valign: "top",
  };
  return paginateText(spec).map((fit, page) => ({
    background: context.palette.background,
    boxes: [
      ...contentHeader(continuedTitle(title, page), context),
      ...bodyAndBulletBoxes(textBoxFor(spec, fit), fit),
    ],
  }));
}
