import "server-only";
import type { TColumn, TSlideContent } from "@/lib/deck/schema";
import type { TBox, TShapeBox, TTextBox, TTextRun } from "../boxes";
import { fitText, type TParagraphSpec } from "../fit-text";
import { pagesAt, paginateText } from "../paginate-text";
import { bulletParagraphs, inlineRuns, textParagraphs } from "../to-paragraphs";
import { bodyAndBulletBoxes } from "./body-boxes";
import { contentHeader, continuedTitle } from "./content-header";
import { fitLead } from "./fit-lead";
import { fitTogether } from "./fit-together";
import { card, contentPage, rect, type TLayoutContext, type TPage, type TRect } from "./frame";
import { layoutTwoColumn } from "./layout-two-column";
import { hugText, type TTextBoxSpec, textBoxFor } from "./text-box";

const GAP = 48;
const PADDING = 32;
const HEADING_GAP = 16;
const RULE_H = 3;
const RULE_GAP = 20;
const BADGE = 76;
const BADGE_RING = 6;
const TINT = 0.1;
const BODY_MIN_SIZE = 16;
// Room the cards need under a lead: a lead that would leave less goes on a page of its own.
const RESERVE = 280;

type TSide = { heading: TTextRun[]; paragraphs: TParagraphSpec[] };

/**
 * Two options side by side: the first in a card of the template's style, the second tinted and
 * outlined in the accent colour, a round "vs" badge between them. Headings are bold, both sides'
 * text shares one size, and text that does not fit continues on "(cont.)" pages that repeat the
 * headings. With fewer than two columns it is drawn as a two-column slide.
 */
export function layoutComparison(content: TSlideContent, context: TLayoutContext): TPage[] {
  const columns = content.columns ?? [];
  if (columns.length < 2) return layoutTwoColumn(content, context);
  const sides = columns.slice(0, 2).map(toSide);
  const { palette, fonts } = context;
  const { frame, sizes, titleAlign } = context.template;
  const title = inlineRuns(content.title);
  const lead = fitLead(content.body, title, context, RESERVE);
  const bottom = frame.body.y + frame.body.h;
  const cardW = (frame.contentW - GAP) / 2;
  const xOf = (index: number) => frame.marginX + index * (cardW + GAP);
  const innerW = cardW - 2 * PADDING;

  // Headings: both at one size, each on top of its card, the same height so the rules line up.
  const headings = fitTogether(
    sides.flatMap((side, index): TTextBoxSpec[] =>
      side.heading.length
        ? [
            {
              role: `columns.${index}.heading`,
              x: xOf(index) + PADDING,
              y: 0,
              w: innerW,
              h: 2 * sizes.columnHeading * 1.2,
              paragraphs: [{ runs: side.heading }],
              font: fonts.heading,
              bold: true,
              fontSize: sizes.columnHeading,
              minFontSize: Math.min(sizes.columnHeading, 20),
              lineHeight: 1.2,
              overflow: "ellipsis",
              color: index === 0 ? palette.text : palette.accent,
              align: titleAlign,
              valign: "bottom",
            },
          ]
        : [],
    ),
  );
  const headingH = Math.max(0, ...headings.boxes.map((box) => box.h));
  const headerH = headingH ? headingH + HEADING_GAP + RULE_H + RULE_GAP : 0;

  // The first page has the lead above the cards; later pages give the cards the whole body.
  const textTop = (page: number) => (page === 0 ? lead.top : frame.body.y) + PADDING + headerH;
  const spec = (side: TSide, index: number): TTextBoxSpec => ({
    role: `columns.${index}.body`,
    x: xOf(index) + PADDING,
    y: 0,
    w: innerW,
    h: bottom - PADDING - textTop(0),
    paragraphs: side.paragraphs,
    font: fonts.body,
    fontSize: sizes.columnBody,
    minFontSize: Math.min(sizes.columnBody, BODY_MIN_SIZE),
    lineHeight: 1.3,
    paragraphGapEm: 0.45,
    color: palette.text,
    align: "left",
    valign: "top",
  });
  const specs = sides.map(spec);
  const laterH = bottom - PADDING - textTop(1);
  const size = Math.min(...specs.map((one) => paginateText(one, laterH)[0].fontSize));
  const pages = specs.map((one) => pagesAt(one, size, laterH));
  const pageCount = Math.max(1, ...pages.map((side) => side.length));

  return [
    ...lead.pages,
    ...Array.from({ length: pageCount }, (_, page): TPage => {
      const top = page === 0 ? lead.top : frame.body.y;
      const fits = pages.map((side) => side[page]);
      // The cards end a padding below the longer side's text rather than at the foot of the slide.
      const textH = Math.max(0, ...fits.map((fit) => fit?.height ?? 0));
      // Never shorter than the badge between the cards, even with next to nothing in them.
      const cardH = Math.min(Math.max(PADDING + headerH + textH + PADDING, BADGE + PADDING), bottom - top);
      const boxes: TBox[] = [
        ...(page === 0 ? lead.boxes : []),
        ...sides.flatMap((_, index) => cardOf(index, { x: xOf(index), y: top, w: cardW, h: cardH }, context)),
      ];
      for (const heading of headings.boxes) {
        const side = Number(heading.role.split(".")[1]);
        boxes.push({ ...heading, y: top + PADDING, h: headingH });
        boxes.push(
          rect(
            `columns.${side}.rule`,
            xOf(side) + PADDING,
            top + PADDING + headingH + HEADING_GAP,
            innerW,
            RULE_H,
            side === 0 ? palette.border : palette.accent,
          ),
        );
      }
      fits.forEach((fit, index) => {
        if (!fit) return;
        const region = hugText({ ...textBoxFor(specs[index], fit), y: textTop(page) }, fit);
        boxes.push(...bodyAndBulletBoxes(region, fit, `columns.${index}.`));
      });
      boxes.push(...badge(frame.marginX + frame.contentW / 2, top + cardH / 2, context));
      return contentPage(
        context,
        contentHeader(continuedTitle(title, lead.pages.length + page), context),
        boxes,
      );
    }),
  ];
}

function toSide(column: TColumn): TSide {
  return {
    heading: inlineRuns(column.heading),
    paragraphs: [...textParagraphs(column.body), ...bulletParagraphs(column.bullets)],
  };
}

/** The first side in the template's card; the second tinted and outlined in the accent. */
function cardOf(index: number, r: TRect, context: TLayoutContext): TShapeBox[] {
  if (index === 0) return [card(`columns.${index}.card`, r, context)];
  const { palette, template } = context;
  const shape = template.radius > 0 ? "roundRect" : "rect";
  const corner = template.radius > 0 ? { radius: template.radius } : {};
  // Tint and outline are separate shapes: a shape's opacity would fade its outline too.
  return [
    {
      kind: "shape",
      id: `columns.${index}.tint`,
      shape,
      ...r,
      ...corner,
      fill: palette.accent,
      opacity: TINT,
    },
    {
      kind: "shape",
      id: `columns.${index}.card`,
      shape,
      ...r,
      ...corner,
      fill: "none",
      stroke: { color: palette.accent, width: 2 },
    },
  ];
}

/** The round "vs" badge between the cards, ringed in the background colour. */
function badge(cx: number, cy: number, context: TLayoutContext): TBox[] {
  const { palette, fonts } = context;
  const circle: TShapeBox = {
    kind: "shape",
    id: "columns.badge",
    shape: "ellipse",
    x: cx - BADGE / 2,
    y: cy - BADGE / 2,
    w: BADGE,
    h: BADGE,
    fill: palette.accent,
    stroke: { color: context.template.background("content", palette), width: BADGE_RING },
  };
  const fontSize = 26;
  const runs: TTextRun[] = [{ text: "vs" }];
  const fit = fitText({
    paragraphs: [{ runs }],
    w: BADGE - 16,
    h: fontSize * 1.2,
    font: fonts.heading,
    bold: true,
    fontSize,
    lineHeight: 1.2,
    overflow: "ellipsis",
  });
  const label: TTextBox = {
    // Not a content field: the editor leaves "decor" text alone.
    ...textBoxFor(
      {
        role: "decor",
        x: cx - (BADGE - 16) / 2,
        y: cy - fit.height / 2,
        w: BADGE - 16,
        h: fit.height,
        paragraphs: [{ runs }],
        font: fonts.heading,
        bold: true,
        fontSize,
        lineHeight: 1.2,
        color: palette.onAccent,
        align: "center",
        valign: "middle",
      },
      fit,
    ),
    id: "columns.badge.label",
  };
  return [circle, label];
}
