import { describe, expect, it } from "vitest";
import type { TParagraph, TTextRun } from "@/lib/layouts/boxes";
import { bulletIndent } from "@/lib/layouts/bullet-style";
import { fitText, type TFitSpec, WIDTH_SAFETY } from "@/lib/layouts/fit-text";
import { measureRun } from "@/lib/layouts/fonts";
import { growShortText } from "@/lib/layouts/paginate-text";
import { parseInline, stripInline } from "@/lib/layouts/parse-inline";
import { textHeight } from "@/lib/layouts/text-height";
import { wrapParagraph } from "@/lib/layouts/wrap-paragraph";

const EPSILON = 1e-6;
const SENTENCE =
  "Our platform team rebuilt the ingestion pipeline so that every event is validated, enriched and stored within two seconds.";

const textOf = (runs: TTextRun[]) => runs.map((run) => run.text).join("");

const spec = (overrides: Partial<TFitSpec>): TFitSpec => ({
  paragraphs: [{ runs: [{ text: SENTENCE }] }],
  w: 600,
  h: 200,
  font: "sans",
  fontSize: 28,
  lineHeight: 1.3,
  paragraphGapEm: 0.5,
  ...overrides,
});

/** The invariants every fitted box must keep: no line wider than its box, no text taller. */
function expectInside(
  paragraphs: TParagraph[],
  fit: { fontSize: number; paragraphGap: number },
  w: number,
  h: number,
) {
  for (const paragraph of paragraphs) {
    const room = w - (paragraph.bullet ? bulletIndent(fit.fontSize) : 0);
    for (const line of paragraph.lines) {
      expect(line.width).toBeLessThanOrEqual(room + EPSILON);
      // The stored width is the real width of the line's runs.
      const measured = line.runs.reduce((sum, run) => sum + measureRun("sans", run, fit.fontSize), 0);
      expect(line.width).toBeCloseTo(measured, 6);
    }
  }
  expect(textHeight(paragraphs, fit.fontSize, 1.3, fit.paragraphGap)).toBeLessThanOrEqual(h + EPSILON);
}

describe("parseInline", () => {
  it.each([
    ["plain text", [{ text: "plain text" }]],
    ["a **bold** word", [{ text: "a " }, { text: "bold", bold: true }, { text: " word" }]],
    [
      "an *italic* and _another_",
      [
        { text: "an " },
        { text: "italic", italic: true },
        { text: " and " },
        { text: "another", italic: true },
      ],
    ],
    ["run `npm test` now", [{ text: "run " }, { text: "npm test", code: true }, { text: " now" }]],
    ["***both***", [{ text: "both", bold: true, italic: true }]],
    [
      "*outer **inner** outer*",
      [
        { text: "outer ", italic: true },
        { text: "inner", bold: true, italic: true },
        { text: " outer", italic: true },
      ],
    ],
    ["snake_case_name stays", [{ text: "snake_case_name stays" }]],
    ["2 * 3 * 4", [{ text: "2 * 3 * 4" }]],
    ["a \\*literal\\* star", [{ text: "a *literal* star" }]],
    ["**unclosed bold", [{ text: "**unclosed bold" }]],
    ["`*not emphasis*`", [{ text: "*not emphasis*", code: true }]],
  ])("parses %j", (input, runs) => {
    expect(parseInline(input)).toEqual(runs);
  });

  it("strips markers for plain text", () => {
    expect(stripInline("Ship **faster** with `deckforge` and *less* \\* fuss")).toBe(
      "Ship faster with deckforge and less * fuss",
    );
  });
});

describe("wrapParagraph", () => {
  it("breaks at spaces and leaves trailing spaces out of the width", () => {
    const lines = wrapParagraph([{ text: SENTENCE }], { font: "sans", fontSize: 28, maxWidth: 400 });
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.map((line) => textOf(line.runs)).join(" ")).toBe(SENTENCE);
    for (const line of lines) {
      expect(line.width).toBeLessThanOrEqual(400);
      expect(textOf(line.runs)).toBe(textOf(line.runs).trim());
    }
  });

  it("breaks a word longer than the line between characters", () => {
    const url = "https://example.com/a/very/long/path/without/any/spaces/that/cannot/fit/on/one/line";
    const lines = wrapParagraph([{ text: url }], { font: "sans", fontSize: 28, maxWidth: 300 });
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.map((line) => textOf(line.runs)).join("")).toBe(url);
    for (const line of lines) expect(line.width).toBeLessThanOrEqual(300);
  });

  it("breaks CJK text between characters but never before closing punctuation", () => {
    const text = "这是一个很长的句子，用来检查在没有空格的情况下是否可以在任意两个汉字之间换行。";
    const lines = wrapParagraph([{ text }], { font: "sans", fontSize: 28, maxWidth: 280 });
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.map((line) => textOf(line.runs)).join("")).toBe(text);
    for (const line of lines) {
      expect(line.width).toBeLessThanOrEqual(280);
      expect(textOf(line.runs)).not.toMatch(/^[，。]/);
    }
  });

  it("keeps run styles on the lines", () => {
    const lines = wrapParagraph(parseInline("Make **bold claims** with *care*"), {
      font: "sans",
      fontSize: 28,
      maxWidth: 2000,
    });
    expect(lines).toHaveLength(1);
    expect(lines[0].runs).toEqual([
      { text: "Make " },
      { text: "bold claims", bold: true },
      { text: " with " },
      { text: "care", italic: true },
    ]);
  });
});

describe("fitText", () => {
  it("keeps the preferred size when the text fits", () => {
    const fit = fitText(spec({ h: 400 }));
    expect(fit.fontSize).toBe(28);
    expect(fit.overflow).toEqual([]);
    expectInside(fit.paragraphs, fit, 600, 400);
  });

  it("shrinks a paragraph that is too long for its box, never overflowing", () => {
    const fit = fitText(spec({ h: 80 }));
    expect(fit.fontSize).toBeLessThan(28);
    expect(fit.fontSize).toBeGreaterThanOrEqual(18);
    expect(fit.overflow).toEqual([]);
    expectInside(fit.paragraphs, fit, 600, 80);
    expect(fit.paragraphs[0].lines.map((line) => textOf(line.runs)).join(" ")).toBe(SENTENCE);
  });

  it("wraps against the safety width so other renderers never wrap earlier", () => {
    const fit = fitText(spec({ h: 400 }));
    for (const line of fit.paragraphs[0].lines)
      expect(line.width).toBeLessThanOrEqual(600 * WIDTH_SAFETY + EPSILON);
  });

  it("splits what does not fit at the floor into an overflow that continues the text", () => {
    const paragraphs = Array.from({ length: 8 }, (_, index) => ({
      runs: [{ text: `${index + 1}. ${SENTENCE}` }],
      bullet: true,
    }));
    const fit = fitText(spec({ paragraphs, h: 300, overflow: "split" }));
    expect(fit.fontSize).toBe(18);
    expect(fit.overflow.length).toBeGreaterThan(0);
    expectInside(fit.paragraphs, fit, 600, 300);
    // Split between paragraphs: kept + overflow are the input, in order.
    expect([...fit.paragraphs, ...fit.overflow].map((paragraph) => textOf(paragraph.runs))).toEqual(
      paragraphs.map((paragraph) => textOf(paragraph.runs)),
    );
    expect(fit.overflow.every((paragraph) => paragraph.bullet)).toBe(true);
  });

  it("splits inside a single paragraph taller than the box", () => {
    const long = Array.from({ length: 6 }, () => SENTENCE).join(" ");
    const fit = fitText(spec({ paragraphs: [{ runs: parseInline(`**Lead.** ${long}`) }], h: 150 }));
    expectInside(fit.paragraphs, fit, 600, 150);
    expect(fit.overflow).toHaveLength(1);
    expect(`${textOf(fit.paragraphs[0].runs)}${textOf(fit.overflow[0].runs)}`).toBe(`Lead. ${long}`);
    expect(fit.paragraphs[0].runs[0]).toEqual({ text: "Lead.", bold: true });
  });

  it("cuts with an ellipsis in ellipsis mode", () => {
    const long = Array.from({ length: 6 }, () => SENTENCE).join(" ");
    const fit = fitText(
      spec({ paragraphs: [{ runs: [{ text: long }] }], h: 80, overflow: "ellipsis", bold: true }),
    );
    expect(fit.overflow).toEqual([]);
    const lines = fit.paragraphs[0].lines;
    expect(textOf(lines[lines.length - 1].runs)).toMatch(/\u2026$/);
    expect(textOf(fit.paragraphs[0].runs)).toMatch(/\u2026$/);
    for (const line of lines) {
      const measured = line.runs.reduce((sum, run) => sum + measureRun("sans", run, fit.fontSize, true), 0);
      expect(measured).toBeLessThanOrEqual(600 * WIDTH_SAFETY + EPSILON);
    }
    expect(textHeight(fit.paragraphs, fit.fontSize, 1.3, fit.paragraphGap)).toBeLessThanOrEqual(80);
  });

  it("measures bold wider than regular and code at 0.6 em per character", () => {
    const regular = measureRun("sans", { text: "Quarterly" }, 100);
    expect(measureRun("sans", { text: "Quarterly", bold: true }, 100)).toBeGreaterThan(regular);
    expect(measureRun("sans", { text: "abcde", code: true }, 100)).toBeCloseTo(300, 6);
  });
});

describe("growShortText", () => {
  const points = (n: number) =>
    Array.from({ length: n }, () => ({ bullet: true, runs: [{ text: SENTENCE }] }) as TParagraph);

  it("sets a text a little longer at a size a little smaller, with no jump at a threshold", () => {
    // Two and three points in the same box: the longer text may be set smaller, but only by as
    // much as it needs, not dropped back to the base size while the shorter one is grown 1.3×.
    const box = { w: 900, h: 600, fontSize: 24 };
    const sizes = [1, 2, 3, 4].map((n) => growShortText(spec({ ...box, paragraphs: points(n) })).fontSize);
    for (let i = 1; i < sizes.length; i++) expect(sizes[i - 1] - sizes[i]).toBeLessThanOrEqual(4);
    expect(sizes[0]).toBeGreaterThan(24);
    // Whatever it grows to, it still fits, within 70% of the box.
    for (const n of [1, 2, 3, 4]) {
      const grown = growShortText(spec({ ...box, paragraphs: points(n) }));
      const fit = fitText(grown);
      expect(fit.overflow).toEqual([]);
      if (grown.fontSize > 24) expect(fit.height).toBeLessThanOrEqual(0.7 * box.h + EPSILON);
    }
  });

  it("leaves a text that fills its box at its size", () => {
    const full = spec({ w: 600, h: 200, fontSize: 24, paragraphs: points(3) });
    expect(growShortText(full).fontSize).toBe(24);
  });
});
