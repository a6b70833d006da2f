import "server-only";
import type { TBox, TTextRun } from "../boxes";
import { accentBar, CONTENT_W, HEADER, MARGIN_X, SIZES, type TLayoutContext } from "./frame";
import { fitTextBox } from "./text-box";

/** The title of a content slide with its accent rule just above the text, wherever it ends. */
export function contentHeader(title: TTextRun[], context: TLayoutContext): TBox[] {
  if (!title.length) return [];
  const { box, fit } = fitTextBox({
    role: "title",
    x: MARGIN_X,
    y: HEADER.y,
    w: CONTENT_W,
    h: HEADER.h,
    paragraphs: [{ runs: title }],
    font: context.font,
    bold: true,
    fontSize: SIZES.header,
    minFontSize: 28,
    lineHeight: 1.15,
    overflow: "ellipsis",
    color: context.palette.text,
    align: "left",
    valign: "bottom",
  });
  const barY = HEADER.y + HEADER.h - fit.height - 26;
  return [accentBar(MARGIN_X, barY, context.palette.accent, 56, 6), box];
}

/** A title for the n-th page of a slide: later pages say they continue it. */
export function continuedTitle(title: TTextRun[], page: number): TTextRun[] {
  return page === 0 || !title.length ? title : [...title, { text: " (cont.)" }];
}
