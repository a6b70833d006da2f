import "server-only";
import type { TSlideContent } from "@/lib/deck/schema";
import type { TBox } from "../boxes";
import { inlineRuns, textParagraphs } from "../to-paragraphs";
import type { TLayoutContext, TPage } from "./frame";
import { iconBox } from "./image-box";
import { framedTitle, titleStack } from "./title-stack";

const ICON = 80;
const ICON_GAP = 32;

/**
 * A section divider in the template's section colours: the section's title, an optional lead, and
 * the slide's icon above them when it has one.
 */
export function layoutSection(content: TSlideContent, context: TLayoutContext): TPage[] {
  const { palette, fonts, template } = context;
  const { frame, sizes, titleAlign } = template;
  const colors = template.sectionText(palette);
  const w = Math.min(1000, frame.contentW);
  const x = titleAlign === "center" ? (1280 - w) / 2 : frame.marginX;
  const title = inlineRuns(content.title);
  const lead = {
    role: content.subtitle ? "subtitle" : "body",
    paragraphs: textParagraphs(content.subtitle ?? content.body),
    fontSize: sizes.lead,
    minFontSize: 20,
    maxH: 180,
    gap: 24,
    color: colors.lead,
  };
  const titleSpec = {
    runs: title,
    font: fonts.heading,
    fontSize: sizes.sectionTitle,
    minFontSize: 36,
    maxH: 260,
    color: colors.title,
  };
  if (template.section) {
    // A brand's section frame: the icon, when there is room above the title's text, goes there.
    const { boxes, text } = framedTitle({
      titleRect: template.section.title,
      linesRect: template.section.lines,
      align: titleAlign,
      title: { ...titleSpec, minFontSize: 28 },
      font: fonts.body,
      lines: [{ ...lead, gap: 0 }],
    });
    const iconY = text.y - ICON_GAP - ICON;
    const { x: fx, w: fw } = template.section.title;
    const icon: TBox[] =
      content.icon && iconY >= 16
        ? [
            iconBox(
              content.icon,
              { x: titleAlign === "center" ? fx + fw / 2 - ICON / 2 : fx, y: iconY, w: ICON, h: ICON },
              colors.title,
              undefined,
            ),
          ]
        : [];
    return [
      {
        background: template.background("section", palette),
        boxes: [...template.decor("section", context), ...icon, ...boxes],
      },
    ];
  }
  // With an icon the text sits lower, so the icon and the text together stay centred.
  const { boxes, text } = titleStack({
    x,
    w,
    align: titleAlign,
    centerY: content.icon ? 360 + (ICON + ICON_GAP) / 2 : 360,
    title: titleSpec,
    font: fonts.body,
    lines: [lead],
  });
  const icon: TBox[] = content.icon
    ? [
        iconBox(
          content.icon,
          { x: titleAlign === "center" ? 640 - ICON / 2 : x, y: text.y - ICON_GAP - ICON, w: ICON, h: ICON },
          colors.title,
          undefined,
        ),
      ]
    : [];
  return [
    {
      background: template.background("section", palette),
      boxes: [...template.decor("section", context), ...icon, ...boxes],
    },
  ];
}
