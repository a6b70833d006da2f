import "server-only";
import type { TSlideContent, TTimelineEvent } from "@/lib/deck/schema";
import type { TBox, TShapeBox, TTextBox, TTextRun } from "../boxes";
import { inlineRuns } from "../to-paragraphs";
import { contentHeader, continuedTitle } from "./content-header";
import { fitLead } from "./fit-lead";
import { fitTogether, type TFittedGroup } from "./fit-together";
import { contentPage, rect, type TLayoutContext, type TPage } from "./frame";
import { layoutBullets } from "./layout-bullets";
import type { TTextBoxSpec } from "./text-box";

const PER_ROW = 5;
const COLUMN_GAP = 28;
const ROW_GAP = 48;
const DOT_R = 11;
const DOT_RING = 4;
const LINE_W = 4;
const DATE_GAP = 14;
const TITLE_GAP = 18;
const BODY_GAP = 8;
const DATE_LINE_HEIGHT = 1.2;
const TITLE_LINE_HEIGHT = 1.2;
const BODY_LINE_HEIGHT = 1.3;
const MIN_SIZE = { date: 16, title: 16, body: 14 };
// Sizes below these make the layout try spreading the steps over more pages first.
const READABLE = { date: 18, title: 18, body: 16 };
// The line, its dots and the gaps around them, between the dates and the titles.
const AXIS_H = DATE_GAP + 2 * DOT_R + TITLE_GAP;
// Room the steps need under a lead: a lead that would leave less goes on a page of its own.
const RESERVE = 260;

type TEventTexts = { date: TTextRun[]; title: TTextRun[]; body: TTextRun[] };
/** A way to spread the events: pages of rows of event indexes. */
type TPlan = number[][][];
type TFittedEvents = { dates: TFittedGroup; titles: TFittedGroup; bodies: TFittedGroup; complete: boolean };

/**
 * Dated steps along a horizontal line: a dot per step, its date in accent bold above the line and
 * its title and text below, one size per role across the whole timeline. Up to five steps share a
 * row; six to ten take two rows on one page when their text fits there at a readable size, and
 * otherwise a row per page ("(cont.)"), with fewer steps per row if the text still does not fit.
 */
export function layoutTimeline(content: TSlideContent, context: TLayoutContext): TPage[] {
  const events = (content.timeline ?? []).slice(0, 10).map(toTexts);
  if (!events.length) return layoutBullets(content, context);
  const title = inlineRuns(content.title);
  const lead = fitLead(content.body, title, context, RESERVE);
  const { body } = context.template.frame;
  const bottom = body.y + body.h;

  // The first plan whose text fits whole at readable sizes wins; failing that, the first whose
  // text fits whole; failing that, the last (its longest texts end with "…").
  const candidates = plansFor(events.length).flatMap((plan) => {
    const columns = Math.max(...plan.flat().map((row) => row.length));
    const fitted = fitEventsReadably(
      events,
      columnWidth(columns, context),
      rowHeight(plan, bottom - lead.top),
      context,
    );
    return fitted ? [{ plan, fitted }] : [];
  });
  const chosen =
    candidates.find(({ fitted }) => fitted.complete && readable(fitted)) ??
    candidates.find(({ fitted }) => fitted.complete) ??
    candidates.at(-1);
  // Only a lead sharing a very short page could leave no plan drawable; the reserve prevents it.
  if (!chosen) throw new Error("No room for the timeline under its lead");
  const { plan, fitted } = chosen;

  return [
    ...lead.pages,
    ...plan.map((rows, page) => {
      const top = page === 0 ? lead.top : body.y;
      const boxes: TBox[] = page === 0 ? [...lead.boxes] : [];
      boxes.push(...placeRows(rows, fitted, top, bottom, context));
      return contentPage(
        context,
        contentHeader(continuedTitle(title, lead.pages.length + page), context),
        boxes,
      );
    }),
  ];
}

/** Whether every role is at a readable size; titles with no text under them are the text, read at its size. */
function readable({ dates, titles, bodies }: TFittedEvents): boolean {
  const atLeast = (group: TFittedGroup, size: number) => !group.boxes.length || group.fontSize >= size;
  const titleSize = bodies.boxes.length ? READABLE.title : READABLE.body;
  return atLeast(dates, READABLE.date) && atLeast(titles, titleSize) && atLeast(bodies, READABLE.body);
}

function toTexts(event: TTimelineEvent): TEventTexts {
  return { date: inlineRuns(event.date), title: inlineRuns(event.title), body: inlineRuns(event.body) };
}

/** Rows of up to `perRow` events, as even as possible (7 → 4 + 3). */
function balancedRows(indexes: number[], perRow: number): number[][] {
  const count = Math.ceil(indexes.length / perRow);
  const size = Math.ceil(indexes.length / count);
  return Array.from({ length: count }, (_, row) => indexes.slice(row * size, (row + 1) * size)).filter(
    (row) => row.length,
  );
}

/** Ways to spread `count` events, best first: all on one page, then a row per page, then shorter rows. */
function plansFor(count: number): TPlan[] {
  const indexes = Array.from({ length: count }, (_, index) => index);
  const rows = balancedRows(indexes, PER_ROW);
  const plans: TPlan[] = [[rows]];
  if (rows.length > 1) plans.push(rows.map((row) => [row]));
  if (count > 3) plans.push(balancedRows(indexes, 3).map((row) => [row]));
  return plans;
}

/** The height every row of a plan can have: the tightest page decides, the first (with its lead). */
function rowHeight(plan: TPlan, firstPageH: number): number {
  const rows = Math.max(...plan.map((page) => page.length));
  return (firstPageH - ROW_GAP * (rows - 1)) / rows;
}

function columnWidth(columns: number, context: TLayoutContext): number {
  return context.template.frame.contentW / columns;
}

/**
 * Fits the events with their titles at the template's size, or, when that leaves their texts too
 * small to read, at the largest smaller size that does not (two rows of short titles with a line of
 * text each then share one page instead of spreading over two).
 */
function fitEventsReadably(
  events: TEventTexts[],
  columnW: number,
  rowH: number,
  context: TLayoutContext,
): TFittedEvents | undefined {
  const first = fitEvents(events, columnW, rowH, context, context.template.sizes.columnBody);
  if (!first || readable(first)) return first;
  for (let size = first.titles.fontSize - 2; size >= READABLE.title; size -= 2) {
    const fitted = fitEvents(events, columnW, rowH, context, size);
    if (fitted?.complete && readable(fitted)) return fitted;
  }
  return first;
}

/**
 * Fits every event's texts at one size per role, in columns `columnW` wide and rows `rowH` high,
 * titles at `titleSize` at most.
 */
function fitEvents(
  events: TEventTexts[],
  columnW: number,
  rowH: number,
  context: TLayoutContext,
  titleSize: number,
): TFittedEvents | undefined {
  const { palette, fonts } = context;
  const { sizes, titleAlign } = context.template;
  const spec = (role: string, runs: TTextRun[], h: number, extra: Partial<TTextBoxSpec>): TTextBoxSpec => ({
    role,
    x: 0,
    y: 0,
    w: columnW - COLUMN_GAP,
    h,
    paragraphs: [{ runs }],
    font: fonts.body,
    fontSize: sizes.columnBody,
    lineHeight: TITLE_LINE_HEIGHT,
    overflow: "ellipsis",
    color: palette.text,
    align: titleAlign,
    valign: "top",
    ...extra,
  });
  const group = (role: keyof TEventTexts, h: number, extra: Partial<TTextBoxSpec>) =>
    fitTogether(
      events.flatMap((event, index) =>
        event[role].length ? [spec(`timeline.${index}.${role}`, event[role], h, extra)] : [],
      ),
    );
  const heightOf = (fitted: TFittedGroup) => Math.max(0, ...fitted.fits.map((fit) => fit.height));
  const lineOf = (size: number, lineHeight: number) => size * lineHeight;
  const hasBodies = events.some((event) => event.body.length);
  const hasTitles = events.some((event) => event.title.length);
  const bodySize = sizes.caption + 2;
  const bodyMinH = hasBodies ? BODY_GAP + lineOf(MIN_SIZE.body, BODY_LINE_HEIGHT) : 0;
  const titleMinH = hasTitles ? lineOf(MIN_SIZE.title, TITLE_LINE_HEIGHT) : 0;
  const dateMinH = lineOf(MIN_SIZE.date, DATE_LINE_HEIGHT);
  if (rowH < dateMinH + AXIS_H + titleMinH + bodyMinH) return undefined;

  const dates = group(
    "date",
    Math.max(
      dateMinH,
      Math.min(2 * lineOf(sizes.columnBody, DATE_LINE_HEIGHT), rowH - AXIS_H - titleMinH - bodyMinH),
    ),
    {
      minFontSize: MIN_SIZE.date,
      lineHeight: DATE_LINE_HEIGHT,
      bold: true,
      color: palette.accent,
      valign: "bottom",
    },
  );
  const belowAxis = rowH - heightOf(dates) - AXIS_H;
  // Titles may take three lines before they shrink, but leave the texts under them some room.
  const titleRoom = Math.max(
    titleMinH,
    Math.min(
      belowAxis - bodyMinH,
      hasBodies ? Math.max(3 * lineOf(sizes.columnBody, TITLE_LINE_HEIGHT), belowAxis * 0.4) : belowAxis,
    ),
  );
  const titles = group("title", titleRoom, { fontSize: titleSize, minFontSize: MIN_SIZE.title, bold: true });
  const titlesH = heightOf(titles);
  // A step's text never outgrows its title.
  const bodyFontSize = titles.boxes.length ? Math.min(bodySize, titles.fontSize) : bodySize;
  const bodies = group("body", belowAxis - (titlesH ? titlesH + BODY_GAP : 0), {
    fontSize: bodyFontSize,
    minFontSize: Math.min(bodyFontSize, MIN_SIZE.body),
    lineHeight: BODY_LINE_HEIGHT,
    color: palette.muted,
  });
  return { dates, titles, bodies, complete: dates.complete && titles.complete && bodies.complete };
}

/** The rows of one page, centred in the space between `top` and `bottom`. */
function placeRows(
  rows: number[][],
  fitted: TFittedEvents,
  top: number,
  bottom: number,
  context: TLayoutContext,
): TBox[] {
  const byIndex = (group: TFittedGroup) => {
    const boxes = new Map<number, TTextBox>();
    for (const box of group.boxes) boxes.set(Number(box.role.split(".")[1]), box);
    return boxes;
  };
  const dates = byIndex(fitted.dates);
  const titles = byIndex(fitted.titles);
  const bodies = byIndex(fitted.bodies);
  const maxH = (boxes: Map<number, TTextBox>, row: number[]) =>
    Math.max(0, ...row.map((index) => boxes.get(index)?.h ?? 0));
  const heights = rows.map((row) => {
    const titleH = maxH(titles, row);
    const bodyH = maxH(bodies, row);
    return {
      date: maxH(dates, row),
      title: titleH,
      body: bodyH,
      total: maxH(dates, row) + AXIS_H + titleH + (bodyH ? (titleH ? BODY_GAP : 0) + bodyH : 0),
    };
  });
  const blockH = heights.reduce((sum, row) => sum + row.total, 0) + ROW_GAP * (rows.length - 1);
  let y = top + Math.max(0, (bottom - top - blockH) / 2);
  const columns = Math.max(...rows.map((row) => row.length));
  return rows.flatMap((row, rowIndex) => {
    const height = heights[rowIndex];
    const boxes = placeRow(row, height, y, columnWidth(columns, context), { dates, titles, bodies }, context);
    y += height.total + ROW_GAP;
    return boxes;
  });
}

function placeRow(
  row: number[],
  height: { date: number; title: number; body: number },
  top: number,
  columnW: number,
  texts: Record<"dates" | "titles" | "bodies", Map<number, TTextBox>>,
  context: TLayoutContext,
): TBox[] {
  const { palette } = context;
  const { frame, titleAlign } = context.template;
  const centred = titleAlign === "center";
  const axisY = top + height.date + DATE_GAP + DOT_R;
  const titleY = top + height.date + AXIS_H;
  const bodyY = titleY + (height.title ? height.title + BODY_GAP : 0);
  // The line spans every column of the grid, so a shorter last row reads as the same timeline.
  const inset = centred ? columnW / 2 : 0;
  const boxes: TBox[] = [
    rect(
      `timeline.${row[0]}.line`,
      frame.marginX + inset,
      axisY - LINE_W / 2,
      frame.contentW - 2 * inset,
      LINE_W,
      palette.border,
    ),
  ];
  row.forEach((index, slot) => {
    const x = frame.marginX + slot * columnW;
    const textX = x + (centred ? COLUMN_GAP / 2 : 0);
    const dotX = centred ? x + columnW / 2 : x + DOT_R + DOT_RING;
    boxes.push(
      dot(`timeline.${index}.dot`, dotX, axisY, index % 2 ? palette.accent2 : palette.accent, context),
    );
    const place = (box: TTextBox | undefined, y: number, h: number) => {
      if (box) boxes.push({ ...box, x: textX, y, h });
    };
    place(texts.dates.get(index), top, height.date);
    place(texts.titles.get(index), titleY, height.title);
    place(texts.bodies.get(index), bodyY, height.body);
  });
  return boxes;
}

/** A dot on the line, ringed in the background colour so the line seems to pass behind it. */
function dot(id: string, cx: number, cy: number, fill: string, context: TLayoutContext): TShapeBox {
  return {
    kind: "shape",
    id,
    shape: "ellipse",
    x: cx - DOT_R,
    y: cy - DOT_R,
    w: 2 * DOT_R,
    h: 2 * DOT_R,
    fill,
    stroke: { color: context.template.background("content", context.palette), width: DOT_RING },
  };
}
