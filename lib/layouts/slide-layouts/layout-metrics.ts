import "server-only";
import type { TMetric, TSlideContent } from "@/lib/deck/schema";
import type { TBox, TTextBox } from "../boxes";
import { inlineRuns } from "../to-paragraphs";
import { contentHeader, continuedTitle } from "./content-header";
import { fitLead } from "./fit-lead";
import { fitTogether, type TFittedGroup } from "./fit-together";
import { card, contentPage, rect, type TLayoutContext, type TPage } from "./frame";
import { layoutBullets } from "./layout-bullets";
import type { TTextBoxSpec } from "./text-box";

const VALUE_LINE_HEIGHT = 1.1;
const VALUE_MIN_SIZE = 24;
const LABEL_LINE_HEIGHT = 1.25;
const LABEL_MIN_SIZE = 16;
const DETAIL_LINE_HEIGHT = 1.3;
const DETAIL_MIN_SIZE = 14;
const VALUE_GAP = 10;
const DETAIL_GAP = 8;
// The least share of a cell's height the values keep when labels and details want more.
const VALUE_SHARE = 0.3;
const RULE_W = 56;
const RULE_H = 6;
// What the figures need under a lead: a lead that would leave less goes on a page of its own.
const GRID_RESERVE = [0, 240, 340];

/** How a template frames its figures: in cards, or as open columns under accent rules. */
type TCellStyle = {
  cards: boolean;
  gap: number;
  rowGap: number;
  padX: number;
  padTop: number;
  padBottom: number;
};

type TCellTexts = { value: TTextBox; label?: TTextBox; detail?: TTextBox };

/**
 * One to six headline figures: big values in the heading font and accent colour over their labels
 * and optional details, in one row (up to four) or two rows of up to three. Square-cornered
 * templates set them as open columns under short accent rules, the others in cards. Every value
 * shares one size, as do the labels and the details, so the figures read as a set.
 */
export function layoutMetrics(content: TSlideContent, context: TLayoutContext): TPage[] {
  // Indexes stay those of the content, so each box's role names its metric.
  const metrics = (content.metrics ?? []).slice(0, 6);
  if (!metrics.length) return layoutBullets(content, context);
  const title = inlineRuns(content.title);
  const rows = rowsOf(metrics.length);
  const lead = fitLead(content.body, title, context, GRID_RESERVE[rows.length]);
  const { body } = context.template.frame;
  const grid = layoutGrid(metrics, rows, lead.top, body.y + body.h, context);
  return [
    ...lead.pages,
    contentPage(context, contentHeader(continuedTitle(title, lead.pages.length), context), [
      ...lead.boxes,
      ...grid,
    ]),
  ];
}

/** Indexes of the metrics on each row: one row up to four, then rows of three (5 = 3 + 2). */
function rowsOf(count: number): number[][] {
  const indexes = Array.from({ length: count }, (_, index) => index);
  return count <= 4 ? [indexes] : [indexes.slice(0, 3), indexes.slice(3)];
}

function cellStyle(context: TLayoutContext, rows: number): TCellStyle {
  const cards = context.template.radius > 0 || context.template.cards === "outlined";
  const pad = rows > 1 ? 20 : 32;
  return cards
    ? { cards, gap: 32, rowGap: 24, padX: pad, padTop: pad, padBottom: pad }
    : { cards, gap: 64, rowGap: 40, padX: 0, padTop: RULE_H + 22, padBottom: 4 };
}

function layoutGrid(
  metrics: TMetric[],
  rows: number[][],
  top: number,
  bottom: number,
  context: TLayoutContext,
): TBox[] {
  const { frame, sizes, titleAlign } = context.template;
  const { palette, fonts } = context;
  const style = cellStyle(context, rows.length);
  const columns = Math.max(...rows.map((row) => row.length));
  const cellW = (frame.contentW - style.gap * (columns - 1)) / columns;
  const innerW = cellW - 2 * style.padX;
  const rowH = (bottom - top - style.rowGap * (rows.length - 1)) / rows.length;
  const innerH = rowH - style.padTop - style.padBottom;
  const labels = metrics.map((metric) => inlineRuns(metric.label));
  const details = metrics.map((metric) => inlineRuns(metric.detail));
  const hasLabels = labels.some((runs) => runs.length);
  const hasDetails = details.some((runs) => runs.length);
  const labelMinH = hasLabels ? VALUE_GAP + LABEL_MIN_SIZE * LABEL_LINE_HEIGHT : 0;
  const detailMinH = hasDetails ? DETAIL_GAP + DETAIL_MIN_SIZE * DETAIL_LINE_HEIGHT : 0;

  const spec = (role: string, overrides: Partial<TTextBoxSpec> & Pick<TTextBoxSpec, "paragraphs" | "h">) =>
    ({
      role,
      x: 0,
      y: 0,
      w: innerW,
      font: fonts.body,
      fontSize: sizes.body,
      lineHeight: LABEL_LINE_HEIGHT,
      overflow: "ellipsis",
      color: palette.text,
      align: titleAlign,
      valign: "top",
      ...overrides,
    }) satisfies TTextBoxSpec;

  const labelSpecs = (h: number) =>
    metrics.flatMap((_, index) =>
      labels[index].length
        ? [
            spec(`metrics.${index}.label`, {
              h,
              paragraphs: [{ runs: labels[index] }],
              fontSize: sizes.columnBody,
              minFontSize: LABEL_MIN_SIZE,
            }),
          ]
        : [],
    );
  const detailSpecs = (h: number, fontSize = sizes.caption + 2) =>
    metrics.flatMap((_, index) =>
      details[index].length
        ? [
            spec(`metrics.${index}.detail`, {
              h,
              paragraphs: [{ runs: details[index] }],
              fontSize,
              minFontSize: Math.min(fontSize, DETAIL_MIN_SIZE),
              lineHeight: DETAIL_LINE_HEIGHT,
              color: palette.muted,
            }),
          ]
        : [],
    );
  const heightOf = (group: TFittedGroup) => Math.max(0, ...group.fits.map((fit) => fit.height));
  // What labels and details would like: up to two lines each at their preferred sizes.
  const labelWish = heightOf(fitTogether(labelSpecs(2 * sizes.columnBody * LABEL_LINE_HEIGHT)));
  const detailWish = heightOf(fitTogether(detailSpecs(2 * (sizes.caption + 2) * DETAIL_LINE_HEIGHT)));
  const wishes = (labelWish ? VALUE_GAP + labelWish : 0) + (detailWish ? DETAIL_GAP + detailWish : 0);
  // Values give way to readable labels, down to a share of the card; a value keeps to one line
  // while it can, since at half the preferred size two lines fill the same height.
  const valueH = Math.max(
    VALUE_MIN_SIZE * VALUE_LINE_HEIGHT,
    Math.min(
      sizes.metric * VALUE_LINE_HEIGHT,
      innerH - labelMinH - detailMinH,
      Math.max(innerH - wishes, innerH * VALUE_SHARE),
    ),
  );
  const values = fitTogether(
    metrics.map((metric, index) =>
      spec(`metrics.${index}.value`, {
        h: valueH,
        paragraphs: [{ runs: [{ text: metric.value.trim() }] }],
        font: fonts.heading,
        bold: true,
        fontSize: sizes.metric,
        minFontSize: VALUE_MIN_SIZE,
        lineHeight: VALUE_LINE_HEIGHT,
        color: palette.accent,
        valign: "bottom",
      }),
    ),
  );
  const valuesH = heightOf(values);

  const afterValues = innerH - valuesH - VALUE_GAP;
  const detailRoom = Math.max(detailMinH, detailWish ? DETAIL_GAP + detailWish : 0);
  const labelGroup = fitTogether(
    labelSpecs(Math.max(LABEL_MIN_SIZE * LABEL_LINE_HEIGHT, afterValues - detailRoom)),
  );
  const labelsH = heightOf(labelGroup);
  // A detail never outgrows its label, or the hierarchy of the card flips.
  const detailGroup = fitTogether(
    detailSpecs(
      innerH - valuesH - (labelsH ? VALUE_GAP + labelsH : 0) - DETAIL_GAP,
      labelsH ? Math.min(sizes.caption + 2, labelGroup.fontSize - 2) : sizes.caption + 2,
    ),
  );
  const detailsH = heightOf(detailGroup);

  const texts: TCellTexts[] = values.boxes.map((value) => ({ value }));
  for (const box of labelGroup.boxes) texts[Number(box.role.split(".")[1])].label = box;
  for (const box of detailGroup.boxes) texts[Number(box.role.split(".")[1])].detail = box;

  // Every cell is as tall as the tallest content, so cards and rules line up across the grid.
  const labelTop = style.padTop + valuesH + (labelsH ? VALUE_GAP : 0);
  const detailTop = labelTop + labelsH + (detailsH ? DETAIL_GAP : 0);
  const cellH = detailTop + detailsH + style.padBottom;
  const blockH = rows.length * cellH + (rows.length - 1) * style.rowGap;
  const blockTop = top + Math.max(0, (bottom - top - blockH) / 2);

  return rows.flatMap((row, rowIndex) => {
    const rowW = row.length * cellW + (row.length - 1) * style.gap;
    const rowX = frame.marginX + (frame.contentW - rowW) / 2;
    const y = blockTop + rowIndex * (cellH + style.rowGap);
    return row.flatMap((index, slot): TBox[] => {
      const x = rowX + slot * (cellW + style.gap);
      const { value, label, detail } = texts[index];
      const place = (box: TTextBox | undefined, boxTop: number, h: number): TBox[] =>
        box ? [{ ...box, x: x + style.padX, y: y + boxTop, h }] : [];
      return [
        ...frameOf(index, x, y, cellW, cellH, slot, style, context),
        ...place(value, style.padTop, valuesH),
        ...place(label, labelTop, labelsH),
        ...place(detail, detailTop, detailsH),
      ];
    });
  });
}

/** The card of a figure, or its accent rule and the divider before it in the open style. */
function frameOf(
  index: number,
  x: number,
  y: number,
  w: number,
  h: number,
  slot: number,
  style: TCellStyle,
  context: TLayoutContext,
): TBox[] {
  const { palette, template } = context;
  if (style.cards) return [card(`metrics.${index}.card`, { x, y, w, h }, context)];
  const ruleX = template.titleAlign === "center" ? x + (w - RULE_W) / 2 : x;
  const boxes: TBox[] = [rect(`metrics.${index}.rule`, ruleX, y, RULE_W, RULE_H, palette.accent)];
  if (slot > 0) boxes.push(rect(`metrics.${index}.divider`, x - style.gap / 2 - 1, y, 2, h, palette.border));
  return boxes;
}
