import "server-only";
import type { TSlideContent } from "@/lib/deck/schema";
import type { TBox, TTextBox } from "../boxes";
import { inlineRuns, textParagraphs } from "../to-paragraphs";
import { accentBar, SIZES, type TLayoutContext, type TPage } from "./frame";
import { stackCentered } from "./stack-centered";
import { fitTextBox, hugText } from "./text-box";

const TEXT_X = 140;
const TEXT_W = 1000;

/** The last slide: a big centred title with a subtitle and an optional line of body (contacts). */
export function layoutClosing(content: TSlideContent, context: TLayoutContext): TPage[] {
  const { palette, font } = context;
  const centred = {
    x: TEXT_X,
    y: 0,
    w: TEXT_W,
    font,
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
      bold: true,
      fontSize: SIZES.closingTitle,
      minFontSize: 40,
      lineHeight: 1.1,
      color: palette.text,
    });
    items.push({ box: hugText(box, fit), gap: 0 });
  }
  for (const [role, text, fontSize, gap] of [
    ["subtitle", content.subtitle, SIZES.lead, 24],
    ["body", content.body, SIZES.contact, 20],
  ] as const) {
    const paragraphs = textParagraphs(text);
    if (!paragraphs.length) continue;
    const { box, fit } = fitTextBox({
      ...centred,
      role,
      h: 120,
      paragraphs,
      fontSize,
      minFontSize: 18,
      lineHeight: 1.35,
      paragraphGapEm: 0.3,
      color: palette.muted,
    });
    items.push({ box: hugText(box, fit), gap });
  }
  const { boxes, top } = stackCentered(items, 360);
  const decor: TBox[] = [
    { kind: "shape", id: "edge", shape: "rect", x: 0, y: 0, w: 16, h: 720, fill: palette.accent },
    accentBar(640 - 48, top - 44, palette.accent),
  ];
  return [{ background: palette.background, boxes: [...decor, ...boxes] }];
}
