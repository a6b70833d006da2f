import "server-only";
import type { TSlideContent } from "@/lib/deck/schema";
import { growShortText, paginateText } from "../paginate-text";
import { bulletParagraphs, inlineRuns, textParagraphs } from "../to-paragraphs";
import { bodyAndBulletBoxes } from "./body-boxes";
import { contentHeader, continuedTitle } from "./content-header";
import { contentPage, type TLayoutContext, type TPage } from "./frame";
import { type TTextBoxSpec, textBoxFor } from "./text-box";

/**
 * Title, an optional lead paragraph and a bullet list; a short text is set larger (growShortText).
 * Text that does not fit at the floor size goes on further pages titled "… (cont.)", every page
 * at the same size.
 */
export function layoutBullets(content: TSlideContent, context: TLayoutContext): TPage[] {
  const { frame, sizes } = context.template;
  const title = inlineRuns(content.title);
  const spec: TTextBoxSpec = growShortText({
    role: "body",
    x: frame.marginX,
    y: frame.body.y,
    w: frame.contentW,
    h: frame.body.h,
    paragraphs: [...textParagraphs(content.body), ...bulletParagraphs(content.bullets)],
    font: context.fonts.body,
    fontSize: sizes.body,
    lineHeight: 1.3,
    paragraphGapEm: 0.5,
    color: context.palette.text,
    align: "left",
    valign: "top",
  });
  return paginateText(spec).map((fit, page) =>
    contentPage(
      context,
      contentHeader(continuedTitle(title, page), context),
      bodyAndBulletBoxes(textBoxFor(spec, fit), fit),
    ),
  );
}
