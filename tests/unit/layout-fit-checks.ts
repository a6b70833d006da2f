// The checks every laid-out page must pass — text held by its box, content on the slide, no text
// over other text — and content larger than any slide should carry, shared by the layout tests
// of the built-in templates (layouts-all-fit) and of brand templates (brand-look).
import { expect } from "vitest";
import { type CHART_TYPES, type TDeck, type TSlideContent, ZSlideContent } from "@/lib/deck/schema";
import {
  SLIDE_HEIGHT,
  SLIDE_WIDTH,
  type TBox,
  type TParagraph,
  type TRenderedSlide,
  type TTableBox,
  type TTextBox,
} from "@/lib/layouts/boxes";
import { bulletIndent } from "@/lib/layouts/bullet-style";
import { measureRun } from "@/lib/layouts/fonts";
import { textHeight } from "@/lib/layouts/text-height";

// Renderers and the measurer round differently; half a unit is far below a visible overflow.
export const TOLERANCE = 0.5;

const SENTENCE =
  "Quarterly revenue grew across every region while operating costs fell, and the platform team shipped the new ingestion pipeline ahead of schedule. ";
/** Text of exactly `length` characters, made of real words (and one long unbreakable token). */
function long(length: number, seed = 0): string {
  const text = `${seed} https://example.com/reports/2025/q3/a-very-long-path-without-any-breaks ${SENTENCE.repeat(
    Math.ceil(length / SENTENCE.length) + 1,
  )}`;
  return text.slice(0, length).trim();
}

export function oversized(chartType: (typeof CHART_TYPES)[number]): TSlideContent {
  return ZSlideContent.parse({
    title: long(400),
    subtitle: long(600, 1),
    body: long(2000, 2),
    bullets: Array.from({ length: 30 }, (_, i) => long(250, i)),
    columns: [0, 1].map((side) => ({
      heading: long(200, side),
      body: long(1000, side),
      bullets: Array.from({ length: 30 }, (_, i) => long(200, i)),
    })),
    image: { query: "mountain lake at dawn", alt: long(400, 3) },
    icon: "rocket",
    items: Array.from({ length: 8 }, (_, i) => ({
      title: long(200, i),
      body: long(800, i),
      icon: ["rocket", "shield-check", "growth", "users"][i % 4],
    })),
    metrics: Array.from({ length: 6 }, (_, i) => ({
      value: i % 2 ? "$12,345,678,901.99 bn (+1,234.5% YoY)" : "1234567890123456789012345678901234567890",
      label: long(300, i),
      detail: long(600, i),
    })),
    timeline: Array.from({ length: 10 }, (_, i) => ({
      date: `Week ${i + 1}: ${long(50, i)}`,
      title: long(200, i),
      body: long(800, i),
    })),
    quote: { text: long(4000, 4), attribution: long(300, 5) },
    table: {
      header: Array.from({ length: 10 }, (_, i) => long(80, i)),
      rows: Array.from({ length: 50 }, (_, r) => Array.from({ length: 10 }, (_, c) => long(120, r + c))),
    },
    chart: {
      type: chartType,
      categories: Array.from({ length: 24 }, (_, i) => `${i + 1} ${long(76, i)}`),
      series: Array.from({ length: 6 }, (_, s) => ({
        name: long(80, s),
        values: Array.from({ length: 24 }, (_, i) => ((i * 37 + s * 11) % 90) + 10),
      })),
      unit: "M€",
    },
  });
}

export const DECK: Omit<TDeck, "template" | "theme"> = {
  version: 1,
  title: long(500),
  author: long(200),
  language: "en",
  slides: [],
};

export type TRect = { x: number; y: number; w: number; h: number };
const CONTENT_KINDS = new Set<TBox["kind"]>(["text", "image", "table", "chart"]);

function expectLinesFit(where: string, paragraphs: TParagraph[], w: number, size: number) {
  for (const paragraph of paragraphs) {
    const room = w - (paragraph.bullet ? bulletIndent(size) : 0);
    for (const line of paragraph.lines) expect(line.width, where).toBeLessThanOrEqual(room + TOLERANCE);
  }
}

function expectTextBoxFits(box: TTextBox, where: string) {
  expectLinesFit(where, box.paragraphs, box.w, box.fontSize);
  for (const paragraph of box.paragraphs)
    for (const line of paragraph.lines) {
      // The stored width is the real width of the line's runs, so the check above means something.
      const measured = line.runs.reduce(
        (sum, run) => sum + measureRun(box.font, run, box.fontSize, box.bold),
        0,
      );
      expect(line.width, where).toBeCloseTo(measured, 1);
    }
  expect(
    textHeight(box.paragraphs, box.fontSize, box.lineHeight, box.paragraphGap),
    where,
  ).toBeLessThanOrEqual(box.h + TOLERANCE);
}

function expectTableFits(table: TTableBox, where: string) {
  const widths = table.columns.reduce((sum, w) => sum + w, 0);
  expect(widths, `${where}: column widths`).toBeCloseTo(table.w, 0);
  const heights = table.rows.reduce((sum, row) => sum + row.h, 0);
  expect(heights, `${where}: row heights`).toBeLessThanOrEqual(table.h + TOLERANCE);
  for (const [r, row] of table.rows.entries()) {
    expect(row.cells.length, `${where}: row ${r}`).toBe(table.columns.length);
    for (const [c, cell] of row.cells.entries()) {
      const at = `${where}: cell ${r},${c}`;
      expectLinesFit(at, cell.paragraphs, table.columns[c] - 2 * table.padding.x, table.fontSize);
      expect(textHeight(cell.paragraphs, table.fontSize, table.lineHeight, 0), at).toBeLessThanOrEqual(
        row.h - 2 * table.padding.y + TOLERANCE,
      );
    }
  }
}

export function overlaps(a: TRect, b: TRect): boolean {
  const across = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const down = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return across > TOLERANCE && down > TOLERANCE;
}

/** The invariants every page of every layout keeps, checked from the boxes alone. */
export function expectPageFits(page: TRenderedSlide, where: string) {
  const ids = page.boxes.map((box) => box.id);
  expect(new Set(ids).size, `${where}: duplicate box ids ${ids}`).toBe(ids.length);
  // Decorative shapes may bleed off the edge (templates draw circles partly off-canvas); content may not.
  for (const box of page.boxes.filter((b) => CONTENT_KINDS.has(b.kind))) {
    const at = `${where}: ${box.id}`;
    expect(box.x, at).toBeGreaterThanOrEqual(-TOLERANCE);
    expect(box.y, at).toBeGreaterThanOrEqual(-TOLERANCE);
    expect(box.x + box.w, at).toBeLessThanOrEqual(SLIDE_WIDTH + TOLERANCE);
    expect(box.y + box.h, at).toBeLessThanOrEqual(SLIDE_HEIGHT + TOLERANCE);
    expect(box.w, at).toBeGreaterThan(0);
    expect(box.h, at).toBeGreaterThan(0);
    if (box.kind === "text") expectTextBoxFits(box, at);
    if (box.kind === "table") expectTableFits(box, at);
  }
  const texts = page.boxes.filter((box): box is TTextBox => box.kind === "text");
  for (const [i, a] of texts.entries())
    for (const b of texts.slice(i + 1))
      expect(overlaps(a, b), `${where}: ${a.id} overlaps ${b.id}`).toBe(false);
}
