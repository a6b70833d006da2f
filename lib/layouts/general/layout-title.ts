import "server-only";
import type { TSlideContent } from "@/lib/deck/schema";
import type { TBox } from "../boxes";
import { inlineRuns, textParagraphs } from "../to-paragraphs";
import { accentBar, MARGIN_X, SIZES, type TLayoutContext, type TPage } from "./frame";
import { stackCentered } from "./stack-centered";
import { fitTextBox, hugText } from "./text-box";

const TEXT_W = 1000;

/** The cover: a large title (the deck's when the slide has none), a lead line and the author. */
export function layoutTitle(content: TSlideContent, context: TLayoutContext): TPage[] {
  const { palette, font } = context;
  const items = [];
  const title = inlineRuns(content.title ?? context.deckTitle);
  if (title.length) {
    const { box, fit } = fitTextBox({
      role: "title",
      x: MARGIN_X,
      y: 0,
      w: TEXT_W,
      h: 300,
      paragraphs: [{ runs: title }],
      font,
      bold: true,
      fontSize: SIZES.coverTitle,
      minFontSize: 40,
      lineHeight: 1.1,
      overflow: "ellipsis",
      color: palette.text,
      align: "left",
      valign: "top",
    });
    items.push({ box: hugText(box, fit), gap: 0 });
  }
  const lead = textParagraphs(content.subtitle ?? content.body);
  if (lead.length) {
    const { box, fit } = fitTextBox({
      role: content.subtitle ? "subtitle" : "body",
      x: MARGIN_X,
      y: 0,
      w: TEXT_W,
      h: 150,
      paragraphs: lead,
      font,
      fontSize: SIZES.lead,
      minFontSize: 20,
      lineHeight: 1.35,
      overflow: "ellipsis",
      color: palette.muted,
      align: "left",
      valign: "top",
    });
    items.push({ box: hugText(box, fit), gap: 28 });
  }
  const { boxes, top } = stackCentered(items, 340);
  const decor: TBox[] = [
    { kind: "shape", id: "edge", shape: "rect", x: 0, y: 0, w: 16, h: 720, fill: palette.accent },
    accentBar(MARGIN_X, top - 44, palette.accent),
  ];
  const author = inlineRuns(context.author);
  if (author.length) {
    const { box } = fitTextBox({
      role: "author",
      x: MARGIN_X,
      y: 612,
      w: TEXT_W,
      h: 48,
      paragraphs: [{ runs: author }],
      font,
      fontSize: SIZES.byline,
      lineHeight: 1.2,
      overflow: "ellipsis",
      color: palette.muted,
      align: "left",
      valign: "bottom",
    });
    boxes.push(box);
  }
  return [{ background: palette.background, boxes: [...decor, ...boxes] }];
}
