import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pdfLinesToMarkdown, type TPdfLine } from "@/lib/files/parse/pdf-lines-to-markdown";
import { parseFile } from "@/lib/files/parse-file";
import { DEFAULT_UPLOAD_LIMITS, type TUploadLimits } from "@/lib/files/upload-limits";
import { pptxWithPicturesAndChart } from "../fixtures/files/build-documents";

const FIXTURES = path.resolve("tests/fixtures/files");
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));
const parse = (
  name: string,
  limits: Partial<TUploadLimits> = {},
  bytes: Buffer = fixture(name),
  clientType = "",
) => parseFile(bytes, name, clientType, { ...DEFAULT_UPLOAD_LIMITS, ...limits });

describe("PDF", () => {
  it("keeps the text page by page, headings from larger type, bullets, and whole paragraphs", async () => {
    const pdf = await parse("report.pdf");
    expect(pdf.type).toBe("pdf");
    expect(pdf.pages).toBe(2);
    const lines = pdf.text.split("\n");
    expect(lines[0]).toBe("# Coastal Wetland Restoration");
    expect(lines).toContain("## Why the marsh is shrinking");
    expect(lines).toContain("## Monitoring plan"); // on page 2
    expect(lines).toContain(
      "- Two breaches in the old seawall so that tides reach the former grazing fields.",
    );
    // Wrapped lines are joined back into one paragraph, not left as a list of short lines.
    expect(pdf.text).toMatch(
      /^The Saltmarsh Ridge wetland has lost roughly 40 hectares .* trapped behind two upstream weirs\.$/m,
    );
    // The running header and the page numbers are furniture, not content.
    expect(pdf.text).not.toContain("Saltmarsh Ridge field report");
    expect(pdf.text).not.toMatch(/Page \d of \d/);
    expect(pdf.warnings).toEqual([]);
  });

  it("stops at the character limit and says so", async () => {
    const pdf = await parse("report.pdf", { maxChars: 1000 });
    expect(pdf.text.length).toBeLessThanOrEqual(1000);
    expect(pdf.text).toContain("# Coastal Wetland Restoration");
    expect(pdf.warnings.join(" ")).toMatch(/first 1,000 characters/);
  });
});

describe("PDF lines to markdown", () => {
  const line = (text: string, y: number, size = 11, right = 520): TPdfLine => ({
    text,
    size,
    x: 72,
    y,
    right,
  });
  const header = (y = 800) => line("Harbour Board — annual report", y, 8, 200);

  it("keeps numbered headings, joins hyphenated wraps, and drops running headers and page numbers", () => {
    const page1 = [
      header(),
      line("1. Introduction", 760, 16, 180),
      line("The harbour handled more cargo than in any year since the new quay was com-", 730),
      line("pleted, and passenger numbers rose for the third year running.", 716, 11, 400),
      line("• Dredging finished in May", 690, 11, 260),
      line("3", 40, 8, 80),
    ];
    const page2 = [
      header(),
      line("2. Outlook", 760, 16, 160),
      line("Traffic is expected to keep growing through the next decade.", 730, 11, 380),
      line("Second line of the outlook page that is long enough to wrap around.", 716),
      line("4", 40, 8, 80),
    ];
    expect(pdfLinesToMarkdown([page1, page2])).toBe(
      [
        "# 1. Introduction",
        "",
        "The harbour handled more cargo than in any year since the new quay was completed, and passenger numbers rose for the third year running.",
        "",
        "- Dredging finished in May",
        "",
        "# 2. Outlook",
        "",
        "Traffic is expected to keep growing through the next decade.",
        "",
        "Second line of the outlook page that is long enough to wrap around.",
      ].join("\n"),
    );
  });
});

describe("DOCX", () => {
  it("keeps the title, headings a level below it, nested and numbered lists, tables and bold", async () => {
    const docx = await parse("brief.docx");
    expect(docx.type).toBe("docx");
    const lines = docx.text.split("\n");
    expect(lines[0]).toBe("# Community Solar Programme");
    expect(lines).toContain("## The problem");
    expect(lines).toContain("### Timeline");
    expect(lines).toContain("- Shares cost 50 pounds each, with at most 20 per household.");
    expect(lines).toContain("  - Credits follow the household when it moves within the town.");
    expect(lines).toContain("1. Council vote in March.");
    expect(lines).toContain("3. First bill credits in October.");
    expect(lines).toContain("| Site | Capacity | Yearly saving |");
    expect(lines).toContain("| Leisure centre | 200 kW | £23,500 |");
    expect(docx.text).toContain("**Energy bills take 9 percent of a typical renting household's income.**");
  });

  it("takes embedded pictures with their alt text", async () => {
    const docx = await parse("brief.docx");
    expect(docx.images).toHaveLength(1);
    const [image] = docx.images;
    expect(image).toMatchObject({
      mime: "image/png",
      width: 480,
      height: 360,
      alt: "Bar chart of expected yearly bill savings per household",
    });
    expect(image.bytes.subarray(1, 4).toString()).toBe("PNG");
  });

  it("keeps no pictures when MAX_UPLOAD_IMAGES is 0", async () => {
    expect((await parse("brief.docx", { maxImages: 0 })).images).toEqual([]);
  });
});

describe("PPTX", () => {
  it("reads slides in order: titles, bullet levels, tables, plain text boxes, speaker notes", async () => {
    const pptx = await parse("deck.pptx");
    expect(pptx.type).toBe("pptx");
    expect(pptx.pages).toBe(5);
    const lines = pptx.text.split("\n");
    expect(lines[0]).toBe("# Night Bus Network Review");
    expect(lines).toContain("Findings from the 2026 rider survey");
    expect(lines).toContain("## Why night buses matter");
    expect(lines).toContain("- Shift workers make 58% of night trips");
    expect(lines).toContain("  - Hospital staff start at 6 am");
    expect(lines).toContain("| N1 Harbour | 1,240 | +12% |");
    // A slide of plain text boxes (no title placeholder) still gets its title from the top line.
    expect(lines).toContain("## Next steps");
    expect(pptx.text).toContain(
      "Speaker notes:\n\nStress that most riders are travelling to or from work, not nightlife.",
    );
    expect(pptx.text.indexOf("Why night buses matter")).toBeLessThan(pptx.text.indexOf("Ridership by route"));
    expect(pptx.text.indexOf("Ridership by route")).toBeLessThan(pptx.text.indexOf("Proposed N9 route"));
  });

  it("keeps slide pictures with their alt text", async () => {
    const pptx = await parse("deck.pptx");
    expect(pptx.images.map((i) => [i.alt, i.mime, i.width, i.height])).toEqual([
      ["Map sketch of the proposed N9 orbital route", "image/png", 640, 400],
    ]);
  });

  it("turns a chart's data into a table, and keeps at most MAX_UPLOAD_IMAGES pictures, skipping tiny ones", async () => {
    const bytes = await pptxWithPicturesAndChart(3, 300);
    const pptx = await parse("ferries.pptx", { maxImages: 2 }, bytes);
    expect(pptx.text).toContain("## Ferry passengers");
    expect(pptx.text).toContain("|  | 2025 | 2026 |");
    expect(pptx.text).toContain("| Summer | 3400 | 3900 |");
    expect(pptx.images.map((i) => i.alt)).toEqual(["Picture number 1", "Picture number 2"]);
    expect(pptx.warnings).toEqual(["Only the first 2 pictures are kept; 1 more were left out."]);

    const icons = await parse("icons.pptx", {}, await pptxWithPicturesAndChart(2, 64));
    expect(icons.images).toEqual([]);
  });
});

describe("text files", () => {
  it("reads markdown as written", async () => {
    const md = await parse("plan.md");
    expect(md.type).toBe("md");
    expect(md.text).toBe(fixture("plan.md").toString("utf8").trim());
  });

  it("reads plain text in UTF-8, UTF-16 with a BOM, and Windows-1252", async () => {
    expect((await parse("notes.txt")).text).toContain("Library opening hours consultation");
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("Café menu\r\nSoup", "utf16le")]);
    expect((await parse("menu.txt", {}, utf16)).text).toBe("Café menu\nSoup");
    const cp1252 = Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x80, 0x35]); // "Café €5"
    expect((await parse("menu.txt", {}, cp1252)).text).toBe("Café €5");
  });

  it("drops NUL characters, which no database text column holds", async () => {
    const text = `Soup of the day${"\u0000"} and bread. ${"Fresh every morning. ".repeat(10)}`;
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
    const parsed = await parse("menu.txt", {}, utf16);
    expect(parsed.text).not.toContain("\u0000");
    expect(parsed.text.startsWith("Soup of the day and bread.")).toBe(true);
  });

  it("cuts long text at a paragraph boundary under the limit, with a warning", async () => {
    const paragraph = "The river ferry runs every twenty minutes in summer. ".repeat(10).trim();
    const text = Array.from({ length: 20 }, () => paragraph).join("\n\n");
    const parsed = await parse("long.txt", { maxChars: 2000 }, Buffer.from(text));
    expect(parsed.text.length).toBeLessThanOrEqual(2000);
    expect(parsed.text.endsWith("in summer.")).toBe(true);
    expect(parsed.warnings).toEqual(["Only the first 2,000 characters are used."]);
  });
});

describe("CSV", () => {
  it("becomes a markdown table with the first row as header", async () => {
    const csv = await parse("sales.csv");
    expect(csv.type).toBe("csv");
    expect(csv.text.split("\n")).toEqual([
      "| Region | Quarter | Revenue | Units |",
      "| --- | --- | --- | --- |",
      "| North | Q1 | 124000 | 310 |",
      "| North | Q2 | 131500 | 332 |",
      "| South | Q1 | 98000 | 245 |",
      "| South | Q2 | 104250 | 260 |",
      "| East | Q1 | 87500 | 219 |",
      "| East | Q2 | 95100 | 238 |",
    ]);
  });

  it("detects semicolons and tabs, and escapes pipes in cells", async () => {
    const csv = await parse("prices.csv", {}, Buffer.from("Item;Price\nTea | large;2,50\nCake;3,10\n"));
    expect(csv.text).toContain("| Tea \\| large | 2,50 |");
    const tsv = await parse("prices.tsv", {}, Buffer.from("Item\tPrice\nTea\t2.5\n"));
    expect(tsv.text).toContain("| Tea | 2.5 |");
  });

  it("summarises a large CSV into a bounded table: first rows, then every column's range and common values", async () => {
    const rows = ["id,city,amount"];
    for (let i = 0; i < 50_000; i++) rows.push(`${i},${["Oslo", "Lima", "Pune"][i % 3]},${(i % 100) + 0.5}`);
    const csv = await parse("big.csv", {}, Buffer.from(rows.join("\n")));
    expect(csv.text.length).toBeLessThan(10_000);
    expect(csv.text).toContain("The table has 50,000 rows and 3 columns; the first 50 rows are shown");
    expect(csv.text).toContain("| 49 | Lima | 49.5 |");
    expect(csv.text).not.toContain("| 50 | Pune |");
    expect(csv.text).toContain("| amount | 50,000 of 50,000 | 0.5 | 99.5 | 50 |  |");
    expect(csv.text).toContain(
      "| city | 50,000 of 50,000 |  |  |  | Oslo (16,667), Lima (16,667), Pune (16,666) |",
    );
    expect(csv.warnings[0]).toMatch(/summarised: 50,000 rows and 3 columns/);
  });
});
