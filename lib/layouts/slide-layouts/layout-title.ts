import "server-only";
import type { TSlideContent } from "@/lib/deck/schema";
import { inlineRuns, textParagraphs } from "../to-paragraphs";
import type { TLayoutContext, TPage } from "./frame";
import { fitTextBox } from "./text-box";
import { titleStack } from "./title-stack";

/** The cover: a large title (the deck's when the slide has none), a lead line and the author. */
export function layoutTitle(content: TSlideContent, context: TLayoutContext): TPage[] {
  const { palette, fonts, template } = context;
  const { frame, sizes, titleAlign } = template;
  const w = Math.min(1000, frame.contentW);
  const x = titleAlign === "center" ? (1280 - w) / 2 : frame.marginX;
  const { boxes, text } = titleStack({
    x,
    w,
    align: titleAlign,
    centerY: 340,
    title: {
      runs: inlineRuns(content.title ?? context.deckTitle),
      font: fonts.heading,
      fontSize: sizes.coverTitle,
      minFontSize: 40,
      maxH: 300,
      color: palette.text,
    },
    font: fonts.body,
    lines: [
      {
        role: content.subtitle ? "subtitle" : "body",
        paragraphs: textParagraphs(content.subtitle ?? content.body),
        fontSize: sizes.lead,
        minFontSize: 20,
        maxH: 150,
        gap: 28,
        color: palette.muted,
      },
    ],
  });
  const author = inlineRuns(context.author);
  if (author.length) {
    const { box } = fitTextBox({
      role: "author",
      x,
      y: 612,
      w,
      h: 48,
      paragraphs: [{ runs: author }],
      font: fonts.body,
      fontSize: sizes.byline,
      lineHeight: 1.2,
      overflow: "ellipsis",
      color: palette.muted,
      align: titleAlign,
      valign: "bottom",
    });
    boxes.push(box);
  }
  return [
    {
      background: template.background("cover", palette),
      boxes: [...template.decor("cover", context), ...template.titleMark("cover", text, context), ...boxes],
    },
  ];
}
