import "server-only";
import type { TSlideContent } from "@/lib/deck/schema";
import { inlineRuns, textParagraphs } from "../to-paragraphs";
import { accentBar, MARGIN_X, SIZES, type TLayoutContext, type TPage } from "./frame";
import { stackCentered } from "./stack-centered";
import { fitTextBox, hugText } from "./text-box";

const TEXT_W = 1000;

/** A section divider: the accent colour edge to edge, the section's title and an optional lead. */
export function layoutSection(content: TSlideContent, context: TLayoutContext): TPage[] {
  const { palette, font } = context;
  const items = [];
  const title = inlineRuns(content.title);
  if (title.length) {
    const { box, fit } = fitTextBox({
      role: "title",
      x: MARGIN_X,
      y: 0,
      w: TEXT_W,
      h: 260,
      paragraphs: [{ runs: title }],
      font,
      bold: true,
      fontSize: SIZES.sectionTitle,
      minFontSize: 36,
      lineHeight: 1.1,
      overflow: "ellipsis",
      color: palette.onAccent,
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
      h: 180,
      paragraphs: lead,
      font,
      fontSize: SIZES.lead,
      minFontSize: 20,
      lineHeight: 1.35,
      overflow: "ellipsis",
      color: palette.onAccentMuted,
      align: "left",
      valign: "top",
    });
    items.push({ box: hugText(box, fit), gap: 24 });
  }
  const { boxes, top } = stackCentered(items, 360);
  return [{ background: palette.accent, boxes: [accentBar(MARGIN_X, top - 44, palette.onAccent), ...boxes] }];
}
