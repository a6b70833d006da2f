// The chart panel's operations: structural edits keep a valid ZChart; text edits are checked, so
// only valid charts are handed on and the rest become field errors.
import { describe, expect, it } from "vitest";
import { type TChart, ZChart } from "@/lib/deck/schema";
import {
  addCategory,
  addSeries,
  CHART_LIMITS,
  canAddCategory,
  canAddSeries,
  checkChart,
  normalizeChart,
  parseChartNumber,
  removeCategory,
  removeSeries,
  setCategory,
  setChartType,
  setSeriesName,
  setUnit,
  setValue,
} from "@/lib/editor-panels/chart-edit";

const chart: TChart = {
  type: "column",
  categories: ["2024", "2025"],
  series: [
    { name: "Revenue", values: [12, 18] },
    { name: "Costs", values: [9, 11] },
  ],
  unit: "M€",
};

describe("chart numbers", () => {
  it.each([
    ["12", 12],
    [" -3.5 ", -3.5],
    ["+7", 7],
    ["1 234", 1234],
    ["1,234,567.5", 1234567.5],
    ["12,5", 12.5],
    [".5", 0.5],
    ["1e3", 1000],
    ["0", 0],
  ])("reads %j as %d", (text, value) => {
    expect(parseChartNumber(text)).toEqual({ value });
  });

  it.each(["", "abc", "12abc", "1.2.3", "--1", "Infinity", "NaN", "0x10", "1e999"])("refuses %j", (text) => {
    expect(parseChartNumber(text)).toHaveProperty("error");
  });
});

describe("chart edits", () => {
  it("sets values, names, type and unit", () => {
    const edited = setUnit(
      setChartType(setValue(setSeriesName(setCategory(chart, 1, "2026"), 0, "Sales"), 0, 1, 21), "line"),
      "%",
    );
    expect(edited).toEqual({
      type: "line",
      categories: ["2024", "2026"],
      series: [
        { name: "Sales", values: [12, 21] },
        { name: "Costs", values: [9, 11] },
      ],
      unit: "%",
    });
    expect(chart.series[0].values[1]).toBe(18);
    expect(setUnit(chart, "  ")).not.toHaveProperty("unit");
  });

  it("adds a category with 0 in every series and a fresh name; removes one with its values", () => {
    const more = addCategory(chart);
    expect(more.categories).toEqual(["2024", "2025", "Category 3"]);
    expect(more.series.map((s) => s.values)).toEqual([
      [12, 18, 0],
      [9, 11, 0],
    ]);
    expect(addCategory({ ...chart, categories: ["Category 3", "x"] }).categories[2]).toBe("Category 4");
    expect(removeCategory(chart, 0)).toEqual({
      ...chart,
      categories: ["2025"],
      series: [
        { name: "Revenue", values: [18] },
        { name: "Costs", values: [11] },
      ],
    });
  });

  it("adds and removes series; keeps ≥1 category and series and ZChart's maxima", () => {
    expect(addSeries(chart).series[2]).toEqual({ name: "Series 3", values: [0, 0] });
    expect(removeSeries(chart, 1).series).toEqual([{ name: "Revenue", values: [12, 18] }]);
    const one = removeCategory(removeSeries(chart, 1), 1);
    expect(removeCategory(one, 0)).toBe(one);
    expect(removeSeries(one, 0)).toBe(one);
    let wide = chart;
    for (let i = 0; i < 30; i++) wide = addCategory(addSeries(wide));
    expect(wide.categories).toHaveLength(CHART_LIMITS.maxCategories);
    expect(wide.series).toHaveLength(CHART_LIMITS.maxSeries);
    expect(canAddCategory(wide) || canAddSeries(wide)).toBe(false);
    expect(checkChart(wide).ok).toBe(true);
  });

  it("reports what ZChart refuses, by field, so it is not handed on", () => {
    const blank = checkChart(setCategory(chart, 1, "  "));
    expect(blank).toMatchObject({ ok: false, errors: [{ path: "categories.1" }] });
    const unnamed = checkChart(setSeriesName(chart, 0, ""));
    expect(unnamed).toMatchObject({ ok: false, errors: [{ path: "series.0.name" }] });
    const negativePie = checkChart(setChartType(setValue(chart, 0, 0, -4), "pie"));
    expect(negativePie).toMatchObject({ ok: false, errors: [{ message: "Pie values cannot be negative." }] });
    // Negative values are fine in other charts, and in a pie's second (undrawn) series.
    expect(checkChart(setValue(chart, 0, 0, -4)).ok).toBe(true);
    expect(checkChart(setChartType(setValue(chart, 1, 0, -4), "doughnut")).ok).toBe(true);
  });

  it("keeps names as typed (a space while typing) and they stay valid", () => {
    const typing = setCategory(chart, 0, "North ");
    expect(typing.categories[0]).toBe("North ");
    expect(checkChart(typing).ok).toBe(true);
    expect(normalizeChart(typing).categories[0]).toBe("North ");
  });

  it("normalizes a chart with short or long series before editing", () => {
    const uneven = {
      type: "bar",
      categories: ["A", "B", "C"],
      series: [
        { name: "", values: [1] },
        { name: "S2", values: [1, 2, 3, 4] },
      ],
    } as TChart;
    expect(ZChart.safeParse(uneven).success).toBe(false);
    expect(normalizeChart(uneven)).toEqual({
      type: "bar",
      categories: ["A", "B", "C"],
      series: [
        { name: "Series 1", values: [1, 0, 0] },
        { name: "S2", values: [1, 2, 3] },
      ],
    });
  });

  it("structural edits from any valid chart stay valid", () => {
    let current = chart;
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let step = 0; step < 1000; step++) {
      const i = Math.floor(random() * current.categories.length);
      const s = Math.floor(random() * current.series.length);
      const ops = [
        () => addCategory(current),
        () => removeCategory(current, i),
        () => addSeries(current),
        () => removeSeries(current, s),
        () => setValue(current, s, i, Math.round(random() * 100)),
      ];
      current = ops[Math.floor(random() * ops.length)]();
      const parsed = ZChart.safeParse(current);
      expect(parsed.error?.issues ?? [], `step ${step}`).toEqual([]);
    }
  });
});
