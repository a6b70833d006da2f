import { describe, expect, it } from "vitest";
import { api, download, pdfPageCount, pdfText, pptxSlides, squash } from "./helpers";
import { SAMPLE_CONTENT } from "./sample-content";

describe("POST /api/v3/presentation/outlines/generate", () => {
  it("answers exactly n_slides markdown strings, each a ## title with bullet lines", async () => {
    for (const n of [1, 5]) {
      const res = await api("/api/v3/presentation/outlines/generate", {
        body: {
          content: SAMPLE_CONTENT,
          n_slides: n,
          language: "English",
          tone: "default",
          verbosity: "standard",
        },
      });
      expect(res.status).toBe(200);
      expect(Array.isArray(res.json)).toBe(true);
      expect(res.json).toHaveLength(n);
      for (const outline of res.json as string[]) {
        const lines = outline.split("\n");
        expect(lines[0]).toMatch(/^## \S/);
        expect(lines.slice(1).filter((l) => /^- \S/.test(l)).length).toBeGreaterThan(0);
      }
    }
  });
});

describe("POST /api/v3/presentation/generate", () => {
  it("makes one slide per outline item with the outline text on it", async () => {
    const outlines = await api("/api/v3/presentation/outlines/generate", {
      body: { content: SAMPLE_CONTENT, n_slides: 3 },
    });
    const slides = [
      ...(outlines.json as string[]).map((content) => ({ content, layout: null })),
      { content: "## Thank you\nQuestions welcome", layout: "closing" },
    ];
    const res = await api("/api/v3/presentation/generate", {
      body: { slides, standard_template: "general", export_as: "pptx" },
    });
    expect(res.status).toBe(200);
    expect(res.json.credits_consumed).toBe(4);
    const texts = await pptxSlides((await download(res.json.path)).bytes);
    expect(texts).toHaveLength(4);
    for (const [i, outline] of (outlines.json as string[]).entries()) {
      const title = outline.split("\n")[0].replace(/^## /, "");
      expect(squash(texts[i])).toContain(squash(title));
    }
    expect(texts[3]).toContain("Thank you");
  });

  it("exports PDF when asked", async () => {
    const res = await api("/api/v3/presentation/generate", {
      body: {
        slides: [{ content: "## One\n- first point" }, { content: "Plain text slide about **bold** ideas" }],
        export_as: "pdf",
      },
    });
    expect(res.status).toBe(200);
    const file = await download(res.json.path);
    expect(pdfPageCount(file.bytes)).toBe(2);
    const text = squash(pdfText(file.bytes));
    expect(text).toContain("first point");
    expect(text).toContain("bold ideas");
    expect(text).not.toContain("**");
  });
});
