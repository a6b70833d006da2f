// The PPTX looks like the PDF on a machine without our fonts: a reduced parity corpus (text layouts,
// a table, a chart, a picture, icons, Chinese and Arabic) rendered to PDF by us and to PPTX, the
// PPTX converted by LibreOffice with only Debian's Liberation fonts standing in for Arial, and both
// compared page by page with the bench's own code (bench/compare-pdf.ts). Limits and the figures
// they were set from: bench/parity-limits.ts and bench/README.md.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compareDecks, type TDeckParity } from "@/bench/compare-pdf";
import { compareWords, pdfWords } from "@/bench/compare-words";
import { convertPptxToPdf } from "@/bench/convert-pptx";
import { quickCorpus } from "@/bench/corpus";
import { ourFacesInstalled } from "@/bench/font-report";
import { parityFailures } from "@/bench/parity-limits";

const dir = mkdtempSync(path.join(tmpdir(), "deckforge-parity-"));
let decks: TDeckParity[];

beforeAll(async () => {
  const installed = ourFacesInstalled();
  if (installed.length > 0) {
    // The limits still hold, but they no longer prove what a customer without our fonts sees.
    console.warn(`Our fonts are installed system-wide; LibreOffice may use them:\n${installed.join("\n")}`);
  }
  decks = await compareDecks(quickCorpus(), dir);
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("LibreOffice's rendering of our PPTX against our PDF", () => {
  it("has the same number of pages for every deck", () => {
    expect(decks.map((d) => [d.deck, d.pptxPages])).toEqual(decks.map((d) => [d.deck, d.pdfPages]));
    expect(decks.flatMap((d) => d.pages)).toHaveLength(decks.reduce((n, d) => n + d.pdfPages, 0));
  });

  it("draws Latin text with the metric-compatible Liberation faces, never with our own files", () => {
    for (const deck of decks) {
      expect(deck.libreOfficeFonts.some((font) => /^(Arimo|Tinos|Cousine)/.test(font))).toBe(false);
    }
    const latin = decks.filter((d) => d.pages.every((p) => p.script === "latin"));
    expect(latin.length).toBeGreaterThan(0);
    for (const deck of latin) expect(deck.libreOfficeFonts).toContain("LiberationSans");
  });

  it("keeps every page within the pixel and word-placement limits", () => {
    const pages = decks.flatMap((d) => d.pages);
    const summary = pages.map(
      (p) => `${p.deck} p${p.page} ${p.layout}/${p.kind}: ${(p.ratio * 100).toFixed(2)}%`,
    );
    console.log(`LibreOffice vs PDF: ${summary.join(", ")}`);
    const failures = pages.flatMap((p) =>
      parityFailures(p).map((f) => `${p.deck} page ${p.page} (${p.layout}): ${f}`),
    );
    expect(failures).toEqual([]);
    // The corpus does cover what it claims to.
    expect(new Set(pages.map((p) => p.kind))).toEqual(new Set(["text", "table", "chart", "image"]));
    expect(new Set(pages.map((p) => p.script))).toEqual(new Set(["latin", "cjk", "rtl"]));
    expect(pages.filter((p) => p.script === "latin").every((p) => p.words > 0)).toBe(true);
  });

  it("would fail if the PPTX named a face the machine replaces with other metrics", async () => {
    // Verdana → DejaVu Sans here (or real Verdana elsewhere): both are wider than Arial.
    const deck = decks.find((d) => d.pages.some((p) => p.layout === "bullets" && p.script === "latin"));
    if (!deck) throw new Error("The quick corpus has no Latin bullets page.");
    const zip = await JSZip.loadAsync(readFileSync(deck.files.pptx));
    for (const name of Object.keys(zip.files).filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n))) {
      const xml = (await zip.file(name)?.async("string")) ?? "";
      zip.file(name, xml.replaceAll('typeface="Arial"', 'typeface="Verdana"'));
    }
    const controlDir = path.join(dir, "control");
    mkdirSync(controlDir, { recursive: true });
    const pptx = path.join(controlDir, "verdana.pptx");
    writeFileSync(pptx, await zip.generateAsync({ type: "nodebuffer" }));
    const [converted] = convertPptxToPdf([pptx], controlDir);
    const page = deck.pages.find((p) => p.layout === "bullets") as TDeckParity["pages"][number];
    const moved = compareWords(pdfWords(deck.files.pdf)[page.page - 1], pdfWords(converted)[page.page - 1]);
    console.log(
      `Verdana control: ${moved.unmatched.length} of ${moved.words} words moved, max offset ${moved.maxDx.toFixed(2)} pt`,
    );
    expect(moved.unmatched.length).toBeGreaterThan(moved.words / 2);
    expect(parityFailures({ ...page, unmatchedWords: moved.unmatched, maxWordDx: moved.maxDx })).not.toEqual(
      [],
    );
  }, 60_000);
});
