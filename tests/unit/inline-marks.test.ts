// Inline marks beyond markdown — `[text]{.underline .highlight .accent}` — as the parser reads them,
// as the editor's document carries them, and written back so they read the same.
import { describe, expect, it } from "vitest";
import type { TSlide } from "@/lib/deck/schema";
import {
  inlineToNodes,
  nodesToInline,
  serializeRuns,
  type TDocNode,
  type TRun,
} from "@/lib/editor/inline-doc";
import type { TTextBox } from "@/lib/layouts/boxes";
import { layoutSlide } from "@/lib/layouts/layout-deck";
import { parseInline, stripInline } from "@/lib/layouts/parse-inline";
import { THEMES } from "@/lib/layouts/themes";

describe("parseInline: span marks", () => {
  it("reads underline, highlight and a theme colour, alone and combined", () => {
    expect(parseInline("a [b]{.underline} c")).toEqual([
      { text: "a " },
      { text: "b", underline: true },
      { text: " c" },
    ]);
    expect(parseInline("[key]{.highlight .accent}")).toEqual([
      { text: "key", highlight: true, color: "accent" },
    ]);
    expect(parseInline("[quiet]{.muted}")).toEqual([{ text: "quiet", color: "muted" }]);
  });

  it("nests emphasis, links and other spans inside a span", () => {
    expect(parseInline("[**big** and [site](https://x.io)]{.underline}")).toEqual([
      { text: "big", bold: true, underline: true },
      { text: " and ", underline: true },
      { text: "site", link: "https://x.io", underline: true },
    ]);
    expect(parseInline("[a [b]{.accent2}]{.highlight}")).toEqual([
      { text: "a ", highlight: true },
      { text: "b", highlight: true, color: "accent2" },
    ]);
  });

  it("leaves ordinary bracketed text literal: unknown classes, two colours, no braces, red hex", () => {
    for (const literal of [
      "[1]{.footnote}",
      "[x]{.accent .muted}",
      "[x] {.underline}",
      "see [draft]",
      "[x]{color: red}",
      "array[i]{j}",
      "[]{.underline}",
    ]) {
      expect(stripInline(literal)).toBe(literal);
      expect(parseInline(literal).every((run) => !run.underline && !run.color && !run.highlight)).toBe(true);
    }
  });

  it("an escaped bracket is not a span", () => {
    expect(parseInline("\\[x]{.underline}")).toEqual([{ text: "[x]{.underline}" }]);
  });
});

describe("round trip: deck text ⇄ editor document", () => {
  const cases = [
    "plain [under]{.underline} text",
    "[marked]{.highlight} and [blue]{.accent}",
    "[**bold accent**]{.underline .accent} then *italic*",
    "[[a link](https://example.com) underlined]{.underline}",
    "[all three]{.underline .highlight .muted}",
  ];
  for (const markdown of cases) {
    it(markdown, () => {
      const nodes = inlineToNodes(markdown);
      const back = nodesToInline(nodes);
      expect(parseInline(back)).toEqual(parseInline(markdown));
      expect(nodesToInline(inlineToNodes(back))).toBe(back);
    });
  }

  it("the editor's marks become span classes", () => {
    const nodes: TDocNode[] = [
      { type: "text", text: "Revenue " },
      {
        type: "text",
        text: "doubled",
        marks: [
          { type: "underline" },
          { type: "highlight" },
          { type: "themeColor", attrs: { role: "accent" } },
        ],
      },
      { type: "text", text: " this year" },
    ];
    expect(nodesToInline(nodes)).toBe("Revenue [doubled]{.underline .highlight .accent} this year");
    expect(inlineToNodes("[doubled]{.underline .highlight .accent}")[0].marks).toEqual([
      { type: "underline" },
      { type: "highlight" },
      { type: "themeColor", attrs: { role: "accent" } },
    ]);
  });

  it("a colour the theme does not name is dropped, the text kept", () => {
    const nodes: TDocNode[] = [
      { type: "text", text: "x", marks: [{ type: "themeColor", attrs: { role: "#ff0000" } }] },
    ];
    expect(nodesToInline(nodes)).toBe("x");
  });

  it("literal span-like text is escaped so it stays literal", () => {
    const runs: TRun[] = [{ text: "[x]{.underline}" }, { text: " y", underline: true }];
    const markdown = serializeRuns(runs);
    expect(parseInline(markdown)).toEqual(runs);
  });
});

describe("layout: marked runs carry the theme's colours", () => {
  const deck = { title: "Marks", template: "general", theme: "light", language: "English" } as const;
  const slide = (bullets: string[]): TSlide => ({
    id: "s1",
    layout: "bullets",
    content: { title: "Quarter", bullets },
  });

  it("the measured lines keep the marks, with the role's colour and the highlighter resolved", () => {
    const [page] = layoutSlide(
      deck,
      slide(["Costs [fell sharply]{.accent .underline} and [margins]{.highlight} rose"]),
    );
    const box = page.boxes.find((b) => b.kind === "text" && b.role === "bullets") as TTextBox;
    const runs = box.paragraphs[0].lines.flatMap((line) => line.runs);
    const palette = THEMES.light.palette;
    expect(runs.find((run) => run.text.includes("fell"))).toMatchObject({
      underline: true,
      color: "accent",
      fill: palette.accent,
    });
    expect(runs.find((run) => run.text === "margins")).toMatchObject({
      highlight: true,
      highlightFill: palette.highlight,
    });
    expect(runs.find((run) => run.text.startsWith("Costs"))?.fill).toBeUndefined();
  });

  it("a theme change recolours the same text", () => {
    const [page] = layoutSlide({ ...deck, theme: "sunset" }, slide(["[warm]{.accent2}"]));
    const box = page.boxes.find((b) => b.kind === "text" && b.role === "bullets") as TTextBox;
    expect(box.paragraphs[0].lines[0].runs[0].fill).toBe(THEMES.sunset.palette.accent2);
  });
});

describe("themes: the highlighter keeps text readable", () => {
  /** WCAG relative luminance and contrast ratio. */
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5]
      .map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a: string, b: string) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  for (const theme of Object.values(THEMES)) {
    it(`${theme.id}: text on the highlighter has at least 4.5:1`, () => {
      expect(contrast(theme.palette.text, theme.palette.highlight)).toBeGreaterThanOrEqual(4.5);
    });
  }
});
