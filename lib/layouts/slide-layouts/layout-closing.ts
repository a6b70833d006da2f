import "server-only";
import type { TSlideContent } from "@/lib/deck/schema";
import { inlineRuns, textParagraphs } from "../to-paragraphs";
import { slideTextColors, type TLayoutContext, type TPage } from "./frame";
import { framedTitle, titleStack } from "./title-stack";

/**
 * The last slide: a big centred title with a subtitle and an optional line of body (contacts) —
 * or, on a brand template, placed in its title layout's frames as the cover is (template.cover).
 */
export function layoutClosing(content: TSlideContent, context: TLayoutContext): TPage[] {
  const { palette, fonts, template } = context;
  const { sizes } = template;
  const colors = slideTextColors("closing", context);
  const line = { minFontSize: 18, maxH: 120, color: colors.lead, paragraphGapEm: 0.3 };
  const framed = template.cover;
  const place = (spec: Parameters<typeof titleStack>[0]) =>
    framed
      ? framedTitle({
          ...spec,
          align: template.titleAlign,
          titleRect: framed.title,
          linesRect: framed.lines,
          title: { ...spec.title, minFontSize: 28 },
        })
      : titleStack(spec);
  const { boxes, text } = place({
    x: 140,
    w: 1000,
    align: "center",
    centerY: 360,
    title: {
      runs: inlineRuns(content.title),
      font: fonts.heading,
      fontSize: sizes.closingTitle,
      minFontSize: 40,
      maxH: 240,
      color: colors.title,
    },
    font: fonts.body,
    lines: [
      {
        ...line,
        role: "subtitle",
        paragraphs: textParagraphs(content.subtitle),
        fontSize: sizes.lead,
        gap: 24,
      },
      { ...line, role: "body", paragraphs: textParagraphs(content.body), fontSize: sizes.contact, gap: 20 },
    ],
  });
  return [
    {
      background: template.background("closing", palette),
      boxes: [
        ...template.decor("closing", context),
        ...template.titleMark("closing", text, context),
        ...boxes,
      ],
    },
  ];
}
