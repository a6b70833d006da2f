import "server-only";
import type { TSlideContent } from "@/lib/deck/schema";
import { inlineRuns, textParagraphs } from "../to-paragraphs";
import type { TLayoutContext, TPage } from "./frame";
import { stackCentered } from "./stack-centered";
import { fitTextBox, hugText } from "./text-box";

/** The cover: a large title (the deck's when the slide has none), a lead line and the author. */
export function layoutTitle(content: TSlideContent, context: TLayoutContext): TPage[] {
  const { palette, fonts, template } = context;
  const { frame, sizes, titleAlign } = template;
  const textW = Math.min(1000, frame.contentW);
  const x = titleAlign === "center" ? (1280 - textW) / 2 : frame.marginX;
  const items = [];
  const title = inlineRuns(content.title ?? context.deckTitle);
  if (title.length) {
    const { box, fit } = fitTextBox({
      role: "title",
      x,
      y: 0,
      w: textW,
      h: 300,
      paragraphs: [{ runs: title }],
      font: fonts.heading,
      bold: true,
      fontSize: sizes.coverTitle,
      minFontSize: 40,
      lineHeight: 1.1,
      overflow: "ellipsis",
      color: palette.text,
      align: titleAlign,
      valign: "top",
    });
    items.push({ box: hugText(box, fit), gap: 0 });
  }
  const lead = textParagraphs(content.subtitle ?? content.body);
  if (lead.length) {
    const { box, fit } = fitTextBox({
      role: content.subtitle ? "subtitle" : "body",
      x,
      y: 0,
      w: textW,
      h: 150,
      paragraphs: lead,
      font: fonts.body,
      fontSize: sizes.lead,
      minFontSize: 20,
      lineHeight: 1.35,
      overflow: "ellipsis",
      color: palette.muted,
      align: titleAlign,
      valign: "top",
    });
    items.push({ box: hugText(box, fit), gap: 28 });
  }
  const { boxes, top } = stackCentered(items, 340);
  const groupH = boxes.reduce((h, b) => Math.max(h, b.y + b.h), top) - top;
  const author = inlineRuns(context.author);
  if (author.length) {
    const { box } = fitTextBox({
      role: "author",
      x,
      y: 612,
      w: textW,
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
  const widest = Math.max(
    0,
    ...boxes.flatMap((b) => b.paragraphs.flatMap((p) => p.lines.map((l) => l.width))),
  );
  const mark = template.titleMark(
    "cover",
    { x: titleAlign === "center" ? (1280 - widest) / 2 : x, y: top, w: widest, h: groupH },
    context,
  );
  return [
    {
      background: template.background("cover", palette),
      boxes: [...template.decor("cover", context), ...mark, ...boxes],
    },
  ];
}
