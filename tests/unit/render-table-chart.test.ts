import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TChartBox, TRenderedSlide, TTableBox } from "@/lib/layouts/boxes";
import { WIDTH_SAFETY } from "@/lib/layouts/fit-text";
import { layoutDeck } from "@/lib/layouts/layout-deck";
import { renderDeck } from "@/lib/render/render-deck";
import { chartSlide, deckOf, LONG_TABLE, TABLE } from "./table-chart-fixtures";

const TYPES = ["column", "bar", "line", "pie", "doughnut"] as const;
const DECK = deckOf([TABLE, LONG_TABLE, ...TYPES.map((type) => chartSlide(type, type === "bar"))]);
const EMU_PER_UNIT = 914400 / 96;

const dir = mkdtempSync(path.join(tmpdir(), "deckforge-table-chart-"));
let zip: JSZip;
let pages: TRenderedSlide[];
let slideCount: number;

const read = async (name: string) => {
  const file = zip.file(name);
  if (!file) throw new Error(`${name} is missing`);
  return file.async("string");
};
const run = (tool: string, ...args: string[]) => {
  const result = spawnSync(tool, args, { encoding: "utf8", timeout: 120_000 });
  if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr}`);
  return result.stdout;
};
const slideXml = (page: number) => read(`ppt/slides/slide${page + 1}.xml`);
const tableOf = (page: TRenderedSlide) => page.boxes.find((box): box is TTableBox => box.kind === "table");
const chartOf = (page: TRenderedSlide) => page.boxes.find((box): box is TChartBox => box.kind === "chart");
/** The chart part a slide's graphic frame points to. */
async function chartPartOf(page: number): Promise<string> {
  const rels = await read(`ppt/slides/_rels/slide${page + 1}.xml.rels`);
  const target = rels.match(/Target="[^"]*\/charts\/(chart\d+\.xml)"/)?.[1];
  if (!target) throw new Error(`slide ${page + 1} has no chart`);
  return read(`ppt/charts/${target}`);
}

beforeAll(async () => {
  pages = layoutDeck(DECK);
  const rendered = await renderDeck(DECK, "pptx");
  slideCount = rendered.slideCount;
  zip = await JSZip.loadAsync(rendered.bytes);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("PPTX tables", () => {
  it("writes a native table with every row, column and cell text", async () => {
    const xml = await slideXml(0);
    const table = tableOf(pages[0]);
    if (!table) throw new Error("no table box");
    expect(xml.match(/<a:tbl>/g)).toHaveLength(1);
    expect(xml.match(/<a:tr /g)).toHaveLength(6);
    expect(xml.match(/<a:tc>/g)).toHaveLength(24);
    for (const text of ["Region", "North America", "$12.4M", "18%", "Currency headwinds", "—"])
      expect(xml).toContain(`<a:t>${text}</a:t>`);
    // Bold and code runs stay runs.
    expect(xml).toMatch(/b="1"[^>]*>(?:(?!<\/a:r>).)*<a:t>two weeks early<\/a:t>/);
    expect(xml).toMatch(/<a:latin typeface="Courier New"[^>]*\/>(?:(?!<\/a:r>).)*<a:t>eu-west<\/a:t>/);
    // The layout's geometry: column widths, row heights, margins, size and exact line spacing.
    const columns = [...xml.matchAll(/<a:gridCol w="(\d+)"\/>/g)].map((m) => Number(m[1]));
    columns.forEach((w, i) => {
      expect(Math.abs(w - table.columns[i] * EMU_PER_UNIT)).toBeLessThanOrEqual(1);
    });
    const rows = [...xml.matchAll(/<a:tr h="(\d+)">/g)].map((m) => Number(m[1]));
    rows.forEach((h, i) => {
      expect(Math.abs(h - table.rows[i].h * EMU_PER_UNIT)).toBeLessThanOrEqual(1);
    });
    // Margins: the padding, plus on the far side the room the layout did not wrap into (3% of the
    // cell's text width), so a viewer wraps each cell's lines where the layout did.
    const first = table.rows[1].cells[0];
    const inner = table.columns[0] - 2 * table.padding.x;
    const far = table.padding.x + inner * (1 - WIDTH_SAFETY);
    const [left, right] = first.align === "right" ? [far, table.padding.x] : [table.padding.x, far];
    expect(xml).toContain(
      `marL="${Math.round(left * EMU_PER_UNIT)}" marR="${Math.round(right * EMU_PER_UNIT)}" marT="${Math.round(table.padding.y * EMU_PER_UNIT)}"`,
    );
    expect(xml).toContain(`sz="${Math.round(table.fontSize * 75)}"`);
    expect(xml).toContain(`<a:spcPts val="${Math.round(table.fontSize * table.lineHeight * 75)}"/>`);
    expect(xml).toContain('<a:latin typeface="Arial"');
    // Header filled with the accent, bands with the surface, rules in the border colour.
    expect(xml).toContain('<a:solidFill><a:srgbClr val="2563EB"/></a:solidFill>  </a:tcPr>');
    expect(xml).toContain('<a:solidFill><a:srgbClr val="F1F5F9"/></a:solidFill>  </a:tcPr>');
    expect(xml).toMatch(/<a:lnB w="\d+"[^>]*><a:solidFill><a:srgbClr val="E2E8F0"\/>/);
  });

  it("continues a long table on slides that repeat the header row", async () => {
    const long = pages.flatMap((page, index) => (page.slideId === "long" ? [index] : []));
    expect(long.length).toBeGreaterThan(1);
    let rows = 0;
    for (const index of long) {
      const xml = await slideXml(index);
      const table = tableOf(pages[index]);
      expect(xml.match(/<a:tr /g)).toHaveLength(table?.rows.length ?? -1);
      expect(xml.indexOf("<a:t>#</a:t>")).toBeLessThan(xml.indexOf("<a:t>Account</a:t>"));
      expect(xml.indexOf("<a:t>Account</a:t>")).toBeLessThan(xml.indexOf("<a:t>Owner</a:t>"));
      rows += (table?.rows.length ?? 0) - 1;
    }
    expect(rows).toBe(50);
    expect(await slideXml(long[1])).toContain("<a:t> (cont.)</a:t>");
  });
});

describe("PPTX charts", () => {
  const chartPages = () =>
    TYPES.map((type) => {
      const index = pages.findIndex((page) => page.slideId === `chart-${type}`);
      const box = chartOf(pages[index]);
      if (!box) throw new Error(`no ${type} chart`);
      return { type, index, box };
    });

  it.each([
    ["column", /<c:barChart><c:barDir val="col"\/>/],
    ["bar", /<c:barChart><c:barDir val="bar"\/>/],
    ["line", /<c:lineChart>/],
    ["pie", /<c:pieChart>/],
    ["doughnut", /<c:doughnutChart>/],
  ] as const)("writes a native %s chart with its data", async (type, kind) => {
    const { index, box } = chartPages().find((chart) => chart.type === type) ?? {};
    if (index === undefined || !box) throw new Error("chart missing");
    const xml = await chartPartOf(index);
    expect(xml).toMatch(kind);
    for (const category of box.chart.categories) expect(xml).toContain(`<c:v>${category}</c:v>`);
    for (const series of box.chart.series) {
      expect(xml).toContain(`<c:v>${series.name}</c:v>`);
      for (const value of series.values) expect(xml).toContain(`<c:v>${value}</c:v>`);
    }
    // The plot area sits where the geometry put it.
    const { plot } = box.geometry;
    const layout = (key: string) => Number(xml.match(new RegExp(`<c:${key} val="([\\d.]+)" />`))?.[1]);
    expect(xml).toContain('<c:layoutTarget val="inner" />');
    expect(layout("x")).toBeCloseTo((plot.x - box.x) / box.w, 9);
    expect(layout("y")).toBeCloseTo((plot.y - box.y) / box.h, 9);
    expect(layout("w")).toBeCloseTo(plot.w / box.w, 9);
    expect(layout("h")).toBeCloseTo(plot.h / box.h, 9);
    // Theme colours, the family's face at the chart's size.
    expect(xml).toContain(`<a:srgbClr val="${box.colors[0].slice(1)}"/>`);
    expect(xml).toContain('<a:latin typeface="Arial"/>');
    expect(xml).toContain(`sz="${Math.round(box.fontSize * 75)}"`);
    // The embedded workbook makes it editable.
    const rels = Object.keys(zip.files).filter((name) => /^ppt\/embeddings\/.*\.xlsx$/.test(name));
    expect(rels.length).toBe(TYPES.length);
  });

  it("scales bar, column and line axes to the geometry's ticks", async () => {
    for (const { type, index, box } of chartPages()) {
      if (type === "pie" || type === "doughnut") continue;
      const xml = await chartPartOf(index);
      const axis = box.geometry.axis;
      expect(xml).toContain(`<c:max val="${axis?.max}"/>`);
      expect(xml).toContain(`<c:min val="${axis?.min}"/>`);
      expect(xml).toContain(`<c:majorUnit val="${axis?.step}"/>`);
      expect(xml).toContain(`formatCode="${box.geometry.axisFormat.replace(/"/g, "&quot;")}"`);
      expect(xml).toContain('<c:legendPos val="b"/>');
    }
    const bar = chartPages().find((chart) => chart.type === "bar");
    const barXml = await chartPartOf(bar?.index ?? -1);
    // First category on top, value axis kept at the bottom.
    expect(barXml).toContain('<c:orientation val="maxMin"/>');
    expect(barXml).toContain('<c:crosses val="max"/>');
  });

  it("shows data labels exactly when the geometry drew them", async () => {
    for (const { index, box } of chartPages()) {
      // Pie labels are set per slice (<c:dLbl>); the group default after them stays off.
      const xml = (await chartPartOf(index)).replace(
        /<\/c:dLbl>(?:(?!<c:dLbl>)[\s\S])*?<\/c:dLbls>/,
        "</c:dLbl></c:dLbls>",
      );
      const shown = box.geometry.showValues ? "1" : "0";
      const tags = xml.match(/<c:showVal val="(\d)"\/>/g) ?? [];
      expect(tags.length).toBeGreaterThan(0);
      expect(tags.every((tag) => tag.includes(`"${shown}"`))).toBe(true);
    }
  });

  it("names each chart by what it shows", async () => {
    const { index, box } = chartPages()[0];
    expect(box.alt).toBe("Revenue by quarter (column): column chart of Revenue, Costs by Q1, Q2, Q3, Q4");
    expect(await slideXml(index)).toContain(`descr="${box.alt}"`);
  });
});

describe("PDF tables and charts", () => {
  it("draws table cells and chart labels as text", async () => {
    const rendered = await renderDeck(DECK, "pdf");
    const file = path.join(dir, "deck.pdf");
    writeFileSync(file, rendered.bytes);
    expect(run("pdfinfo", file)).toMatch(new RegExp(`^Pages:\\s+${slideCount}$`, "m"));
    const text = run("pdftotext", "-layout", file, "-");
    for (const phrase of [
      "North America",
      "Enterprise renewals closed two weeks early",
      "The eu-west launch brought 120 new accounts",
      "Every account (cont.)",
      "Mid-market",
      "Self-serve",
      "20 M€",
      "19.1 M€",
      "42%",
    ])
      expect(text).toContain(phrase);
    const column = pages.findIndex((page) => page.slideId === "chart-column") + 1;
    const columnText = run("pdftotext", "-f", `${column}`, "-l", `${column}`, "-layout", file, "-");
    expect(columnText).toMatch(/Q1\s+Q2\s+Q3\s+Q4/);
    expect(columnText).toMatch(/Revenue\s+Costs/);
  });
});

describe("LibreOffice", () => {
  it("opens a PPTX with a table and a chart and draws both", async () => {
    const deck = deckOf([TABLE, chartSlide("column"), chartSlide("pie")]);
    const file = path.join(dir, "lo.pptx");
    writeFileSync(file, (await renderDeck(deck, "pptx")).bytes);
    const profile = `file://${path.join(dir, "profile")}`;
    run(
      "soffice",
      `-env:UserInstallation=${profile}`,
      "--headless",
      "--convert-to",
      "pdf",
      "--outdir",
      dir,
      file,
    );
    const pdf = path.join(dir, "lo.pdf");
    expect(run("pdfinfo", pdf)).toMatch(/^Pages:\s+3$/m);
    const text = run("pdftotext", "-layout", pdf, "-");
    for (const phrase of ["North America", "Currency headwinds", "Q1", "Q4", "Enterprise", "42%"])
      expect(text).toContain(phrase);
  }, 150_000);
});
