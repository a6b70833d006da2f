import { describe, expect, inject, it } from "vitest";
import { api, download, pdfPageCount, pdfText, pptxSlides, squash } from "./helpers";

const DECK = {
  title: "Quarterly Review",
  author: "Finance team",
  theme: "light",
  slides: [
    { layout: "title", content: { title: "Quarterly Review", subtitle: "Q3 results and outlook" } },
    { layout: "agenda", content: { title: "Agenda", bullets: ["Revenue", "Costs", "Outlook"] } },
    { layout: "section", content: { title: "Revenue", subtitle: "Where growth came from" } },
    {
      layout: "bullets",
      content: {
        title: "Revenue grew 18%",
        bullets: ["Enterprise up **32%**", "Self-serve flat", "Churn down to 2.1%"],
      },
      notes: "Mention the two large renewals.",
    },
    {
      layout: "two-column",
      content: {
        title: "Costs",
        columns: [
          { heading: "Up", bullets: ["Cloud hosting", "Hiring"] },
          { heading: "Down", bullets: ["Travel", "Office space"] },
        ],
      },
    },
    { layout: "closing", content: { title: "Thank you", subtitle: "finance@example.com" } },
  ],
};

describe("POST /api/v1/ppt/presentation/create/from-json", () => {
  it("draws each structured slide with its layout, text and speaker notes in the PPTX", async () => {
    const res = await api("/api/v1/ppt/presentation/create/from-json", { body: DECK });
    expect(res.status).toBe(200);
    expect(res.json.credits_consumed).toBe(6);
    const file = await download(res.json.path);
    const slides = await pptxSlides(file.bytes);
    expect(slides).toHaveLength(6);
    expect(slides[0]).toContain("Q3 results and outlook");
    expect(squash(slides[3])).toContain("Enterprise up 32%");
    expect(slides[4]).toContain("Office space");

    const JSZip = (await import("jszip")).default;
    const zip = await JSZip.loadAsync(file.bytes);
    const notes = await Promise.all(
      Object.keys(zip.files)
        .filter((n) => /^ppt\/notesSlides\/notesSlide\d+\.xml$/.test(n))
        .map((n) => zip.file(n)?.async("string")),
    );
    expect(notes.join(" ")).toContain("Mention the two large renewals.");
    const core = await zip.file("docProps/core.xml")?.async("string");
    expect(core).toContain("Quarterly Review");
  });

  it("renders the same deck as a PDF page per slide", async () => {
    const res = await api("/api/v1/ppt/presentation/create/from-json", {
      body: { ...DECK, export_as: "pdf" },
    });
    const file = await download(res.json.path);
    expect(pdfPageCount(file.bytes)).toBe(6);
    expect(squash(pdfText(file.bytes))).toContain("Churn down to 2.1%");
  });

  it("strips emphasis markers when markdown_emphasis is false", async () => {
    const res = await api("/api/v1/ppt/presentation/create/from-json", {
      body: {
        slides: [{ layout: "bullets", content: { title: "Plain", bullets: ["a **b** c"] } }],
        markdown_emphasis: false,
      },
    });
    const deck = await api(`/api/v1/ppt/presentation/${res.json.presentation_id}`);
    expect(deck.json.deck.slides[0].content.bullets).toEqual(["a b c"]);
  });
});

describe("GET /api/v1/ppt/presentation/{id}", () => {
  it("returns the stored deck to its owner and 404 to anyone else", async () => {
    const created = await api("/api/v1/ppt/presentation/create/from-json", { body: DECK });
    const id = created.json.presentation_id;
    const mine = await api(`/api/v1/ppt/presentation/${id}`);
    expect(mine.status).toBe(200);
    expect(mine.json.presentation_id).toBe(id);
    expect(mine.json.version).toBe(1);
    expect(mine.json.deck.slides).toHaveLength(6);
    expect(mine.json.deck.slides[3].layout).toBe("bullets");
    expect(mine.json.exports[0].format).toBe("pptx");
    expect((await download(mine.json.exports[0].path)).status).toBe(200);

    const theirs = await api(`/api/v1/ppt/presentation/${id}`, { key: inject("keyB") });
    expect(theirs.status).toBe(404);
    const unknown = await api("/api/v1/ppt/presentation/00000000-0000-4000-8000-000000000000");
    expect(theirs.json).toMatchObject({ status: 404, code: "not_found" });
    expect(unknown.status).toBe(404);
    expect(theirs.json.title).toBe(unknown.json.title);
  });
});
