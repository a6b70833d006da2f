import { describe, expect, it } from "vitest";
import type { TSlide } from "@/lib/deck/schema";
import type { TChartBox, TRenderedSlide, TTableBox, TTextBox } from "@/lib/layouts/boxes";
import {
  decimalsOf,
  formatCode,
  formatValue,
  niceAxis,
  slicePath,
  type TChartLabel,
} from "@/lib/layouts/chart-geometry";
import { measureRun } from "@/lib/layouts/fonts";
import { layoutDeck } from "@/lib/layouts/layout-deck";
import { isNumericColumn } from "@/lib/layouts/table-fit";
import { placeTableCells, rowFill, tableRules } from "@/lib/layouts/table-geometry";
import { TEMPLATES } from "@/lib/layouts/templates";
import { textHeight } from "@/lib/layouts/text-height";
import { THEMES } from "@/lib/layouts/themes";
import { chartSlide, deckOf, HUGE_CELL, LONG_TABLE, TABLE } from "./table-chart-fixtures";

const EPSILON = 1e-6;

const tablesOf = (pages: TRenderedSlide[]) =>
  pages.flatMap((page) => page.boxes.filter((box): box is TTableBox => box.kind === "table"));
const chartOf = (pages: TRenderedSlide[]) => {
  const chart = pages[0].boxes.find((box): box is TChartBox => box.kind === "chart");
  if (!chart) throw new Error("no chart box");
  return chart;
};
const titleOf = (page: TRenderedSlide) => {
  const title = page.boxes.find((box): box is TTextBox => box.kind === "text" && box.role === "title");
  return title?.paragraphs.flatMap((p) => p.runs.map((run) => run.text)).join("") ?? "";
};
const cellText = (table: TTableBox, row: number, column: number) =>
  table.rows[row].cells[column].paragraphs.flatMap((p) => p.runs.map((run) => run.text)).join("");

/** Every cell's lines fit inside the cell less its padding, at their measured widths. */
function expectCellsFit(table: TTableBox) {
  for (const cell of placeTableCells(table)) {
    const { text } = cell;
    expect(text.w).toBeCloseTo(cell.w - 2 * table.padding.x, 6);
    for (const paragraph of text.paragraphs) {
      for (const line of paragraph.lines) {
        expect(line.width).toBeLessThanOrEqual(text.w + EPSILON);
        const measured = line.runs.reduce(
          (sum, run) => sum + measureRun(table.font, run, table.fontSize, text.bold),
          0,
        );
        expect(line.width).toBeCloseTo(measured, 6);
      }
    }
    expect(textHeight(text.paragraphs, table.fontSize, table.lineHeight, 0)).toBeLessThanOrEqual(
      text.h + EPSILON,
    );
  }
}

describe("layoutTable", () => {
  const pages = layoutDeck(deckOf([TABLE]));
  const [table] = tablesOf(pages);

  it("draws one native table under the title and lead, across the content width", () => {
    const frame = TEMPLATES.general.frame;
    expect(pages).toHaveLength(1);
    expect(table.rows).toHaveLength(6);
    expect(table.x).toBe(frame.marginX);
    expect(table.columns.reduce((sum, w) => sum + w, 0)).toBeCloseTo(frame.contentW, 6);
    expect(table.w).toBeCloseTo(frame.contentW, 6);
    const lead = pages[0].boxes.find((box) => box.kind === "text" && box.role === "body");
    expect(lead && lead.y + lead.h).toBeLessThanOrEqual(table.y);
    expect(table.y + table.h).toBeLessThanOrEqual(frame.body.y + frame.body.h + EPSILON);
    expect(table.h).toBeCloseTo(
      table.rows.reduce((sum, row) => sum + row.h, 0),
      6,
    );
  });

  it("styles the header and bands the body from the palette", () => {
    const palette = THEMES.light.palette;
    expect(table.rows[0].header).toBe(true);
    expect(table.rows[0].cells.every((cell) => cell.bold)).toBe(true);
    expect(table.headerFill).toBe(palette.accent);
    expect(table.headerColor).toBe(palette.onAccent);
    expect(table.color).toBe(palette.text);
    expect(table.border).toBe(palette.border);
    expect([1, 2, 3, 4, 5].map((row) => rowFill(table, row))).toEqual([
      undefined,
      palette.surface,
      undefined,
      palette.surface,
      undefined,
    ]);
    expect(tableRules(table)).toHaveLength(5);
  });

  it("sets every cell at one size within the template's range and keeps inline emphasis", () => {
    expect(table.fontSize).toBeLessThanOrEqual(22);
    expect(table.fontSize).toBeGreaterThanOrEqual(TEMPLATES.general.sizes.caption);
    const runs = table.rows[1].cells[3].paragraphs.flatMap((p) => p.lines.flatMap((l) => l.runs));
    expect(runs.find((run) => run.text.includes("two weeks early"))?.bold).toBe(true);
    const code = table.rows[2].cells[3].paragraphs.flatMap((p) => p.runs);
    expect(code.find((run) => run.text === "eu-west")?.code).toBe(true);
    expect(cellText(table, 5, 3)).toBe("");
  });

  it("aligns numeric columns right (header too) and text columns left", () => {
    expect(table.rows.map((row) => row.cells.map((cell) => cell.align))).toEqual(
      Array(6).fill(["left", "right", "right", "left"]),
    );
  });

  it("gives wider content wider columns", () => {
    const [region, revenue, growth, notes] = table.columns;
    expect(notes).toBeGreaterThan(region);
    expect(region).toBeGreaterThan(growth);
    expect(revenue).toBeGreaterThan(growth);
  });

  it.each([
    ["general", "light"],
    ["modern", "dark"],
    ["standard", "ocean"],
    ["swift", "midnight"],
  ] as const)("fits every cell's lines inside its cell (%s, %s)", (template, theme) => {
    for (const box of tablesOf(layoutDeck(deckOf([TABLE, LONG_TABLE, HUGE_CELL], template, theme)))) {
      expectCellsFit(box);
    }
  });

  it("continues a long table on pages that repeat the header, at the floor size or above", () => {
    const frame = TEMPLATES.general.frame;
    const long = layoutDeck(deckOf([LONG_TABLE]));
    const boxes = tablesOf(long);
    expect(long.length).toBeGreaterThan(1);
    expect(boxes).toHaveLength(long.length);
    expect(titleOf(long[0])).toBe("Every account");
    for (const page of long.slice(1)) expect(titleOf(page)).toBe("Every account (cont.)");
    for (const box of boxes) {
      expect(box.rows[0].header).toBe(true);
      expect([0, 1, 2, 3, 4].map((c) => cellText(box, 0, c))).toEqual([
        "#",
        "Account",
        "Owner",
        "ARR",
        "Status",
      ]);
      expect(box.rows.slice(1).every((row) => !row.header)).toBe(true);
      expect(box.y + box.h).toBeLessThanOrEqual(frame.body.y + frame.body.h + EPSILON);
      expect(box.fontSize).toBe(boxes[0].fontSize);
      expect(box.columns).toEqual(boxes[0].columns);
    }
    // Every body row appears once, in order.
    const numbers = boxes.flatMap((box) => box.rows.slice(1).map((_, r) => cellText(box, r + 1, 0)));
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => String(i + 1)));
    // Not more pages than needed: no page could have taken the next page's first row.
    boxes.slice(0, -1).forEach((box, i) => {
      expect(box.h + boxes[i + 1].rows[1].h).toBeGreaterThan(frame.body.h);
    });
  });

  it("cuts a cell taller than a page with an ellipsis instead of overflowing", () => {
    const huge = tablesOf(layoutDeck(deckOf([HUGE_CELL])));
    const detail = huge.flatMap((box) => box.rows.filter((row) => !row.header).map((row) => row.cells[1]));
    expect(detail).toHaveLength(2);
    const lines = detail[0].paragraphs.flatMap((p) => p.lines);
    expect(lines.at(-1)?.runs.at(-1)?.text.endsWith("\u2026")).toBe(true);
  });
});

describe("isNumericColumn", () => {
  it.each([
    [["12", "1,204", "-3.5"], true],
    [["$12.4M", "€8.1M", "(42)"], true],
    [["18%", "—", "n/a", "+12 pp"], true],
    [["—", "n/a"], false],
    [["12", "twelve"], false],
    [["Q1 2024", "Q2 2024"], false],
  ])("%j → %s", (cells, numeric) => {
    expect(isNumericColumn(cells)).toBe(numeric);
  });
});

describe("chart geometry helpers", () => {
  it.each([
    [[12.5, 19.1], 5, { min: 0, max: 20, step: 5 }],
    [[0.3, 0.9], 4, { min: 0, max: 1, step: 0.5 }],
    [[0.3, 0.9], 8, { min: 0, max: 1, step: 0.2 }],
    [[30, 90], 4, { min: 0, max: 100, step: 25 }],
    [[-40, 75], 5, { min: -50, max: 75, step: 25 }],
    [[1234, 5678], 6, { min: 0, max: 6000, step: 1000 }],
    [[0, 0], 4, { min: 0, max: 1, step: 0.5 }],
    [[-7, -3], 4, { min: -8, max: 0, step: 2 }],
  ])("niceAxis(%j, %i) = %j", (values, target, expected) => {
    const axis = niceAxis(values, target);
    expect({ min: axis.min, max: axis.max, step: axis.step }).toEqual(expected);
    expect(axis.ticks[0]).toBe(axis.min);
    expect(axis.ticks.at(-1)).toBe(axis.max);
    axis.ticks.slice(1).forEach((tick, i) => {
      expect(tick - axis.ticks[i]).toBeCloseTo(axis.step, 9);
    });
  });

  it("formats values and writes the matching Excel format, with the unit as text", () => {
    expect(decimalsOf([12, 19.1, 3.2])).toBe(1);
    expect(decimalsOf([1.25, 2.5])).toBe(2);
    expect(decimalsOf([12.25, 19.1])).toBe(1);
    expect(decimalsOf([0.012, 0.034])).toBe(3);
    expect(decimalsOf([1234.5, 99])).toBe(0);
    expect(decimalsOf([1, 2])).toBe(0);
    expect(decimalsOf([0, 0])).toBe(0);
    expect(formatValue(1234.5, 1, "M€")).toBe("1,234.5 M€");
    expect(formatValue(18, 0, "%")).toBe("18%");
    expect(formatValue(-0.001, 1)).toBe("0.0");
    expect(formatCode(1, "M€")).toBe('#,##0.0" M€"');
    expect(formatCode(0, "%")).toBe('#,##0"%"');
    expect(formatCode(2)).toBe("#,##0.00");
  });

  it("draws slices, rings and whole circles as closed SVG paths", () => {
    const slice = { cx: 100, cy: 100, r: 50, innerR: 0, start: 0, end: 90, color: "#000", category: 0 };
    expect(slicePath(slice)).toBe("M 100 100 L 100 50 A 50 50 0 0 1 150 100 Z");
    expect(slicePath({ ...slice, end: 270 })).toContain(" 0 1 1 ");
    expect(slicePath({ ...slice, innerR: 25 })).toBe(
      "M 100 50 A 50 50 0 0 1 150 100 L 125 100 A 25 25 0 0 0 100 75 Z",
    );
    expect(slicePath({ ...slice, end: 360 }).match(/A /g)).toHaveLength(2);
  });
});

/** Whether two labels' line boxes overlap. */
const overlap = (a: TChartLabel, b: TChartLabel) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe("layoutChart", () => {
  const types = ["column", "bar", "line", "pie", "doughnut"] as const;

  it.each(types)("lays a %s chart inside its box, every label inside and apart", (type) => {
    for (const [template, theme] of [
      ["general", "light"],
      ["swift", "dark"],
    ] as const) {
      for (const withText of [false, true]) {
        const pages = layoutDeck(deckOf([chartSlide(type, withText)], template, theme));
        expect(pages).toHaveLength(1);
        const chart = chartOf(pages);
        const g = chart.geometry;
        const inside = (r: { x: number; y: number; w: number; h: number }) => {
          expect(r.x).toBeGreaterThanOrEqual(chart.x - EPSILON);
          expect(r.y).toBeGreaterThanOrEqual(chart.y - EPSILON);
          expect(r.x + r.w).toBeLessThanOrEqual(chart.x + chart.w + EPSILON);
          expect(r.y + r.h).toBeLessThanOrEqual(chart.y + chart.h + EPSILON);
        };
        inside(g.plot);
        for (const label of g.labels) {
          inside(label);
          expect(label.w).toBeCloseTo(measureRun(chart.font, { text: label.text }, chart.fontSize), 6);
          expect(label.baseline).toBeGreaterThan(label.y);
          expect(label.baseline).toBeLessThan(label.y + label.h);
        }
        g.labels.forEach((a, i) => {
          for (const b of g.labels.slice(i + 1)) expect(overlap(a, b), `${a.text} / ${b.text}`).toBe(false);
        });
        for (const key of g.legendKeys) inside(key);
        // With a text panel the chart gives it room; alone it takes the content width.
        const frame = TEMPLATES[template].frame;
        if (withText) {
          expect(chart.w).toBeLessThan(frame.contentW * 0.7);
          const panel = pages[0].boxes.find((box) => box.id === "panel");
          expect(panel?.x).toBeGreaterThan(chart.x + chart.w);
          expect(pages[0].boxes.some((box) => box.kind === "text" && box.role === "bullets")).toBe(true);
        } else expect(chart.w).toBe(frame.contentW);
        expect(chart.colors).toEqual(
          THEMES[theme].chart.slice(0, type === "pie" || type === "doughnut" ? 5 : 2),
        );
      }
    }
  });

  it("draws one bar per value, on the value scale, first category first", () => {
    for (const type of ["column", "bar"] as const) {
      const chart = chartOf(layoutDeck(deckOf([chartSlide(type)])));
      const { bars, axis, plot } = chart.geometry;
      expect(bars).toHaveLength(8);
      expect(axis).toMatchObject({ min: 0, max: 20 });
      const q4 = bars.find((bar) => bar.series === 0 && bar.category === 3);
      const q1 = bars.find((bar) => bar.series === 0 && bar.category === 0);
      if (!q4 || !q1) throw new Error("bars missing");
      if (type === "column") {
        expect(q4.h).toBeCloseTo((plot.h * 19.1) / 20, 6);
        expect(q4.y + q4.h).toBeCloseTo(plot.y + plot.h, 6);
        expect(q1.x).toBeLessThan(q4.x);
      } else {
        expect(q4.w).toBeCloseTo((plot.w * 19.1) / 20, 6);
        expect(q4.x).toBeCloseTo(plot.x, 6);
        expect(q1.y).toBeLessThan(q4.y);
      }
      expect(chart.geometry.legend).toBe("b");
      const legend = chart.geometry.labels.filter((label) => label.kind === "legend").map((l) => l.text);
      expect(legend).toEqual(["Revenue", "Costs"]);
      const ticks = chart.geometry.labels.filter((label) => label.kind === "tick").map((l) => l.text);
      expect(ticks).toEqual(["0 M€", "5 M€", "10 M€", "15 M€", "20 M€"]);
    }
  });

  it("shows values beside bars when they fit, and never for several lines", () => {
    const column = chartOf(layoutDeck(deckOf([chartSlide("column")]))).geometry;
    expect(column.showValues).toBe(true);
    expect(column.labels.filter((label) => label.kind === "value").map((l) => l.text)).toContain("19.1 M€");
    expect(column.valueFormat).toBe('#,##0.0" M€"');
    const line = chartOf(layoutDeck(deckOf([chartSlide("line")]))).geometry;
    expect(line.showValues).toBe(false);
    expect(line.lines).toHaveLength(2);
    expect(line.markers).toHaveLength(8);
  });

  it("splits a pie into slices that add up to a turn, clockwise from the top, labelled inside", () => {
    for (const type of ["pie", "doughnut"] as const) {
      const chart = chartOf(layoutDeck(deckOf([chartSlide(type)])));
      const { slices, labels } = chart.geometry;
      expect(slices).toHaveLength(5);
      expect(slices[0].start).toBe(0);
      expect(slices.at(-1)?.end).toBeCloseTo(360, 6);
      expect(slices[0].end).toBeCloseTo(0.42 * 360, 6);
      expect(slices[0].innerR > 0).toBe(type === "doughnut");
      const values = labels.filter((label) => label.kind === "value");
      expect(values.map((label) => label.text)).toEqual(["42%", "23%", "18%", "12%", "5%"]);
      for (const label of values) {
        expect(label.color).toBe(chart.onColor);
        for (const [x, y] of [
          [label.x, label.y + label.h / 2],
          [label.x + label.w, label.y + label.h / 2],
        ])
          expect(Math.hypot(x - slices[0].cx, y - slices[0].cy)).toBeLessThanOrEqual(slices[0].r);
      }
      expect(labels.filter((label) => label.kind === "legend")).toHaveLength(5);
    }
  });

  it("moves a pie legend too tall for the side under the pie", () => {
    const slide: TSlide = {
      id: "slices",
      layout: "chart",
      content: {
        title: "Many slices",
        chart: {
          type: "pie",
          categories: Array.from({ length: 24 }, (_, i) => `Segment ${i + 1}`),
          series: [{ name: "Share", values: Array.from({ length: 24 }, (_, i) => 10 + i) }],
        },
      },
    };
    const chart = chartOf(layoutDeck(deckOf([slide])));
    const g = chart.geometry;
    expect(g.legend).toBe("b");
    for (const label of g.labels) {
      expect(label.y).toBeGreaterThanOrEqual(chart.y);
      expect(label.y + label.h).toBeLessThanOrEqual(chart.y + chart.h + EPSILON);
    }
    expect(g.plot.y + g.plot.h).toBeLessThanOrEqual(Math.min(...g.legendKeys.map((key) => key.y)));
    // Colours past the theme's six are lighter rounds of them, all distinct.
    expect(new Set(chart.colors).size).toBe(24);
    expect(chart.colors.slice(0, 6)).toEqual(THEMES.light.chart);
  });

  it("cuts long category labels to their slot and skips labels when slots are too narrow", () => {
    const slide: TSlide = {
      id: "dense",
      layout: "chart",
      content: {
        title: "Dense",
        chart: {
          type: "column",
          categories: Array.from({ length: 24 }, (_, i) => `Category number ${i + 1}`),
          series: [{ name: "Count", values: Array.from({ length: 24 }, (_, i) => (i * 37) % 100) }],
        },
      },
    };
    const chart = chartOf(layoutDeck(deckOf([slide])));
    const g = chart.geometry;
    expect(g.labelEvery).toBeGreaterThan(1);
    const categories = g.labels.filter((label) => label.kind === "category");
    expect(categories).toHaveLength(Math.ceil(24 / g.labelEvery));
    const room = (g.plot.w / 24) * g.labelEvery;
    for (const label of categories) expect(label.w).toBeLessThanOrEqual(room);
    expect(g.categories.some((text) => text.endsWith("\u2026"))).toBe(true);
  });
});
