import "server-only";
import type { TSlideContent } from "@/lib/deck/schema";
import { inlineRuns, textParagraphs } from "../to-paragraphs";
import { slideTextColors, type TLayoutContext, type TPage } from "./frame";
import { fitTextBox } from "./text-box";
import { framedTitle, type TStackLine, titleStack } from "./title-stack";

/**
 * The cover: a large title (the deck's when the slide has none), a lead line and the author —
 * stacked centred, or in the frames of a brand template's title layout (template.cover).
 */
export function layoutTitle(content: TSlideContent, context: TLayoutContext): TPage[] {
  const { palette, fonts, template } = context;
  const { frame, sizes, titleAlign } = template;
  const colors = slideTextColors("cover", context);
  const author = inlineRuns(context.author);
  if (template.cover) {
    const authorLine: TStackLine[] = author.length
      ? [
          {
            role: "author",
            paragraphs: [{ runs: author }],
            fontSize: sizes.byline,
            minFontSize: Math.min(16, sizes.byline),
            maxH: 48,
            gap: 24,
            color: colors.lead,
          },
        ]
      : [];
    const { boxes, text } = framedTitle({
      titleRect: template.cover.title,
      linesRect: template.cover.lines,
      align: titleAlign,
      title: {
        runs: inlineRuns(content.title ?? context.deckTitle),
        font: fonts.heading,
        fontSize: sizes.coverTitle,
        minFontSize: 28,
        maxH: template.cover.title.h,
        color: colors.title,
      },
      font: fonts.body,
      lines: [
        {
          role: content.subtitle ? "subtitle" : "body",
          paragraphs: textParagraphs(content.subtitle ?? content.body),
          fontSize: sizes.lead,
          minFontSize: Math.min(18, sizes.lead),
          maxH: 150,
          gap: 0,
          color: colors.lead,
        },
        ...authorLine,
      ],
    });
    return [
      {
        background: template.background("cover", palette),
        boxes: [...template.decor("cover", context), ...template.titleMark("cover", text, context), ...boxes],
      },
    ];
  }
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
      color: colors.title,
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
        color: colors.lead,
      },
    ],
  });
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
      color: colors.lead,
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
