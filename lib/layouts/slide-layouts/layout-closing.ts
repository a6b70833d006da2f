import "server-only";
import type { TSlideContent } from "@/lib/deck/schema";
import type { TTextBox } from "../boxes";
import { inlineRuns, textParagraphs } from "../to-paragraphs";
import type { TLayoutContext, TPage } from "./frame";
import { stackCentered } from "./stack-centered";
import { fitTextBox, hugText } from "./text-box";

const TEXT_X = 140;
const TEXT_W = 1000;

/** The last slide: a big centred title with a subtitle and an optional line of body (contacts). */
export function layoutClosing(content: TSlideContent, context: TLayoutContext): TPage[] {
  const { palette, fonts, template } = context;
  const { sizes } = template;
  const centred = {
    x: TEXT_X,
    y: 0,
    w: TEXT_W,
    overflow: "ellipsis",
    align: "center",
    valign: "top",
  } as const;
  const items: { box: TTextBox; gap: number }[] = [];
  const title = inlineRuns(content.title);
  if (title.length) {
    const { box, fit } = fitTextBox({
      ...centred,
      role: "title",
      h: 240,
      paragraphs: [{ runs: title }],
      font: fonts.heading,
      bold: true,
      fontSize: sizes.closingTitle,
      minFontSize: 40,
      lineHeight: 1.1,
      color: palette.text,
    });
    items.push({ box: hugText(box, fit), gap: 0 });
  }
  for (const [role, text, fontSize, gap] of [
    ["subtitle", content.subtitle, sizes.lead, 24],
    ["body", content.body, sizes.contact, 20],
  ] as const) {
    const paragraphs = textParagraphs(text);
    if (!paragraphs.length) continue;
    const { box, fit } = fitTextBox({
      ...centred,
      role,
      h: 120,
      paragraphs,
      font: fonts.body,
      fontSize,
      minFontSize: 18,
      lineHeight: 1.35,
      paragraphGapEm: 0.3,
      color: palette.muted,
    });
    items.push({ box: hugText(box, fit), gap });
  }
  const { boxes, top } = stackCentered(items, 360);
  const widest = Math.max(
    0,
    ...boxes.flatMap((b) => b.paragraphs.flatMap((p) => p.lines.map((l) => l.width))),
  );
  const groupH = boxes.reduce((h, b) => Math.max(h, b.y + b.h), top) - top;
  const mark = template.titleMark("closing", { x: 640 - widest / 2, y: top, w: widest, h: groupH }, context);
  return [
    {
      background: template.background("closing", palette),
      boxes: [...template.decor("closing", context), ...mark, ...boxes],
    },
  ];
}
