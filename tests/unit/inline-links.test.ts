// Links in inline text: parsed from `[label](url)` for web and mail targets only, kept through
// wrapping, written as PPTX hyperlinks and PDF link annotations.
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import type { TDeck } from "@/lib/deck/schema";
import { parseInline, stripInline } from "@/lib/layouts/parse-inline";
import { renderDeck } from "@/lib/render/render-deck";

describe("parseInline links", () => {
  it("turns [label](https://…) into a linked run, emphasis inside kept", () => {
    expect(parseInline("See [the **docs**](https://example.com/docs) now")).toEqual([
      { text: "See " },
      { text: "the ", link: "https://example.com/docs" },
      { text: "docs", bold: true, link: "https://example.com/docs" },
      { text: " now" },
    ]);
    expect(parseInline("[mail us](mailto:team@example.com)")).toEqual([
      { text: "mail us", link: "mailto:team@example.com" },
    ]);
  });

  it("leaves other targets, broken syntax and escaped brackets as literal text", () => {
    for (const text of [
      "[x](javascript:alert(1))",
      "[x](data:text/html,hi)",
      "[x](/relative)",
      "[x] (https://a.b)",
      "[](https://a.b)",
      "[x](https://a.b",
    ]) {
      const runs = parseInline(text);
      expect(
        runs.some((run) => run.link),
        text,
      ).toBe(false);
      expect(stripInline(text), text).toBe(text);
    }
    expect(parseInline("\\[x\\](https://a.b)")).toEqual([{ text: "[x](https://a.b)" }]);
  });
});

describe("links in the files", () => {
  const deck: TDeck = {
    version: 1,
    title: "Links",
    language: "English",
    template: "general",
    theme: "light",
    slides: [
      {
        id: "s1",
        layout: "bullets",
        content: {
          title: "Read more",
          bullets: ["Our [handbook](https://example.com/handbook) explains it"],
        },
      },
    ],
  };

  it("PPTX: the run carries a hyperlink to the target", async () => {
    const { bytes } = await renderDeck(deck, "pptx");
    const zip = await JSZip.loadAsync(bytes);
    const rels = await zip.file("ppt/slides/_rels/slide1.xml.rels")?.async("string");
    const slide = await zip.file("ppt/slides/slide1.xml")?.async("string");
    expect(rels).toContain('Target="https://example.com/handbook"');
    expect(slide).toContain("a:hlinkClick");
  });

  it("PDF: a link annotation to the target", async () => {
    const { bytes } = await renderDeck(deck, "pdf");
    expect(Buffer.from(bytes).toString("latin1")).toContain("(https://example.com/handbook)");
  });
});
