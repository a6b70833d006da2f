import "server-only";
import type { TSlideContent } from "@/lib/deck/schema";
import { inlineRuns, textParagraphs } from "../to-paragraphs";
import type { TLayoutContext, TPage } from "./frame";
import { stackCentered } from "./stack-centered";
import { fitTextBox, hugText } from "./text-box";

/** A section divider in the template's section colours: the section's title and an optional lead. */
export function layoutSection(content: TSlideContent, context: TLayoutContext): TPage[] {
  const { palette, fonts, template } = context;
  const { frame, sizes, titleAlign } = template;
  const colors = template.sectionText(palette);
  const textW = Math.min(1000, frame.contentW);
  const x = titleAlign === "center" ? (1280 - textW) / 2 : frame.marginX;
  const items = [];
  const title = inlineRuns(content.title);
  if (title.length) {
    const { box, fit } = fitTextBox({
      role: "title",
      x,
      y: 0,
      w: textW,
      h: 260,
      paragraphs: [{ runs: title }],
      font: fonts.heading,
      bold: true,
      fontSize: sizes.sectionTitle,
      minFontSize: 36,
      lineHeight: 1.1,
      overflow: "ellipsis",
      color: colors.title,
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
      h: 180,
      paragraphs: lead,
      font: fonts.body,
      fontSize: sizes.lead,
      minFontSize: 20,
      lineHeight: 1.35,
      overflow: "ellipsis",
      color: colors.lead,
      align: titleAlign,
      valign: "top",
    });
    items.push({ box: hugText(box, fit), gap: 24 });
  }
  const { boxes } = stackCentered(items, 360);
  return [
    {
      background: template.background("section", palette),
      boxes: [...template.decor("section", context), ...boxes],
    },
  ];
}
