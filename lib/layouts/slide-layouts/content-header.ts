import "server-only";
import type { TBox, TTextRun } from "../boxes";
import { slideTextColors, type TLayoutContext } from "./frame";
import { fitTextBox } from "./text-box";

/** The title of a content slide with the template's mark beside it, wherever its text ends. */
export function contentHeader(title: TTextRun[], context: TLayoutContext): TBox[] {
  if (!title.length) return [];
  const { frame, sizes, titleAlign } = context.template;
  // A brand's logo beside the title: the title stops short of it.
  const w = Math.min(frame.contentW, (frame.header.right ?? Number.POSITIVE_INFINITY) - frame.marginX);
  const { box, fit } = fitTextBox({
    role: "title",
    x: frame.marginX,
    y: frame.header.y,
    w,
    h: frame.header.h,
    paragraphs: [{ runs: title }],
    font: context.fonts.heading,
    bold: true,
    fontSize: sizes.header,
    minFontSize: Math.min(sizes.header, 28),
    lineHeight: 1.15,
    overflow: "ellipsis",
    color: slideTextColors("content", context).title,
    align: titleAlign,
    valign: "bottom",
  });
  const widest = Math.max(0, ...fit.paragraphs.flatMap((p) => p.lines.map((l) => l.width)));
  // A right-to-left title starts at the right (its alignment is mirrored), and so does its mark.
  const rtl = fit.paragraphs[0]?.rtl === true;
  const textX =
    titleAlign === "center"
      ? frame.marginX + (w - widest) / 2
      : rtl
        ? frame.marginX + w - widest
        : frame.marginX;
  const text = { x: textX, y: frame.header.y + frame.header.h - fit.height, w: widest, h: fit.height };
  return [...context.template.titleMark("content", text, context), box];
}

/** A title for the n-th page of a slide: later pages say they continue it. */
export function continuedTitle(title: TTextRun[], page: number): TTextRun[] {
  return page === 0 || !title.length ? title : [...title, { text: " (cont.)" }];
}
