/**
 * Chart geometry: a chart's data and box → everything that is drawn, in slide units: the plot
 * area, "nice" value-axis ticks, bars, line points, pie and doughnut slices, and every label
 * already measured, cut with "…" to fit and positioned.
 *
 * Where label widths come from: the layout (server side) calls `computeChartGeometry` once, with
 * the real font metrics (fontkit), and stores the result on the chart box. The PDF renderer and
 * the editor only read `box.geometry` (and `slicePath`), so they draw the same pixels without
 * measuring anything; the PPTX renderer places its plot area, axis scale, label skip and data
 * labels from the same numbers. Client-safe: no server imports.
 */
import type { TChartBox, TChartData } from "./boxes";

/** Font measurements the geometry needs, at the chart's font size. */
export type TTextMetrics = {
  /** Width of a plain string at the chart's font size, in slide units. */
  width: (text: string) => number;
  /** Ascent and descent of the face (both positive), in em. */
  ascent: number;
  descent: number;
};

/** One line of chart text, positioned. */
export type TChartLabel = {
  text: string;
  /** Left edge of the text (alignment already applied). */
  x: number;
  /** Top of the line box. */
  y: number;
  /** Measured width of the text. */
  w: number;
  /** Height of the line box. */
  h: number;
  /** Where the baseline is: the font's ascent + descent centred in the line box (the CSS model). */
  baseline: number;
  color: string;
  kind: "tick" | "category" | "value" | "legend";
};

export type TChartRect = { x: number; y: number; w: number; h: number };
export type TChartSegment = { x1: number; y1: number; x2: number; y2: number };
export type TChartPoint = { x: number; y: number };

export type TChartBar = TChartRect & { color: string; series: number; category: number };
export type TChartPolyline = { color: string; width: number; points: TChartPoint[] };
export type TChartMarker = { x: number; y: number; r: number; color: string };

/** A pie or doughnut slice; angles in degrees, clockwise from 12 o'clock (PowerPoint's origin). */
export type TChartSlice = {
  cx: number;
  cy: number;
  r: number;
  /** 0 for a pie; the hole's radius for a doughnut. */
  innerR: number;
  start: number;
  end: number;
  color: string;
  category: number;
};

/** The swatch of a legend entry: a square for bars and slices, a stroke with a dot for lines. */
export type TLegendKey = TChartRect & { kind: "square" | "line"; color: string };

/** The value axis: its bounds and major unit, which the PPTX writes as the axis scale. */
export type TValueAxis = { min: number; max: number; step: number; ticks: number[] };

export type TChartGeometry = {
  /** The inner plot area (bars, points and gridlines; the pie's square), in slide units. */
  plot: TChartRect;
  /** Bar, column and line charts. */
  axis?: TValueAxis;
  gridlines: TChartSegment[];
  /** The category axis line, where the value axis is zero. */
  axisLine?: TChartSegment;
  bars: TChartBar[];
  lines: TChartPolyline[];
  markers: TChartMarker[];
  slices: TChartSlice[];
  legendKeys: TLegendKey[];
  /** Where the legend sits (bottom or right), when there is one. */
  legend?: "b" | "r";
  labels: TChartLabel[];
  /** Category names as drawn (cut with "…" only when one cannot fit whole). */
  categories: string[];
  /** Every n-th category label is drawn (1 = all), as PowerPoint's tick label skip. */
  labelEvery: number;
  /** Whether data labels are drawn: all of them fit, or none is drawn. */
  showValues: boolean;
  /** Number format of data labels (Excel syntax, with the unit), e.g. `#,##0.0" M€"`. */
  valueFormat: string;
  /** Number format of the value axis labels. */
  axisFormat: string;
};

/** Line box of chart text, as a multiple of the font size. */
export const CHART_LINE_HEIGHT = 1.25;
/** Gridline width, in slide units. */
export const GRID_WIDTH = 1;
/** Category axis line width, in slide units. */
export const AXIS_WIDTH = 1.5;
/** Stroke width of a line series, in slide units. */
export const LINE_WIDTH = 3;
/** Marker diameter of a line series, in slide units. */
export const MARKER_SIZE = 9;
/** Doughnut hole as a share of the diameter (PowerPoint's holeSize, in percent). */
export const HOLE_SIZE = 50;
/**
 * Where a pie's data labels sit, as a share of the radius along each slice's bisector: where
 * PowerPoint and LibreOffice put "centre" labels. (A doughnut's sit mid-ring.)
 */
export const PIE_LABEL_AT = 0.5;
/** Width of the gap between pie slices, in slide units. */
export const SLICE_GAP = 2;

/** Space between clusters as a percentage of one bar's width (PowerPoint's gapWidth). */
export function barGapWidth(seriesCount: number): number {
  return seriesCount > 1 ? 60 : 80;
}

const ELLIPSIS = "\u2026";

type TInput = Omit<TChartBox, "geometry">;

type TCtx = {
  box: TInput;
  m: TTextMetrics;
  fs: number;
  lh: number;
  gap: number;
  valueDecimals: number;
};

/**
 * Lays a chart out inside its box. Data labels are drawn only when every one of them fits (beside
 * its bar, above its point, inside its slice); otherwise none is, in every renderer.
 */
export function computeChartGeometry(box: TInput, metrics: TTextMetrics): TChartGeometry {
  const ctx: TCtx = {
    box,
    m: metrics,
    fs: box.fontSize,
    lh: box.fontSize * CHART_LINE_HEIGHT,
    gap: box.fontSize * 0.5,
    valueDecimals: decimalsOf(box.chart.series.flatMap((series) => series.values)),
  };
  const build =
    box.chart.type === "pie" || box.chart.type === "doughnut"
      ? pieGeometry
      : box.chart.type === "bar"
        ? barGeometry
        : columnGeometry;
  const withValues = canShowValues(box.chart) ? build(ctx, true) : null;
  const geometry = withValues ?? build(ctx, false);
  if (!geometry) throw new Error(`Chart "${box.id}" cannot be laid out in ${box.w}×${box.h}`);
  return geometry;
}

function canShowValues(chart: TChartData): boolean {
  if (chart.type === "pie" || chart.type === "doughnut") return true;
  // Labels of negative bars would sit on the category labels, and labels of several lines collide.
  if (chart.series.some((series) => series.values.some((value) => value < 0))) return false;
  return chart.type !== "line" || chart.series.length === 1;
}

/** Column and line charts: categories along the bottom, values up the left. */
function columnGeometry(ctx: TCtx, withValues: boolean): TChartGeometry | null {
  const { box, m, fs, lh, gap } = ctx;
  const { chart } = box;
  const n = chart.categories.length;
  const k = chart.series.length;
  const legend = k > 1 ? bottomLegend(ctx, seriesEntries(box)) : null;
  const legendH = legend ? legend.height + gap : 0;
  const catGap = fs * 0.4;
  const markerRoom = chart.type === "line" ? MARKER_SIZE / 2 : 0;
  const top = box.y + (withValues ? lh + fs * 0.3 + markerRoom : lh / 2);
  const plotBottom = box.y + box.h - legendH - lh - catGap;
  // Values give way first when the box is too short; without them the plot takes what is left.
  if (withValues && plotBottom - top < lh * 2) return null;
  const plotH = Math.max(plotBottom - top, 1);
  const axis = niceAxis(allValues(chart), clamp(Math.round(plotH / (lh * 2.6)), 2, 8));
  const axisDecimals = decimalsOf([axis.step]);
  const tickTexts = axis.ticks.map((tick) => formatValue(tick, axisDecimals, chart.unit));
  const tickW = Math.max(...tickTexts.map((text) => m.width(text)));
  const plotX = box.x + tickW + gap;
  const plot = { x: plotX, y: top, w: box.x + box.w - fs * 0.25 - plotX, h: plotH };
  const yOf = (value: number) => plot.y + (plot.h * (axis.max - value)) / (axis.max - axis.min);
  const zeroY = yOf(clamp(0, axis.min, axis.max));
  const slot = plot.w / n;
  const labels: TChartLabel[] = axis.ticks.map((tick, i) =>
    label(ctx, tickTexts[i], plot.x - gap, yOf(tick) - lh / 2, "right", box.textColor, "tick"),
  );

  const bars: TChartBar[] = [];
  const lines: TChartPolyline[] = [];
  const markers: TChartMarker[] = [];
  const values: TChartLabel[] = [];
  if (chart.type === "column") {
    const barW = slot / (k + barGapWidth(k) / 100);
    chart.series.forEach((series, s) => {
      series.values.forEach((value, c) => {
        const x = plot.x + c * slot + (slot - k * barW) / 2 + s * barW;
        const y = Math.min(yOf(value), zeroY);
        bars.push({
          x,
          y,
          w: barW,
          h: Math.abs(yOf(value) - zeroY),
          color: box.colors[s],
          series: s,
          category: c,
        });
        if (withValues) {
          const text = formatValue(value, ctx.valueDecimals, chart.unit);
          values.push(label(ctx, text, x + barW / 2, y - fs * 0.15 - lh, "center", box.textColor, "value"));
        }
      });
    });
    const room = k > 1 ? barW * 1.05 : slot * 0.92;
    if (withValues && !values.every((value) => value.w <= room && value.y >= box.y)) return null;
  } else {
    chart.series.forEach((series, s) => {
      const points = series.values.map((value, c) => ({ x: plot.x + (c + 0.5) * slot, y: yOf(value) }));
      lines.push({ color: box.colors[s], width: LINE_WIDTH, points });
      for (const point of points) markers.push({ ...point, r: MARKER_SIZE / 2, color: box.colors[s] });
      if (withValues)
        series.values.forEach((value, c) => {
          const text = formatValue(value, ctx.valueDecimals, chart.unit);
          const y = points[c].y - MARKER_SIZE / 2 - fs * 0.1 - lh;
          values.push(label(ctx, text, points[c].x, y, "center", box.textColor, "value"));
        });
    });
    if (withValues && !values.every((value) => value.w <= slot * 0.92 && value.y >= box.y)) return null;
  }

  const categories = categoryLabels(ctx, slot, "horizontal");
  categories.drawn.forEach((text, c) => {
    if (c % categories.every === 0)
      labels.push(
        label(ctx, text, plot.x + (c + 0.5) * slot, plotBottom + catGap, "center", box.textColor, "category"),
      );
  });
  const legendParts = legend ? legend.place(box.y + box.h - legend.height) : { keys: [], labels: [] };
  return {
    plot,
    axis,
    gridlines: axis.ticks.map((tick) => ({ x1: plot.x, y1: yOf(tick), x2: plot.x + plot.w, y2: yOf(tick) })),
    axisLine: { x1: plot.x, y1: zeroY, x2: plot.x + plot.w, y2: zeroY },
    bars,
    lines,
    markers,
    slices: [],
    legendKeys: legendParts.keys,
    ...(legend ? { legend: "b" as const } : {}),
    labels: [...labels, ...values, ...legendParts.labels],
    categories: categories.drawn,
    labelEvery: categories.every,
    showValues: withValues,
    valueFormat: formatCode(ctx.valueDecimals, chart.unit),
    axisFormat: formatCode(axisDecimals, chart.unit),
  };
}

/** Horizontal bar charts: categories down the left (first at the top), values along the bottom. */
function barGeometry(ctx: TCtx, withValues: boolean): TChartGeometry | null {
  const { box, m, fs, lh, gap } = ctx;
  const { chart } = box;
  const n = chart.categories.length;
  const k = chart.series.length;
  const legend = k > 1 ? bottomLegend(ctx, seriesEntries(box)) : null;
  const legendH = legend ? legend.height + gap : 0;
  const catGap = fs * 0.4;
  const catW = Math.min(Math.max(...chart.categories.map((text) => m.width(text))), box.w * 0.3);
  const plotX = box.x + catW + gap;
  const top = box.y + fs * 0.25;
  const plotBottom = box.y + box.h - legendH - lh - catGap;
  if (withValues && plotBottom - top < lh) return null;
  const plotH = Math.max(plotBottom - top, 1);
  const valueTexts = chart.series.map((series) =>
    series.values.map((value) => formatValue(value, ctx.valueDecimals, chart.unit)),
  );
  const valueW = withValues ? Math.max(...valueTexts.flat().map((text) => m.width(text))) + fs * 0.3 : 0;
  const pad = fs * 0.25;
  const roughW = box.x + box.w - pad - valueW - plotX;
  // The most ticks whose labels still have room between them.
  let axis = niceAxis(allValues(chart), 2);
  let axisDecimals = decimalsOf([axis.step]);
  for (let target = 6; target >= 2; target--) {
    const candidate = niceAxis(allValues(chart), target);
    const decimals = decimalsOf([candidate.step]);
    const widest = Math.max(
      ...candidate.ticks.map((tick) => m.width(formatValue(tick, decimals, chart.unit))),
    );
    if (widest + fs <= roughW / (candidate.ticks.length - 1) || target === 2) {
      axis = candidate;
      axisDecimals = decimals;
      break;
    }
  }
  const tickTexts = axis.ticks.map((tick) => formatValue(tick, axisDecimals, chart.unit));
  const lastTickHalf = m.width(tickTexts[tickTexts.length - 1]) / 2;
  const plot = {
    x: plotX,
    y: top,
    w: box.x + box.w - pad - Math.max(valueW, lastTickHalf) - plotX,
    h: plotH,
  };
  const xOf = (value: number) => plot.x + (plot.w * (value - axis.min)) / (axis.max - axis.min);
  const zeroX = xOf(clamp(0, axis.min, axis.max));
  const slot = plot.h / n;
  const barH = slot / (k + barGapWidth(k) / 100);

  const labels: TChartLabel[] = axis.ticks.map((tick, i) =>
    label(ctx, tickTexts[i], xOf(tick), plotBottom + catGap, "center", box.textColor, "tick"),
  );
  const bars: TChartBar[] = [];
  const values: TChartLabel[] = [];
  chart.series.forEach((series, s) => {
    series.values.forEach((value, c) => {
      const y = plot.y + c * slot + (slot - k * barH) / 2 + s * barH;
      const x = Math.min(xOf(value), zeroX);
      const w = Math.abs(xOf(value) - zeroX);
      bars.push({ x, y, w, h: barH, color: box.colors[s], series: s, category: c });
      if (withValues)
        values.push(
          label(
            ctx,
            valueTexts[s][c],
            x + w + fs * 0.3,
            y + barH / 2 - lh / 2,
            "left",
            box.textColor,
            "value",
          ),
        );
    });
  });
  // Labels of neighbouring bars must not touch: a bar at least as thick as the text is tall.
  if (withValues && (k > 1 ? fs * 1.1 > barH : lh > slot)) return null;

  const categories = categoryLabels(ctx, slot, "vertical", catW);
  categories.drawn.forEach((text, c) => {
    if (c % categories.every === 0)
      labels.push(
        label(
          ctx,
          text,
          plot.x - gap,
          plot.y + (c + 0.5) * slot - lh / 2,
          "right",
          box.textColor,
          "category",
        ),
      );
  });
  const legendParts = legend ? legend.place(box.y + box.h - legend.height) : { keys: [], labels: [] };
  return {
    plot,
    axis,
    gridlines: axis.ticks.map((tick) => ({ x1: xOf(tick), y1: plot.y, x2: xOf(tick), y2: plot.y + plot.h })),
    axisLine: { x1: zeroX, y1: plot.y, x2: zeroX, y2: plot.y + plot.h },
    bars,
    lines: [],
    markers: [],
    slices: [],
    legendKeys: legendParts.keys,
    ...(legend ? { legend: "b" as const } : {}),
    labels: [...labels, ...values, ...legendParts.labels],
    categories: categories.drawn,
    labelEvery: categories.every,
    showValues: withValues,
    valueFormat: formatCode(ctx.valueDecimals, chart.unit),
    axisFormat: formatCode(axisDecimals, chart.unit),
  };
}

/** Pie and doughnut charts: the first series, one slice per category, a legend of categories. */
function pieGeometry(ctx: TCtx, withValues: boolean): TChartGeometry | null {
  const { box, m, fs, lh, gap } = ctx;
  const { chart } = box;
  const values = chart.series[0].values;
  const entries = chart.categories.map((text, c) => ({
    text,
    color: box.colors[c],
    kind: "square" as const,
  }));
  // Beside the pie when the box is wide and the entries fit in a column; under it otherwise.
  const beside = rightLegend(ctx, entries, box.w * 0.4);
  const right = box.w >= box.h * 1.25 && beside.height <= box.h;
  const pad = fs * 0.5;
  let region: TChartRect;
  let legendParts: { keys: TLegendKey[]; labels: TChartLabel[] };
  if (right) {
    region = { x: box.x, y: box.y, w: box.w - beside.width - gap * 2, h: box.h };
    legendParts = beside.place(box.x + box.w - beside.width);
  } else {
    const legend = bottomLegend(ctx, entries);
    region = { x: box.x, y: box.y, w: box.w, h: box.h - legend.height - gap };
    legendParts = legend.place(box.y + box.h - legend.height);
  }
  const r = Math.max(Math.min(region.w, region.h) / 2 - pad, 1);
  const cx = region.x + region.w / 2;
  const cy = region.y + region.h / 2;
  const innerR = chart.type === "doughnut" ? (r * HOLE_SIZE) / 100 : 0;
  const total = values.reduce((sum, value) => sum + value, 0);
  const slices: TChartSlice[] = [];
  const valueLabels: TChartLabel[] = [];
  let angle = 0;
  values.forEach((value, c) => {
    const sweep = total > 0 ? (value / total) * 360 : 0;
    const slice = { cx, cy, r, innerR, start: angle, end: angle + sweep, color: box.colors[c], category: c };
    angle += sweep;
    if (sweep <= 0) return;
    slices.push(slice);
    if (!withValues) return;
    const mid = ((slice.start + slice.end) / 2) * (Math.PI / 180);
    const at = innerR > 0 ? (r + innerR) / 2 : r * PIE_LABEL_AT;
    const text = formatValue(value, ctx.valueDecimals, chart.unit);
    const width = m.width(text);
    const x = cx + at * Math.sin(mid) - width / 2;
    valueLabels.push(label(ctx, text, x, cy - at * Math.cos(mid) - lh / 2, "left", box.onColor, "value"));
  });
  // A zero slice would still get a "0" label in PowerPoint, so values show only when none is zero;
  // a label may cross into a neighbouring slice, but stays on the pie (or ring) and off the others.
  if (withValues) {
    const inset = (lh - fs) / 2;
    const fits =
      slices.length === values.length &&
      valueLabels.every((text) => labelOnPie(text, cx, cy, r, innerR, inset)) &&
      valueLabels.every((a, i) => valueLabels.slice(i + 1).every((b) => !overlaps(a, b, fs * 0.2, inset)));
    if (!fits) return null;
  }
  return {
    plot: { x: cx - r, y: cy - r, w: 2 * r, h: 2 * r },
    gridlines: [],
    bars: [],
    lines: [],
    markers: [],
    slices,
    legendKeys: legendParts.keys,
    legend: right ? "r" : "b",
    labels: [...valueLabels, ...legendParts.labels],
    categories: chart.categories,
    labelEvery: 1,
    showValues: withValues,
    valueFormat: formatCode(ctx.valueDecimals, chart.unit),
    axisFormat: formatCode(ctx.valueDecimals, chart.unit),
  };
}

/** Whether a label's text (its line box less `inset` top and bottom) lies on the pie or ring. */
function labelOnPie(text: TChartLabel, cx: number, cy: number, r: number, innerR: number, inset: number) {
  const corners = [
    [text.x, text.y + inset],
    [text.x + text.w, text.y + inset],
    [text.x, text.y + text.h - inset],
    [text.x + text.w, text.y + text.h - inset],
  ];
  // A ring's hole is crossed when the label's nearest point to the centre is inside it.
  const nearX = clamp(cx, text.x, text.x + text.w);
  const nearY = clamp(cy, text.y + inset, text.y + text.h - inset);
  return (
    corners.every(([x, y]) => Math.hypot(x - cx, y - cy) <= r) && Math.hypot(nearX - cx, nearY - cy) >= innerR
  );
}

/** Whether two labels' texts come closer than `margin` (line boxes less `inset` top and bottom). */
function overlaps(a: TChartLabel, b: TChartLabel, margin: number, inset: number): boolean {
  return (
    a.x < b.x + b.w + margin &&
    b.x < a.x + a.w + margin &&
    a.y + inset < b.y + b.h - inset + margin &&
    b.y + inset < a.y + a.h - inset + margin
  );
}

type TLegendEntry = { text: string; color: string; kind: "square" | "line" };
type TLegendParts = { keys: TLegendKey[]; labels: TChartLabel[] };

function seriesEntries(box: TInput): TLegendEntry[] {
  const kind = box.chart.type === "line" ? "line" : "square";
  return box.chart.series.map((series, s) => ({ text: series.name, color: box.colors[s], kind }));
}

function keyWidth(ctx: TCtx, kind: "square" | "line"): number {
  return kind === "line" ? ctx.fs * 1.6 : ctx.fs * 0.7;
}

/** A legend under the plot: entries in centred rows, wrapped when they do not fit one row. */
function bottomLegend(ctx: TCtx, entries: TLegendEntry[]) {
  const { box, fs, lh } = ctx;
  const keyGap = fs * 0.4;
  const entryGap = fs * 1.2;
  const sized = entries.map((entry) => {
    const key = keyWidth(ctx, entry.kind);
    const text = fitLabelText(ctx, entry.text, box.w - key - keyGap);
    return { ...entry, key, text, width: key + keyGap + ctx.m.width(text) };
  });
  const rows: (typeof sized)[] = [];
  let rowW = 0;
  for (const entry of sized) {
    const row = rows.at(-1);
    if (row && rowW + entryGap + entry.width <= box.w) {
      row.push(entry);
      rowW += entryGap + entry.width;
    } else {
      rows.push([entry]);
      rowW = entry.width;
    }
  }
  return {
    height: rows.length * lh,
    place(top: number): TLegendParts {
      const parts: TLegendParts = { keys: [], labels: [] };
      rows.forEach((row, r) => {
        const width = row.reduce((sum, entry) => sum + entry.width, 0) + entryGap * (row.length - 1);
        let x = box.x + (box.w - width) / 2;
        const y = top + r * lh;
        for (const entry of row) {
          parts.keys.push(legendKey(ctx, entry, x, y));
          parts.labels.push(
            label(ctx, entry.text, x + entry.key + keyGap, y, "left", box.textColor, "legend"),
          );
          x += entry.width + entryGap;
        }
      });
      return parts;
    },
  };
}

/** A legend right of the plot: one entry per line, the block centred vertically. */
function rightLegend(ctx: TCtx, entries: TLegendEntry[], maxWidth: number) {
  const { box, fs, lh } = ctx;
  const keyGap = fs * 0.4;
  const rowH = lh * 1.15;
  const sized = entries.map((entry) => {
    const key = keyWidth(ctx, entry.kind);
    const text = fitLabelText(ctx, entry.text, maxWidth - key - keyGap);
    return { ...entry, key, text, width: key + keyGap + ctx.m.width(text) };
  });
  const width = Math.max(...sized.map((entry) => entry.width));
  return {
    width,
    height: rowH * sized.length,
    place(left: number): TLegendParts {
      const parts: TLegendParts = { keys: [], labels: [] };
      const top = box.y + (box.h - rowH * sized.length) / 2 + (rowH - lh) / 2;
      sized.forEach((entry, i) => {
        const y = top + i * rowH;
        parts.keys.push(legendKey(ctx, entry, left, y));
        parts.labels.push(
          label(ctx, entry.text, left + entry.key + keyGap, y, "left", box.textColor, "legend"),
        );
      });
      return parts;
    },
  };
}

function legendKey(ctx: TCtx, entry: TLegendEntry & { key: number }, x: number, top: number): TLegendKey {
  const middle = top + ctx.lh / 2;
  const h = entry.kind === "line" ? LINE_WIDTH : entry.key;
  return { kind: entry.kind, x, y: middle - h / 2, w: entry.key, h, color: entry.color };
}

/**
 * Category labels cut to the room each gets: a slot's width (bars standing) or `maxWidth` (bars
 * lying). When slots are too small to read, only every n-th label is drawn, with n slots of room.
 */
function categoryLabels(
  ctx: TCtx,
  slot: number,
  direction: "horizontal" | "vertical",
  maxWidth = 0,
): { drawn: string[]; every: number } {
  const { box, m, fs, lh } = ctx;
  const categories = box.chart.categories;
  const widths = categories.map((text) => m.width(text));
  let every = 1;
  if (direction === "horizontal") {
    const widest = Math.max(...widths);
    while (every < categories.length && widest > every * slot * 0.9 && every * slot < fs * 6) every += 1;
    const room = every * slot * 0.9;
    return { drawn: categories.map((text) => fitLabelText(ctx, text, room)), every };
  }
  while (every < categories.length && every * slot < lh) every += 1;
  return { drawn: categories.map((text) => fitLabelText(ctx, text, maxWidth)), every };
}

/** The text whole when it fits `room`, else its longest start that fits with "…". */
export function fitLabelText(ctx: { m: TTextMetrics }, text: string, room: number): string {
  if (ctx.m.width(text) <= room) return text;
  const chars = Array.from(text);
  for (let count = chars.length - 1; count > 0; count--) {
    const cut = `${chars.slice(0, count).join("").trimEnd()}${ELLIPSIS}`;
    if (ctx.m.width(cut) <= room) return cut;
  }
  return ELLIPSIS;
}

function label(
  ctx: TCtx,
  text: string,
  anchor: number,
  top: number,
  align: "left" | "center" | "right",
  color: string,
  kind: TChartLabel["kind"],
): TChartLabel {
  const w = ctx.m.width(text);
  const x = align === "center" ? anchor - w / 2 : align === "right" ? anchor - w : anchor;
  const { ascent, descent } = ctx.m;
  const baseline = top + (ctx.lh - (ascent + descent) * ctx.fs) / 2 + ascent * ctx.fs;
  return { text, x, y: top, w, h: ctx.lh, baseline, color, kind };
}

function allValues(chart: TChartData): number[] {
  return chart.series.flatMap((series) => series.values);
}

/**
 * A value axis with round ticks: about `target` intervals of 1, 2 or 5 × a power of ten (or 25,
 * 250…, which need no decimals), always including zero (bars grow from it).
 */
export function niceAxis(values: number[], target: number): TValueAxis {
  let lo = Math.min(0, ...values);
  let hi = Math.max(0, ...values);
  if (hi === lo) hi = lo + 1;
  const raw = (hi - lo) / Math.max(target, 1);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = clean(
    (magnitude >= 10 ? [1, 2, 2.5, 5, 10] : [1, 2, 5, 10])
      .map((m) => m * magnitude)
      .find((s) => s >= raw * (1 - 1e-9)) ?? 10 * magnitude,
  );
  lo = clean(Math.floor(lo / step + 1e-9) * step);
  hi = clean(Math.ceil(hi / step - 1e-9) * step);
  const count = Math.round((hi - lo) / step);
  const ticks = Array.from({ length: count + 1 }, (_, i) => clean(lo + i * step));
  return { min: lo, max: hi, step, ticks };
}

/** Drops floating-point noise (0.1 + 0.2) and negative zero. */
function clean(value: number): number {
  const rounded = Number(value.toPrecision(12));
  return rounded === 0 ? 0 : rounded;
}

/**
 * The fewest decimals that show every value exactly, but no more than three significant digits
 * of the largest need (19.1 → 1, 0.034 → 3, 1,234.5 → 0), and never more than four.
 */
export function decimalsOf(values: number[]): number {
  const largest = Math.max(...values.map(Math.abs));
  const cap = largest > 0 ? clamp(2 - Math.floor(Math.log10(largest)), 0, 4) : 0;
  for (let decimals = 0; decimals < cap; decimals++) {
    const scale = 10 ** decimals;
    if (values.every((value) => Math.abs(value * scale - Math.round(value * scale)) < 1e-6)) return decimals;
  }
  return cap;
}

/** A unit written after a number: "12%", "12k", but "12 M€", "12 pts". */
function unitSuffix(unit: string | undefined): string {
  if (!unit) return "";
  return Array.from(unit).length === 1 ? unit : ` ${unit}`;
}

const GROUPED = new Map<number, Intl.NumberFormat>();

/** A number as every renderer shows it: grouped thousands, fixed decimals, then the unit. */
export function formatValue(value: number, decimals: number, unit?: string): string {
  let format = GROUPED.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat("en-US", {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: true,
    });
    GROUPED.set(decimals, format);
  }
  const text = format.format(value === 0 ? 0 : value).replace(/^-0(\.0+)?$/, "0$1");
  return `${text}${unitSuffix(unit)}`;
}

/** The Excel number format that writes numbers as `formatValue` does (the unit quoted, so "%" is text). */
export function formatCode(decimals: number, unit?: string): string {
  const number = decimals > 0 ? `#,##0.${"0".repeat(decimals)}` : "#,##0";
  const suffix = unitSuffix(unit);
  return suffix ? `${number}"${suffix.replace(/"/g, "")}"` : number;
}

/** An SVG path of a slice (a ring sector for doughnuts); pdfkit draws the same string. */
export function slicePath(slice: TChartSlice): string {
  const { cx, cy, r, innerR } = slice;
  const point = (radius: number, degrees: number) => {
    const a = (degrees * Math.PI) / 180;
    return `${round(cx + radius * Math.sin(a))} ${round(cy - radius * Math.cos(a))}`;
  };
  const sweep = slice.end - slice.start;
  if (sweep >= 360 - 1e-9) {
    // A whole circle: two half arcs (an arc cannot start and end at the same point).
    const outer = `M ${point(r, 0)} A ${r} ${r} 0 1 1 ${point(r, 180)} A ${r} ${r} 0 1 1 ${point(r, 360)} Z`;
    if (innerR <= 0) return outer;
    return `${outer} M ${point(innerR, 0)} A ${innerR} ${innerR} 0 1 0 ${point(innerR, 180)} A ${innerR} ${innerR} 0 1 0 ${point(innerR, 360)} Z`;
  }
  const large = sweep > 180 ? 1 : 0;
  const outer = `${point(r, slice.start)} A ${r} ${r} 0 ${large} 1 ${point(r, slice.end)}`;
  if (innerR <= 0) return `M ${round(cx)} ${round(cy)} L ${outer} Z`;
  return `M ${outer} L ${point(innerR, slice.end)} A ${innerR} ${innerR} 0 ${large} 0 ${point(innerR, slice.start)} Z`;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}
