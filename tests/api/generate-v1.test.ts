import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { api, download, pdfPageCount, pdfText, pptxSlides, squash, UUID } from "./helpers";
import { SAMPLE_CONTENT } from "./sample-content";

const GENERATE = "/api/v1/ppt/presentation/generate";

describe("POST /api/v1/ppt/presentation/generate", () => {
  it("makes a PPTX of exactly n_slides slides, the title slide among them, carrying the input's text", async () => {
    const res = await api(GENERATE, { body: { content: SAMPLE_CONTENT, n_slides: 5 } });
    expect(res.status).toBe(200);
    const deck = await api(`/api/v1/ppt/presentation/${res.json.presentation_id}`);
    const pictures = deck.json.deck.slides.some((s: { layout: string }) => s.layout.startsWith("image-"));
    // Picture slides are drawn offline (no image provider is configured), and the answer says so.
    expect(Object.keys(res.json).sort()).toEqual([
      "credits_consumed",
      "edit_path",
      "path",
      "presentation_id",
      ...(pictures ? ["warnings"] : []),
    ]);
    if (pictures) expect(res.json.warnings.join(" ")).toMatch(/no stock image provider is configured/);
    expect(res.json.presentation_id).toMatch(UUID);
    expect(res.json.credits_consumed).toBe(5);
    expect(res.json.edit_path).toContain(`/editor/${res.json.presentation_id}`);

    const file = await download(res.json.path);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toContain("presentationml");
    const slides = await pptxSlides(file.bytes);
    expect(slides).toHaveLength(5); // the title slide (include_title_slide defaults to true) + 4 content slides
    const all = squash(slides.join(" "));
    for (const heading of [
      "Why clinics lose power",
      "The microgrid design",
      "Pilot results",
      "Rollout plan",
    ]) {
      expect(all).toContain(heading);
    }
    expect(all).toMatch(/92 percent/);
  });

  it("exports a PDF with one page per slide and honours include_title_slide, include_table_of_contents, tone", async () => {
    const res = await api(GENERATE, {
      body: {
        content: SAMPLE_CONTENT,
        n_slides: 3,
        export_as: "pdf",
        include_title_slide: false,
        include_table_of_contents: true,
        tone: "professional",
        verbosity: "concise",
        language: "English",
        template: "general",
        theme: "dark",
      },
    });
    expect(res.status).toBe(200);
    const file = await download(res.json.path);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(pdfPageCount(file.bytes)).toBe(3); // n_slides: the agenda + 2 content slides
    const text = squash(pdfText(file.bytes));
    expect(text).toContain("Agenda");
    expect(res.json.credits_consumed).toBe(3);
  });

  it("uses slides_markdown as the outline, one slide each", async () => {
    const res = await api(GENERATE, {
      body: {
        slides_markdown: [
          "## Alpha launch\n- Ship the beta to 50 teams",
          "## Beta feedback\n- Most asked for exports",
        ],
        include_title_slide: false,
      },
    });
    expect(res.status).toBe(200);
    const slides = await pptxSlides((await download(res.json.path)).bytes);
    expect(slides).toHaveLength(2);
    expect(slides[0]).toContain("Alpha launch");
    expect(slides[1]).toContain("Most asked for exports");
  });

  it("reports a requested web search that no provider could perform", async () => {
    const res = await api(GENERATE, { body: { content: SAMPLE_CONTENT, n_slides: 2, web_search: true } });
    expect(res.status).toBe(200);
    expect(res.json.warnings.join(" ")).toMatch(/web_search/);
  });
});

describe("a short text asked for many slides", () => {
  // A real 142-word NOAA explainer (tests/fixtures/corpus, public domain): too little for 12
  // distinct slides. The deck is shorter rather than repeating itself, says so, and costs what it has.
  it("makes fewer slides than asked, none repeating another's point, and warns with the count", async () => {
    const content = readFileSync(
      path.resolve(import.meta.dirname, "../fixtures/corpus/science-noaa-tides-short.txt"),
      "utf8",
    );
    const res = await api(GENERATE, { body: { content, n_slides: 12 } });
    expect(res.status).toBe(200);
    const { deck } = (await api(`/api/v1/ppt/presentation/${res.json.presentation_id}`)).json;
    const content_slides = deck.slides.filter((s: { layout: string }) => s.layout !== "title");
    expect(content_slides.length).toBeLessThan(11);
    expect(content_slides.length).toBeGreaterThanOrEqual(3);
    const warning = res.json.warnings.find((w: string) => /without repeating a point/.test(w));
    expect(warning).toContain(`material for ${content_slides.length} content slides`);
    // The whole deck is counted against the 12 asked, the title slide included.
    expect(warning).toContain(`The deck has ${deck.slides.length} slides of the 12 asked`);
    const bullets = content_slides.flatMap(
      (s: { content: { bullets?: string[] } }) => s.content.bullets ?? [],
    );
    expect(new Set(bullets).size).toBe(bullets.length);
    // Charged for the slides made, not the slides asked.
    expect(res.json.credits_consumed).toBe(deck.slides.length);
  });
});
