import "server-only";
import { searchIcons } from "@/lib/assets/icons/find-icon";
import type { TItem, TSlideContent } from "@/lib/deck/schema";
import type { TBox, TShapeBox } from "../boxes";
import type { TFitResult } from "../fit-text";
import { inlineRuns, textParagraphs } from "../to-paragraphs";
import { contentHeader } from "./content-header";
import { card, contentPage, type TLayoutContext, type TPage, type TRect } from "./frame";
import { iconBox } from "./image-box";
import { layoutBullets } from "./layout-bullets";
import { fitTextBox, hugText, type TTextBoxSpec, textBoxFor } from "./text-box";

const MAX_ITEMS = 8;
const GAP = 24;
const LEAD_GAP = 28;
const TITLE_LINE_HEIGHT = 1.2;
const BODY_LINE_HEIGHT = 1.3;
const MIN_BODY_SIZE = 14;
/** Where a grid shorter than its room sits: this share of the spare height goes above it. */
const OPTICAL_CENTRE = 0.4;

/**
 * How a card is arranged. One row has room to stack the icon over the title; in two rows the
 * icon sits beside the title so the text below keeps its height.
 */
type TCardPlan = {
  stacked: boolean;
  padding: number;
  /** Diameter of the icon's circle. */
  badge: number;
  titleSize: number;
  bodySize: number;
  /** Space between the icon and the title (below it or beside it), and above the body. */
  iconGap: number;
  bodyGap: number;
};

const ONE_ROW = { stacked: true, padding: 32, badge: 72, iconGap: 24, bodyGap: 12 };
const TWO_ROWS = { stacked: false, padding: 22, badge: 52, iconGap: 14, bodyGap: 12 };

type TCardText = { title: TTextBoxSpec; body?: TTextBoxSpec };

/**
 * Two to eight cards, each an icon in an accent circle over (or beside) a short title and a line
 * of text: one row for up to four, two rows otherwise. Every card's title shares one font size,
 * every body another; text that does not fit at the floor ends with "…". An optional lead from
 * `body` sits above the grid.
 */
export function layoutIconsGrid(content: TSlideContent, context: TLayoutContext): TPage[] {
  const items = (content.items ?? []).slice(0, MAX_ITEMS);
  if (!items.length) return layoutBullets(content, context);
  const { frame, sizes, titleAlign } = context.template;
  const boxes: TBox[] = [];

  let top = frame.body.y;
  const lead = textParagraphs(content.body);
  if (lead.length) {
    const { box, fit } = fitTextBox({
      role: "body",
      x: frame.marginX,
      y: top,
      w: frame.contentW,
      h: Math.ceil(2 * sizes.columnBody * BODY_LINE_HEIGHT),
      paragraphs: lead,
      font: context.fonts.body,
      fontSize: sizes.columnBody,
      minFontSize: Math.min(sizes.columnBody, 18),
      lineHeight: BODY_LINE_HEIGHT,
      paragraphGapEm: 0.3,
      overflow: "ellipsis",
      color: context.palette.muted,
      align: titleAlign,
      valign: "top",
    });
    boxes.push(hugText(box, fit));
    top += fit.height + LEAD_GAP;
  }

  const rows = items.length <= 4 ? 1 : 2;
  const perRow = Math.ceil(items.length / rows);
  const cardW = (frame.contentW - GAP * (perRow - 1)) / perRow;
  const maxCardH = (frame.body.y + frame.body.h - top - GAP * (rows - 1)) / rows;
  const plan: TCardPlan = {
    ...(rows === 1 ? ONE_ROW : TWO_ROWS),
    titleSize: rows === 1 ? sizes.columnHeading : Math.min(sizes.columnHeading, 22),
    bodySize: rows === 1 ? sizes.columnBody : Math.min(sizes.columnBody, 20),
  };
  const center = plan.stacked && titleAlign === "center";

  // Fit every title alone, then all at the smallest of their sizes; the same for the bodies.
  const titleW = cardW - 2 * plan.padding - (plan.stacked ? 0 : plan.badge + plan.iconGap);
  const titleH = Math.ceil(2 * plan.titleSize * TITLE_LINE_HEIGHT);
  const texts = items.map((item, index): TCardText => {
    const body = textParagraphs(item.body);
    return {
      title: {
        role: `items.${index}.title`,
        x: 0,
        y: 0,
        w: titleW,
        h: titleH,
        paragraphs: [{ runs: inlineRuns(item.title) }],
        font: context.fonts.heading,
        bold: true,
        fontSize: plan.titleSize,
        minFontSize: Math.min(plan.titleSize, 16),
        lineHeight: TITLE_LINE_HEIGHT,
        overflow: "ellipsis",
        color: context.palette.text,
        align: center ? "center" : "left",
        valign: plan.stacked ? "top" : "middle",
      },
      ...(body.length
        ? {
            body: {
              role: `items.${index}.body`,
              x: 0,
              y: 0,
              w: cardW - 2 * plan.padding,
              h: 0,
              paragraphs: body,
              font: context.fonts.body,
              fontSize: plan.bodySize,
              minFontSize: Math.min(plan.bodySize, MIN_BODY_SIZE),
              lineHeight: BODY_LINE_HEIGHT,
              paragraphGapEm: 0.3,
              overflow: "ellipsis",
              color: context.palette.muted,
              align: center ? "center" : "left",
              valign: "top",
            },
          }
        : {}),
    };
  });
  const titleFits = fitShared(texts.map((text) => text.title));
  const titleBlock = Math.max(0, ...titleFits.map((fit) => fit.height));
  const headerH = plan.stacked ? plan.badge + plan.iconGap + titleBlock : Math.max(plan.badge, titleBlock);
  const bodyRoom = maxCardH - 2 * plan.padding - headerH - plan.bodyGap;
  // Bodies need at least one line at the floor size; a grid too crowded for that shows titles only.
  if (bodyRoom < MIN_BODY_SIZE * BODY_LINE_HEIGHT) for (const text of texts) delete text.body;
  const bodySpecs = texts.flatMap((text) => (text.body ? [{ ...text.body, h: bodyRoom }] : []));
  const bodyFits = fitShared(bodySpecs);
  const bodyBlock = Math.max(0, ...bodyFits.map((fit) => fit.height));
  // Cards hug their tallest text, all at one height.
  const cardH = Math.min(
    maxCardH,
    2 * plan.padding + headerH + (bodyFits.length ? plan.bodyGap + bodyBlock : 0),
  );

  // Short cards sit a little above the middle of the room left, not under the title with a void below.
  const free = frame.body.y + frame.body.h - top - (rows * cardH + (rows - 1) * GAP);
  const gridTop = top + Math.max(0, free) * OPTICAL_CENTRE;

  let bodyIndex = 0;
  items.forEach((item: TItem, index) => {
    const row = Math.floor(index / perRow);
    const inRow = row === 0 ? Math.min(perRow, items.length) : items.length - perRow;
    // A shorter last row is centred under the first.
    const offset = ((perRow - inRow) * (cardW + GAP)) / 2;
    const cell: TRect = {
      x: frame.marginX + offset + (index % perRow) * (cardW + GAP),
      y: gridTop + row * (cardH + GAP),
      w: cardW,
      h: cardH,
    };
    const text = texts[index];
    const body = text.body ? { spec: text.body, fit: bodyFits[bodyIndex++] } : undefined;
    boxes.push(
      ...cardBoxes(
        item,
        index,
        cell,
        plan,
        center,
        { spec: text.title, fit: titleFits[index] },
        body,
        titleBlock,
        context,
      ),
    );
  });

  return [contentPage(context, contentHeader(inlineRuns(content.title), context), boxes)];
}

/** Fits each box alone, then all at the smallest size found, so one role reads at one size. */
function fitShared(specs: TTextBoxSpec[]): TFitResult[] {
  if (!specs.length) return [];
  const size = Math.min(...specs.map((spec) => fitTextBox(spec).fit.fontSize));
  return specs.map((spec) => fitTextBox({ ...spec, fontSize: size, minFontSize: size }).fit);
}

type TPlaced = { spec: TTextBoxSpec; fit: TFitResult };

function cardBoxes(
  item: TItem,
  index: number,
  cell: TRect,
  plan: TCardPlan,
  center: boolean,
  title: TPlaced,
  body: TPlaced | undefined,
  titleBlock: number,
  context: TLayoutContext,
): TBox[] {
  const { palette } = context;
  const inner = { x: cell.x + plan.padding, y: cell.y + plan.padding, w: cell.w - 2 * plan.padding };
  const headerH = plan.stacked ? plan.badge + plan.iconGap + titleBlock : Math.max(plan.badge, titleBlock);
  const badge: TRect = plan.stacked
    ? { x: center ? cell.x + (cell.w - plan.badge) / 2 : inner.x, y: inner.y, w: plan.badge, h: plan.badge }
    : { x: inner.x, y: inner.y + (headerH - plan.badge) / 2, w: plan.badge, h: plan.badge };
  const glyph = plan.badge * 0.5;
  const circle: TShapeBox = {
    kind: "shape",
    id: `items.${index}.badge`,
    shape: "ellipse",
    ...badge,
    fill: palette.accent,
  };
  const titleRect: TRect = plan.stacked
    ? { x: inner.x, y: inner.y + plan.badge + plan.iconGap, w: inner.w, h: titleBlock }
    : {
        x: inner.x + plan.badge + plan.iconGap,
        y: inner.y,
        w: inner.w - plan.badge - plan.iconGap,
        h: headerH,
      };
  const boxes: TBox[] = [
    card(`items.${index}.card`, cell, context),
    circle,
    iconBox(
      iconQuery(item),
      { x: badge.x + (plan.badge - glyph) / 2, y: badge.y + (plan.badge - glyph) / 2, w: glyph, h: glyph },
      palette.onAccent,
      item.title,
      { id: `items.${index}.icon`, role: `items.${index}.icon` },
    ),
    textBoxFor({ ...title.spec, ...titleRect }, title.fit),
  ];
  if (body) {
    const y = inner.y + headerH + plan.bodyGap;
    const h = cell.y + cell.h - plan.padding - y;
    boxes.push(textBoxFor({ ...body.spec, x: inner.x, y, w: inner.w, h }, body.fit));
  }
  return boxes;
}

/**
 * What the card's icon is found by: its icon name when that matches, else its title, else its body
 * (a card titled with a person's name is still about what its body says), else the title anyway.
 */
function iconQuery(item: TItem): string {
  const candidates = [item.icon, item.title, item.body].filter((text): text is string => Boolean(text));
  return candidates.find((text) => searchIcons(text, 1).length > 0) ?? item.title;
}
