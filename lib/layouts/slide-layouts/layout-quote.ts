import "server-only";
import type { TSlideContent } from "@/lib/deck/schema";
import type { TBox, TTextBox, TTextRun } from "../boxes";
import { WIDTH_SAFETY } from "../fit-text";
import { measureRun } from "../fonts";
import { paginateText } from "../paginate-text";
import { inlineRuns, textParagraphs } from "../to-paragraphs";
import { contentHeader, continuedTitle } from "./content-header";
import { contentPage, type TLayoutContext, type TPage } from "./frame";
import { layoutBullets } from "./layout-bullets";
import { fitTextBox, hugText, type TTextBoxSpec, textBoxFor } from "./text-box";

const OPEN_QUOTE = "\u201C";
const EM_DASH = "\u2014";
const QUOTE_MIN_SIZE = 24;
const QUOTE_LINE_HEIGHT = 1.35;
const MARK_LINE_HEIGHT = 1;
const GUTTER_GAP = 28;
const ATTRIBUTION_GAP = 28;
const CENTRED_MEASURE = 960;
// The glyph “ sits in the top third of its line box: nudging the box up by this share of the
// mark's size lines the glyph's top up with the capitals of the quotation's first line.
const MARK_NUDGE = 0.04;

/**
 * A quotation set large in the heading font, italic, with a big accent quotation mark and the
 * attribution below after an em dash. Left-aligned templates hang the mark in a gutter beside the
 * text; centred ones centre it above. A long quotation shrinks, then continues on "(cont.)" pages,
 * every page at the same size; the attribution closes the last page.
 */
export function layoutQuote(content: TSlideContent, context: TLayoutContext): TPage[] {
  const paragraphs = textParagraphs(content.quote?.text).map((paragraph) => ({
    // The quotation is italic; what its author emphasised is set upright for contrast.
    runs: paragraph.runs.map((run) => ({ ...run, italic: !run.italic })),
  }));
  if (!paragraphs.length) return layoutBullets(content, context);
  const { palette, fonts } = context;
  const { frame, sizes, titleAlign } = context.template;
  const centred = titleAlign === "center";
  const title = inlineRuns(content.title);
  // Without a title the quotation has the header's room too.
  const region = title.length
    ? frame.body
    : { y: frame.header.y, h: frame.body.y + frame.body.h - frame.header.y };

  const markSize = evenSize(sizes.quote * (centred ? 3 : 4));
  const markW = Math.ceil(measureRun(fonts.heading, { text: OPEN_QUOTE }, markSize, true) / WIDTH_SAFETY) + 2;
  const gutter = centred ? 0 : markW + GUTTER_GAP;
  // In a centred template the mark stands above the text; its empty lower part is the gap.
  const markH = markSize * MARK_LINE_HEIGHT;
  const above = centred ? markH : 0;
  // A centred quotation keeps a readable measure; a left one runs on from its gutter.
  const w = centred ? Math.min(frame.contentW, CENTRED_MEASURE) : frame.contentW - gutter;
  const x = centred ? frame.marginX + (frame.contentW - w) / 2 : frame.marginX + gutter;
  const align = centred ? "center" : "left";

  const attribution = attributionBox(content.quote?.attribution, x, w, align, context);
  const reserve = attribution ? attribution.h + ATTRIBUTION_GAP : 0;
  const spec: TTextBoxSpec = {
    role: "quote.text",
    x,
    y: region.y + above,
    w,
    h: region.h - above - reserve,
    paragraphs,
    font: fonts.heading,
    fontSize: sizes.quote,
    minFontSize: Math.min(sizes.quote, QUOTE_MIN_SIZE),
    lineHeight: QUOTE_LINE_HEIGHT,
    paragraphGapEm: 0.4,
    color: palette.text,
    align,
    valign: "top",
  };
  const pages = paginateText(spec);

  return pages.map((fit, page) => {
    const text = hugText(textBoxFor(spec, fit), fit);
    const last = page === pages.length - 1;
    const mark = page === 0;
    const groupH = (mark ? above : 0) + text.h + (last && attribution ? ATTRIBUTION_GAP + attribution.h : 0);
    const top = region.y + Math.max(0, (region.h - groupH) / 2);
    const textTop = top + (mark ? above : 0);
    const boxes: TBox[] = [];
    if (mark)
      boxes.push(
        markBox(
          centred
            ? { x: frame.marginX + (frame.contentW - markW) / 2, y: top }
            : { x: frame.marginX, y: Math.max(region.y, textTop - markSize * MARK_NUDGE) },
          markW,
          markSize,
          context,
        ),
      );
    boxes.push({ ...text, y: textTop });
    if (last && attribution) boxes.push({ ...attribution, y: textTop + text.h + ATTRIBUTION_GAP });
    return contentPage(context, contentHeader(continuedTitle(title, page), context), boxes);
  });
}

function evenSize(size: number): number {
  return Math.round(size / 2) * 2;
}

/** "— Name, role" in muted text, at most two lines; undefined when the quotation has none. */
function attributionBox(
  attribution: string | undefined,
  x: number,
  w: number,
  align: "left" | "center",
  context: TLayoutContext,
): TTextBox | undefined {
  const runs = inlineRuns(attribution);
  if (!runs.length) return undefined;
  const fontSize = context.template.sizes.lead - 4;
  const lineHeight = 1.3;
  const { box, fit } = fitTextBox({
    role: "quote.attribution",
    x,
    y: 0,
    w,
    h: 2 * fontSize * lineHeight,
    paragraphs: [{ runs: [{ text: `${EM_DASH} ` }, ...runs] }],
    font: context.fonts.body,
    fontSize,
    minFontSize: Math.min(fontSize, 18),
    lineHeight,
    overflow: "ellipsis",
    color: context.palette.muted,
    align,
    valign: "top",
  });
  return hugText(box, fit);
}

/** The decorative opening quotation mark, a text box so it takes the theme's heading face. */
function markBox(
  at: { x: number; y: number },
  w: number,
  fontSize: number,
  context: TLayoutContext,
): TTextBox {
  const runs: TTextRun[] = [{ text: OPEN_QUOTE }];
  return {
    kind: "text",
    id: "quote.mark",
    // Not a content field: the editor leaves "decor" text alone.
    role: "decor",
    x: at.x,
    y: at.y,
    w,
    h: fontSize * MARK_LINE_HEIGHT,
    paragraphs: [
      { runs, lines: [{ runs, width: measureRun(context.fonts.heading, runs[0], fontSize, true) }] },
    ],
    font: context.fonts.heading,
    fontSize,
    lineHeight: MARK_LINE_HEIGHT,
    paragraphGap: 0,
    color: context.palette.accent,
    bold: true,
    align: "center",
    valign: "top",
  };
}
