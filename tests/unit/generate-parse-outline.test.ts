import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateOfflineOutline } from "@/lib/generate/offline/generate-outline";
import { outlineToMarkdown } from "@/lib/generate/outline-markdown";
import { parseSlideMarkdown } from "@/lib/generate/parse-outline";
import { type TGenerateOptions, type TOutlineSlide, ZGenerateOptions } from "@/lib/generate/types";

const FIXTURE_DIR = path.resolve(import.meta.dirname, "../fixtures/text");
const FIXTURES = {
  article: "article-heat-pumps.md",
  prose: "prose-library-renewal.txt",
  notes: "meeting-notes.md",
  short: "short-paragraph.txt",
} as const;
type TFixture = keyof typeof FIXTURES;
const fixture = (name: TFixture) => readFileSync(path.join(FIXTURE_DIR, FIXTURES[name]), "utf8");
const options = (content: string, extra: Partial<TGenerateOptions> = {}) =>
  ZGenerateOptions.parse({ content, ...extra });

describe("parseSlideMarkdown", () => {
  it.each([
    ["# Title", "Title"],
    ["## Title", "Title"],
    ["### Deep title ###", "Deep title"],
    ["Plain first line\n\nA paragraph.", "Plain first line"],
  ])("reads the title from %j", (md, title) => {
    expect(parseSlideMarkdown(md).title).toBe(title);
  });

  it("reads -, *, + and numbered items as bullets, in order", () => {
    const md = "## Plan\n- one\n* two\n+ three\n1. four\n2) five";
    expect(parseSlideMarkdown(md).bullets).toEqual(["one", "two", "three", "four", "five"]);
  });

  it("flattens nested lists and keeps continuation lines with their item", () => {
    const md = "## Options\n- Pros:\n  - fast\n  - cheap\n- Cons\n    - noisy\n- a long item\n  that wraps";
    expect(parseSlideMarkdown(md).bullets).toEqual([
      "Pros:",
      "fast",
      "cheap",
      "Cons",
      "noisy",
      "a long item that wraps",
    ]);
  });

  it("puts other paragraphs in the body and notes in notes", () => {
    const md =
      "# Costs\n\nIntro paragraph\nthat wraps.\n\n- a\n\nSecond paragraph.\n\nNotes: say the number slowly.";
    const slide = parseSlideMarkdown(md);
    expect(slide.body).toBe("Intro paragraph that wraps.\n\nSecond paragraph.");
    expect(slide.bullets).toEqual(["a"]);
    expect(slide.notes).toBe("say the number slowly.");
  });

  it("reads a block quote as speaker notes", () => {
    const slide = parseSlideMarkdown("## Title\n- a\n\n> Notes: first\n> second");
    expect(slide.notes).toBe("first\nsecond");
  });

  it("uses the first line as title when there is no heading, the rest as body", () => {
    const slide = parseSlideMarkdown("Quarterly results\nRevenue grew in every region.");
    expect(slide).toEqual({ title: "Quarterly results", bullets: [], body: "Revenue grew in every region." });
  });

  it("keeps emphasis unless asked to strip it", () => {
    const md = "## **Big** news\n- costs fell *30%*\n- use `npm test`";
    expect(parseSlideMarkdown(md).bullets).toEqual(["costs fell *30%*", "use `npm test`"]);
    const stripped = parseSlideMarkdown(md, { stripEmphasis: true });
    expect(stripped.title).toBe("Big news");
    expect(stripped.bullets).toEqual(["costs fell 30%", "use npm test"]);
  });

  it("skips fenced code and reads the first table as the slide's table, later ones as bullets", () => {
    const md =
      "## Data\n```\n- not a bullet\n```\n| a | b |\n|---|---|\n| 1 | 2 |\n\ntext\n\n| x | y |\n|---|---|\n| 3 | 4 |";
    const slide = parseSlideMarkdown(md);
    expect(slide.table).toEqual({ header: ["a", "b"], rows: [["1", "2"]] });
    expect(slide.bullets).toEqual(["x – y", "3 – 4"]);
  });

  it("reads a block quote with a dashed last line as the slide's quotation and its author", () => {
    const slide = parseSlideMarkdown("## Voice\n> Simplicity is the ultimate sophistication.\n> — Leonardo");
    expect(slide.quote).toEqual({
      text: "Simplicity is the ultimate sophistication.",
      attribution: "Leonardo",
    });
    expect(slide.notes).toBeUndefined();
  });

  it("returns an empty title for empty input instead of throwing", () => {
    expect(parseSlideMarkdown("")).toEqual({ title: "", bullets: [] });
  });
});

describe("outlineToMarkdown", () => {
  it("writes ## Title and - bullets", () => {
    expect(outlineToMarkdown([{ title: "Why now", bullets: ["Costs fell", "Demand rose"] }])).toEqual([
      "## Why now\n\n- Costs fell\n- Demand rose",
    ]);
  });

  it("round-trips title, bullets, body and (when included) notes", () => {
    const slides: TOutlineSlide[] = [
      {
        title: "Costs & **savings**",
        bullets: ["Install: $12,000", "Saves *$800* a year"],
        body: "Numbers are for a 3-bed house.",
      },
      { title: "Heading only", bullets: [] },
      { title: "With notes", bullets: ["One point"], notes: "Say this.\nThen that." },
    ];
    const back = outlineToMarkdown(slides, { includeNotes: true }).map((md) => parseSlideMarkdown(md));
    expect(back).toEqual(slides);
  });

  it.each(Object.keys(FIXTURES) as TFixture[])("round-trips the generated outline of %s", (name) => {
    const outline = generateOfflineOutline(options(fixture(name), { n_slides: 6 })).slides;
    const back = outlineToMarkdown(outline).map((md) => parseSlideMarkdown(md));
    expect(back).toEqual(outline.map(({ notes: _notes, ...rest }) => rest));
  });
});
