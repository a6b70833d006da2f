/**
 * "Turn into a chart": the figures of a table, of metrics, of dated steps or of "Label: 12%"
 * bullets become a native chart; on a chart slide, "a pie chart" changes its type. The chart type
 * follows the data (shares adding up to 100% → pie, dates → line, many or long labels → bar)
 * unless one is asked for. Lines without a figure stay beside the chart as bullets. Pure.
 */
import { type TChart, type TChartType, type TSlide, type TSlideContent, ZChart } from "@/lib/deck/schema";
import { chartFromTable, readEvent } from "@/lib/generate/content-shape";
import { plainText } from "@/lib/generate/offline/tokenize";
import type { TEditContext } from "../../edit-context";
import { EditRefusal } from "../../edit-refusal";
import { labelledFigure, parseFigure, type TFigure } from "../figures";
import { count, moveToNotes, notesField } from "../move-to-notes";
import { slideLines, tableLines } from "../read-slide";
import { tableWords } from "../table-words";
import { carryOver } from "./carry-over";
import type { TConverted, TConvertOptions } from "./types";

const MAX_POINTS = 24;
const MAX_BULLETS = 30;

type TPoint = { label: string; figure: TFigure };

/** The slide as a chart slide. */
export function toChart(slide: TSlide, ctx: TEditContext, opts: TConvertOptions): TConverted {
  const c = slide.content;
  if (c.chart) return retype(slide, c.chart, opts.chartType);
  const carried = carryOver(c, "chart");
  const warnings = [...carried.warnings];
  const name =
    plainText(c.title ?? "")
      .trim()
      .slice(0, 80) || tableWords(ctx.deck.language).value;

  let chart: TChart;
  let rest: string[] = [];
  if (c.table) {
    const fromTable = tableChart(c.table, warnings);
    if (!fromTable)
      throw new EditRefusal(
        "The table has no column of numbers to chart: a chart needs a first column of labels and columns of figures.",
      );
    chart = fromTable.chart;
    // Columns without figures are not charted: the whole table goes to the notes so none is lost.
    if (fromTable.dropped > 0) carried.moved.push(...tableLines(c.table));
  } else {
    const { points, others } = readPoints(c);
    const byUnit = new Map<string, TPoint[]>();
    for (const p of points) byUnit.set(p.figure.unit, [...(byUnit.get(p.figure.unit) ?? []), p]);
    const [unit, group] = [...byUnit.entries()].sort((a, b) => b[1].length - a[1].length)[0] ?? ["", []];
    if (group.length < 2)
      throw new EditRefusal(
        points.length < 2
          ? 'A chart needs two or more figures, such as bullets written "North: 120" or "Revenue grew 18%"; the slide has ' +
              `${points.length === 0 ? "none" : "one"}.`
          : "The slide's figures all have different units, so no two of them can share a chart.",
      );
    const shown = group.slice(0, MAX_POINTS);
    const left = [...points.filter((p) => !shown.includes(p)).map((p) => p.line), ...others];
    if (points.length > shown.length)
      warnings.push(
        `${count(points.length - shown.length, "figure")} with another unit (or past ${MAX_POINTS}) stayed as text.`,
      );
    rest = left;
    chart = {
      type: opts.chartType ?? autoType(shown, unit),
      categories: shown.map((p) => plainText(p.label).trim().slice(0, 80) || "—"),
      series: [{ name, values: shown.map((p) => p.figure.value) }],
      ...(unit ? { unit: unit.slice(0, 12) } : {}),
    };
  }
  if (opts.chartType) chart = { ...chart, type: opts.chartType };
  checkChart(chart);
  if ((chart.type === "pie" || chart.type === "doughnut") && chart.series.length > 1)
    warnings.push(`A ${chart.type} chart draws the first series (${chart.series[0].name}) only.`);

  const bullets = rest.slice(0, MAX_BULLETS);
  const notes = moveToNotes(slide.notes, [...carried.moved, ...rest.slice(MAX_BULLETS)]);
  return {
    layout: "chart",
    content: { ...carried.content, chart, ...(bullets.length ? { bullets } : {}) },
    ...notesField(notes),
    summary: `turned the slide into a ${chart.type} chart of ${count(chart.categories.length, "value")}`,
    warnings,
  };
}

/** A chart slide asked for another type. */
function retype(slide: TSlide, chart: TChart, type: TChartType | undefined): TConverted {
  if (!type || type === chart.type) throw new EditRefusal(`The slide is already a ${chart.type} chart.`);
  const next = { ...chart, type };
  checkChart(next);
  const warnings =
    (type === "pie" || type === "doughnut") && chart.series.length > 1
      ? [`A ${type} chart draws the first series (${chart.series[0].name}) only.`]
      : [];
  return {
    layout: "chart",
    content: { ...slide.content, chart: next },
    ...notesField(slide.notes),
    summary: `changed the ${chart.type} chart to a ${type} chart`,
    warnings,
  };
}

/** The figures of the slide's lines, and the lines that have none. */
function readPoints(c: TSlideContent): { points: (TPoint & { line: string })[]; others: string[] } {
  const points: (TPoint & { line: string })[] = [];
  const others: string[] = [];
  if (c.metrics?.length) {
    for (const m of c.metrics) {
      const figure = parseFigure(m.value);
      if (figure) points.push({ label: m.label, figure, line: `${m.label}: ${m.value}` });
      else others.push(`${m.label}: ${m.value}`);
    }
    return { points, others };
  }
  for (const line of slideLines(c)) {
    // "2024: 12 clinics" — a dated figure is charted against its date.
    // A date is not a value: a dated line counts only for a figure after its date.
    const event = readEvent(line);
    const dated = event ? labelledFigure(`${event.title} ${event.body ?? ""}`.trim()) : null;
    const found = event ? (dated ? { label: event.date, figure: dated.figure } : null) : labelledFigure(line);
    if (found) points.push({ ...found, line });
    else others.push(line);
  }
  return { points, others };
}

/** A chart of the table's numeric columns, labelled by its first column. */
function tableChart(
  table: NonNullable<TSlideContent["table"]>,
  warnings: string[],
): { chart: TChart; dropped: number } | null {
  const whole = chartFromTable(table);
  if (whole) return { chart: whole, dropped: 0 };
  if (table.header.length < 2 || table.rows.length < 2 || table.rows.length > MAX_POINTS) return null;
  const numeric = table.header
    .map((_, col) => col)
    .filter((col) => col > 0 && table.rows.every((row) => parseFigure(row[col])));
  if (numeric.length === 0) return null;
  // Columns without figures, and numeric ones past the six series a chart holds.
  const dropped = table.header.length - 1 - Math.min(numeric.length, 6);
  if (dropped > 0)
    warnings.push(
      `${count(dropped, "column")} ${dropped === 1 ? "is" : "are"} not charted (no figures, or past six series); the table was copied to the notes.`,
    );
  const units = new Set(numeric.flatMap((col) => table.rows.map((row) => parseFigure(row[col])?.unit ?? "")));
  const unit = units.size === 1 ? [...units][0] : "";
  const chart: TChart = {
    type: "column",
    categories: table.rows.map((row) => plainText(row[0]).trim().slice(0, 80) || "—"),
    series: numeric.slice(0, 6).map((col) => ({
      name: plainText(table.header[col]).trim().slice(0, 80) || `Series ${col}`,
      values: table.rows.map((row) => parseFigure(row[col])?.value ?? 0),
    })),
    ...(unit ? { unit: unit.slice(0, 12) } : {}),
  };
  return { chart, dropped };
}

const DATE_LABEL = /^(?:(?:19|20)\d{2}|q[1-4]\s*'?\d{2,4}|h[12]\s*'?\d{2,4}|\d{4}-\d{2})$/i;

/** Shares of a whole → pie; a run of dates → line; many or long labels → bar; else column. */
function autoType(points: readonly TPoint[], unit: string): TChartType {
  const values = points.map((p) => p.figure.value);
  const total = values.reduce((sum, v) => sum + v, 0);
  if (unit === "%" && points.length <= 8 && values.every((v) => v >= 0) && Math.abs(total - 100) <= 2)
    return "pie";
  if (points.length >= 3 && points.every((p) => DATE_LABEL.test(plainText(p.label).trim()))) return "line";
  const longLabels = points.reduce((sum, p) => sum + plainText(p.label).length, 0) / points.length > 16;
  return points.length > 6 || longLabels ? "bar" : "column";
}

/** Refuses a chart the deck would not accept (a pie of negative values). */
function checkChart(chart: TChart): void {
  const parsed = ZChart.safeParse(chart);
  if (!parsed.success) throw new EditRefusal(`That chart cannot be drawn: ${parsed.error.issues[0].message}`);
}
