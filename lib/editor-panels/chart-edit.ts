/**
 * Edits of a slide chart for the editor's chart panel. Pure and client-safe. Structural edits
 * (add/remove a category or series) keep every series as long as the categories and stay within
 * ZChart's limits; text edits are checked with `checkChart`, so the panel propagates only a valid
 * ZChart and shows the rest as field errors.
 */
import { type TChart, type TChartType, ZChart } from "@/lib/deck/schema";

/** ZChart's limits, for disabling buttons and capping inputs. */
export const CHART_LIMITS = {
  maxCategories: 24,
  maxSeries: 6,
  maxNameChars: 80,
  maxUnitChars: 12,
} as const;

/** Chart types, named for the type select. */
export const CHART_TYPE_LABELS: Record<TChartType, string> = {
  bar: "Bar (horizontal)",
  column: "Column (vertical)",
  line: "Line",
  pie: "Pie (first series)",
  doughnut: "Doughnut (first series)",
};

export type TChartCheck =
  | { ok: true; chart: TChart }
  | { ok: false; errors: { path: string; message: string }[] };

/** Whether a chart is a valid ZChart; its field errors with dotted paths ("series.0.values") otherwise. */
export function checkChart(chart: TChart): TChartCheck {
  const parsed = ZChart.safeParse(chart);
  if (parsed.success) return { ok: true, chart: parsed.data };
  return {
    ok: false,
    errors: parsed.error.issues.map((issue) => ({
      path: issue.path.map(String).join("."),
      message: issue.message,
    })),
  };
}

/**
 * A number typed into a value cell: "12", "-3.5", "1 234", "12,5" (a decimal comma when there is
 * no point), "1e3". Answers the number, or a message for the field.
 */
export function parseChartNumber(text: string): { value: number } | { error: string } {
  let t = text.trim().replace(/[\s\u00a0\u202f]/g, "");
  if (!t) return { error: "Enter a number." };
  if (!t.includes(".") && /^[-+]?\d+,\d+$/.test(t)) t = t.replace(",", ".");
  else if (/^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) t = t.replace(/,/g, "");
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(t)) return { error: `"${text.trim()}" is not a number.` };
  const value = Number(t);
  if (!Number.isFinite(value)) return { error: "The number is too large." };
  return { value };
}

export const canAddCategory = (chart: TChart) => chart.categories.length < CHART_LIMITS.maxCategories;
export const canRemoveCategory = (chart: TChart) => chart.categories.length > 1;
export const canAddSeries = (chart: TChart) => chart.series.length < CHART_LIMITS.maxSeries;
export const canRemoveSeries = (chart: TChart) => chart.series.length > 1;

export function setChartType(chart: TChart, type: TChartType): TChart {
  return { ...chart, type };
}

/** The unit shown after values; blank removes it. */
export function setUnit(chart: TChart, unit: string): TChart {
  const { unit: _, ...rest } = chart;
  const text = unit.slice(0, CHART_LIMITS.maxUnitChars);
  return text.trim() ? { ...rest, unit: text } : rest;
}

export function setCategory(chart: TChart, index: number, name: string): TChart {
  if (index < 0 || index >= chart.categories.length) return chart;
  const text = name.slice(0, CHART_LIMITS.maxNameChars);
  return { ...chart, categories: chart.categories.map((value, i) => (i === index ? text : value)) };
}

export function setSeriesName(chart: TChart, index: number, name: string): TChart {
  if (index < 0 || index >= chart.series.length) return chart;
  const text = name.slice(0, CHART_LIMITS.maxNameChars);
  return {
    ...chart,
    series: chart.series.map((series, s) => (s === index ? { ...series, name: text } : series)),
  };
}

export function setValue(chart: TChart, seriesIndex: number, categoryIndex: number, value: number): TChart {
  if (seriesIndex < 0 || seriesIndex >= chart.series.length) return chart;
  if (categoryIndex < 0 || categoryIndex >= chart.categories.length) return chart;
  return {
    ...chart,
    series: chart.series.map((series, s) =>
      s === seriesIndex
        ? { ...series, values: series.values.map((v, i) => (i === categoryIndex ? value : v)) }
        : series,
    ),
  };
}

/** A first free name "<prefix> N" among `names`. */
function freshName(prefix: string, names: string[]): string {
  const taken = new Set(names.map((name) => name.trim().toLowerCase()));
  for (let n = names.length + 1; ; n++) {
    const name = `${prefix} ${n}`;
    if (!taken.has(name.toLowerCase())) return name;
  }
}

/** A category appended, named "Category N", with 0 in every series. */
export function addCategory(chart: TChart): TChart {
  if (!canAddCategory(chart)) return chart;
  return {
    ...chart,
    categories: [...chart.categories, freshName("Category", chart.categories)],
    series: chart.series.map((series) => ({ ...series, values: [...series.values, 0] })),
  };
}

/** Removes a category and its value in every series; the last category stays. */
export function removeCategory(chart: TChart, index: number): TChart {
  if (!canRemoveCategory(chart) || index < 0 || index >= chart.categories.length) return chart;
  return {
    ...chart,
    categories: chart.categories.filter((_, i) => i !== index),
    series: chart.series.map((series) => ({
      ...series,
      values: series.values.filter((_, i) => i !== index),
    })),
  };
}

/** A series appended, named "Series N", 0 for every category. */
export function addSeries(chart: TChart): TChart {
  if (!canAddSeries(chart)) return chart;
  const name = freshName(
    "Series",
    chart.series.map((series) => series.name),
  );
  return { ...chart, series: [...chart.series, { name, values: chart.categories.map(() => 0) }] };
}

/** Removes a series; the last series stays. */
export function removeSeries(chart: TChart, index: number): TChart {
  if (!canRemoveSeries(chart) || index < 0 || index >= chart.series.length) return chart;
  return { ...chart, series: chart.series.filter((_, s) => s !== index) };
}

/**
 * A chart made consistent for editing: every series as long as the categories (padded with 0 or
 * cut), limits applied, blank names filled. Text is kept as typed (a trailing space while typing
 * "North America" stays); ZChart trims it when the deck is parsed.
 */
export function normalizeChart(chart: TChart): TChart {
  const categories = (chart.categories.length > 0 ? chart.categories : ["Category 1"])
    .slice(0, CHART_LIMITS.maxCategories)
    .map((name, i) => (name.trim() ? name.slice(0, CHART_LIMITS.maxNameChars) : `Category ${i + 1}`));
  const series = (chart.series.length > 0 ? chart.series : [{ name: "Series 1", values: [] }])
    .slice(0, CHART_LIMITS.maxSeries)
    .map((entry, s) => ({
      name: entry.name.trim() ? entry.name.slice(0, CHART_LIMITS.maxNameChars) : `Series ${s + 1}`,
      values: categories.map((_, i) => (Number.isFinite(entry.values[i]) ? entry.values[i] : 0)),
    }));
  return { ...chart, categories, series };
}
