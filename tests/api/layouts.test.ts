// Every layout through the real API: native tables and charts, pictures with alt text, and a file
// LibreOffice opens with one page per slide; v3 items routed to layouts by their shape.
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { api, download, libreOfficePdf, pdfPageCount, pdfText, squash } from "./helpers";

const EVERY_LAYOUT = {
  title: "Solar clinics",
  template: "modern",
  theme: "ocean",
  slides: [
    {
      layout: "title",
      content: { title: "Solar clinics", subtitle: "Keeping vaccines cold", image: { query: "solar" } },
    },
    { layout: "agenda", content: { bullets: ["Problem", "Numbers", "Plan"] } },
    { layout: "section", content: { title: "Problem", icon: "sun" } },
    { layout: "bullets", content: { title: "Outages", bullets: ["Nine hours a week without power"] } },
    {
      layout: "two-column",
      content: {
        title: "Sites",
        columns: [
          { heading: "North", bullets: ["12 clinics"] },
          { heading: "South", bullets: ["9 clinics"] },
        ],
      },
    },
    {
      layout: "image-left",
      content: {
        title: "On the roof",
        bullets: ["5 kW array", "Battery bank"],
        image: { query: "solar panels", alt: "Solar panels on a clinic roof" },
      },
    },
    { layout: "image-right", content: { title: "In the fridge", body: "Vaccines stay between 2 and 8 °C." } },
    {
      layout: "icons-grid",
      content: {
        title: "Why it works",
        items: [{ title: "Cheap", icon: "coins" }, { title: "Clean", body: "No diesel" }, { title: "Quiet" }],
      },
    },
    {
      layout: "metrics",
      content: {
        title: "Results",
        metrics: [
          { value: "−92%", label: "Spoiled doses" },
          { value: "4 yrs", label: "Payback" },
        ],
      },
    },
    {
      layout: "quote",
      content: { quote: { text: "We have not lost a vaccine since May.", attribution: "Nurse Amina" } },
    },
    {
      layout: "table",
      content: {
        title: "Costs",
        table: {
          header: ["Item", "Cost"],
          rows: [
            ["Panels", "$3,100"],
            ["Batteries", "$2,400"],
            ["Install", "$900"],
          ],
        },
      },
    },
    {
      layout: "chart",
      content: {
        title: "Hours without power",
        chart: {
          type: "column",
          categories: ["Before", "After"],
          series: [{ name: "Hours a week", values: [9, 0.5] }],
        },
      },
    },
    {
      layout: "timeline",
      content: {
        title: "Plan",
        timeline: [
          { date: "2026", title: "Pilot" },
          { date: "2027", title: "Rollout" },
          { date: "2028", title: "All regions" },
        ],
      },
    },
    {
      layout: "comparison",
      content: {
        title: "Diesel vs solar",
        columns: [
          { heading: "Diesel", bullets: ["Fuel runs out"] },
          { heading: "Solar", bullets: ["Sun every day"] },
        ],
      },
    },
    { layout: "closing", content: { title: "Thank you", subtitle: "team@example.org" } },
  ],
};

async function pptxParts(bytes: Buffer) {
  const zip = await JSZip.loadAsync(bytes);
  const read = (re: RegExp) =>
    Promise.all(
      Object.keys(zip.files)
        .filter((n) => re.test(n))
        .map((n) => zip.file(n)?.async("string") ?? ""),
    );
  return {
    slides: await read(/^ppt\/slides\/slide\d+\.xml$/),
    charts: await read(/^ppt\/charts\/chart\d+\.xml$/),
    names: Object.keys(zip.files),
  };
}

describe("every layout through create/from-json", () => {
  it("writes native tables, native charts and pictures with alt text, and LibreOffice opens it", async () => {
    const res = await api("/api/v1/ppt/presentation/create/from-json", { body: EVERY_LAYOUT });
    expect(res.status).toBe(200);
    const pptx = (await download(res.json.path)).bytes;
    const { slides, charts, names } = await pptxParts(pptx);
    expect(slides).toHaveLength(EVERY_LAYOUT.slides.length);
    const all = slides.join("\n");
    expect(all).toContain("<a:tbl>");
    expect(all).toContain("Batteries");
    expect(charts.length).toBeGreaterThanOrEqual(1);
    expect(charts.join("")).toMatch(/<c:barChart>/);
    expect(names.some((n) => /^ppt\/media\/.+\.png$/.test(n))).toBe(true);
    expect(all).toContain('descr="Solar panels on a clinic roof"');

    const pdf = libreOfficePdf(pptx);
    expect(pdfPageCount(pdf)).toBe(EVERY_LAYOUT.slides.length);
    const text = squash(pdfText(pdf));
    for (const phrase of [
      "Batteries",
      "We have not lost a vaccine since May.",
      "Spoiled doses",
      "All regions",
    ]) {
      expect(text).toContain(phrase);
    }
  });

  it("draws the same deck as a PDF with the table, chart labels, metrics and timeline text", async () => {
    const res = await api("/api/v1/ppt/presentation/create/from-json", {
      body: { ...EVERY_LAYOUT, export_as: "pdf" },
    });
    expect(res.status).toBe(200);
    const pdf = (await download(res.json.path)).bytes;
    expect(pdfPageCount(pdf)).toBe(EVERY_LAYOUT.slides.length);
    const text = squash(pdfText(pdf));
    for (const phrase of ["$2,400", "Before", "Payback", "Rollout", "Sun every day", "Nurse Amina"]) {
      expect(text).toContain(phrase);
    }
  });
});

describe("v3 layout: null picks layouts from the content's shape", () => {
  it("routes a table, figures, dated items and a quotation to their layouts", async () => {
    const res = await api("/api/v3/presentation/generate", {
      body: {
        slides: [
          {
            content: "## Costs\n| Item | Owner |\n|---|---|\n| Panels | Ops |\n| Training | HR |",
            layout: null,
          },
          { content: "## Results\n- Spoiled doses: −92%\n- Payback: 4 years", layout: null },
          { content: "## Plan\n- 2026: Pilot\n- 2027: Rollout\n- 2028: All regions", layout: null },
          { content: "## Voice\n> We have not lost a vaccine since May.\n> — Nurse Amina", layout: null },
        ],
      },
    });
    expect(res.status).toBe(200);
    const deck = await api(`/api/v1/ppt/presentation/${res.json.presentation_id}`);
    expect(deck.json.deck.slides.map((s: { layout: string }) => s.layout)).toEqual([
      "table",
      "metrics",
      "timeline",
      "quote",
    ]);
  });
});
