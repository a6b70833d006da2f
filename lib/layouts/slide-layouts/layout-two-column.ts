import "server-only";
import type { TColumn, TSlideContent } from "@/lib/deck/schema";
import type { TBox, TTextRun } from "../boxes";
import type { TFitResult, TParagraphSpec } from "../fit-text";
import { pagesAt, paginateText } from "../paginate-text";
import { bulletParagraphs, inlineRuns, textParagraphs } from "../to-paragraphs";
import { bodyAndBulletBoxes } from "./body-boxes";
import { contentHeader, continuedTitle } from "./content-header";
import { card, contentPage, rect, type TLayoutContext, type TPage } from "./frame";
import { layoutBullets } from "./layout-bullets";
import { fitTextBox, hugText, type TTextBoxSpec, textBoxFor } from "./text-box";

const GAP = 48;
const PADDING = 32;
const STRIP = 6;
const HEADING_H = 64;

type TColumnText = { heading: TTextRun[]; paragraphs: TParagraphSpec[] };

/**
 * Title and two panels, each a heading over its body and bullets. Both columns share one font
 * size; text that does not fit goes on "… (cont.)" pages that repeat the headings.
 */
export function layoutTwoColumn(content: TSlideContent, context: TLayoutContext): TPage[] {
  const columns = (content.columns ?? []).slice(0, 2).map(toColumnText);
  if (!columns.length) return layoutBullets(content, context);
  const title = inlineRuns(content.title);
  const { frame, sizes } = context.template;
  const body = frame.body;
  const top = body.y + STRIP + PADDING - 4;
  const panelW = (frame.contentW - GAP * (columns.length - 1)) / columns.length;
  const xOf = (index: number) => frame.marginX + index * (panelW + GAP);

  const headingSpec = (column: TColumnText, index: number, fontSize: number): TTextBoxSpec => ({
    role: `columns.${index}.heading`,
    x: xOf(index) + PADDING,
    y: top,
    w: panelW - 2 * PADDING,
    h: HEADING_H,
    paragraphs: [{ runs: column.heading }],
    font: context.fonts.heading,
    bold: true,
    fontSize,
    minFontSize: Math.min(fontSize, 20),
    lineHeight: 1.2,
    overflow: "ellipsis",
    color: context.palette.text,
    align: "left",
    valign: "top",
  });
  const headed = columns.flatMap((column, index) =>
    column.heading.length ? [headingSpec(column, index, sizes.columnHeading)] : [],
  );
  // Fit each heading alone, then set both at the smaller size so the panels match.
  const headingSize = Math.min(...headed.map((spec) => fitTextBox(spec).fit.fontSize));
  const headings = headed.map((spec) =>
    fitTextBox({ ...spec, fontSize: headingSize, minFontSize: headingSize }),
  );
  const headingH = Math.max(0, ...headings.map(({ fit }) => fit.height));
  const bodyTop = headingH ? top + headingH + 18 : top;

  const bodySpec = (column: TColumnText, index: number): TTextBoxSpec => ({
    role: `columns.${index}.body`,
    x: xOf(index) + PADDING,
    y: bodyTop,
    w: panelW - 2 * PADDING,
    h: body.y + body.h - PADDING - bodyTop,
    paragraphs: column.paragraphs,
    font: context.fonts.body,
    fontSize: sizes.columnBody,
    lineHeight: 1.3,
    paragraphGapEm: 0.45,
    color: context.palette.text,
    align: "left",
    valign: "top",
  });
  const specs = columns.map(bodySpec);
  const bodySize = Math.min(...specs.map((spec) => paginateText(spec)[0].fontSize));
  const pages = specs.map((spec) => pagesAt(spec, bodySize));

  return Array.from({ length: Math.max(...pages.map((column) => column.length)) }, (_, page): TPage => {
    const fits = pages.map((column) => column[page]);
    // Panels end a padding below the taller column's text rather than at the foot of the slide.
    const bottom = Math.max(bodyTop, ...fits.map((fit) => bodyTop + (fit?.height ?? 0)));
    const panelH = Math.min(bottom + PADDING - body.y, body.h);
    const boxes: TBox[] = columns.flatMap((_, index): TBox[] => [
      card(`columns.${index}.panel`, { x: xOf(index), y: body.y, w: panelW, h: panelH }, context),
      rect(
        `columns.${index}.strip`,
        xOf(index) + context.template.radius,
        body.y,
        panelW - 2 * context.template.radius,
        STRIP,
        context.palette.accent,
      ),
    ]);
    boxes.push(...headings.map(({ box }) => box));
    fits.forEach((fit: TFitResult | undefined, index) => {
      if (fit)
        boxes.push(
          ...bodyAndBulletBoxes(hugText(textBoxFor(specs[index], fit), fit), fit, `columns.${index}.`),
        );
    });
    return contentPage(context, contentHeader(continuedTitle(title, page), context), boxes);
  });
}

function toColumnText(column: TColumn): TColumnText {
  return {
    heading: inlineRuns(column.heading),
    paragraphs: [...textParagraphs(column.body), ...bulletParagraphs(column.bullets)],
  };
}
