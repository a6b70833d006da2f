import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderDeck } from "@/lib/render/render-deck";
import { SAMPLE_DECK } from "./render-sample-deck";

const dir = mkdtempSync(path.join(tmpdir(), "deckforge-pdf-"));
const file = path.join(dir, "deck.pdf");
let slideCount: number;

const run = (tool: string, ...args: string[]) => {
  const result = spawnSync(tool, args, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr}`);
  return result.stdout;
};

beforeAll(async () => {
  const rendered = await renderDeck(SAMPLE_DECK, "pdf");
  expect(rendered.contentType).toBe("application/pdf");
  expect(rendered.extension).toBe("pdf");
  slideCount = rendered.slideCount;
  writeFileSync(file, rendered.bytes);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("renderPdf", () => {
  it("writes one 960×540 pt page per slide with the deck's metadata", () => {
    const info = run("pdfinfo", file);
    expect(slideCount).toBe(6);
    expect(info).toMatch(/^Pages:\s+6$/m);
    expect(info).toMatch(/^Page size:\s+960 x 540 pts/m);
    expect(info).toMatch(/^Title:\s+Quarterly Review$/m);
    expect(info).toMatch(/^Author:\s+Ada Lovelace$/m);
  });

  it("draws the slide text as extractable vector text", () => {
    const text = run("pdftotext", "-layout", file, "-");
    for (const phrase of [
      "Quarterly Business Review",
      "Revenue and margins",
      "Enterprise renewals closed two weeks early",
      "Needs attention",
      "Thank you",
    ]) {
      expect(text).toContain(phrase);
    }
    const page4 = run("pdftotext", "-f", "4", "-l", "4", file, "-");
    expect(page4).toContain("The eu-west region launch brought 120 new accounts");
  });

  it("embeds the Arimo faces it draws with", () => {
    const fonts = run("pdffonts", file);
    for (const face of ["Arimo-Regular", "Arimo-Bold", "Arimo-Italic"]) {
      expect(fonts).toMatch(new RegExp(`\\+${face}\\s+CID TrueType\\s+Identity-H\\s+yes\\s+yes`));
    }
    expect(fonts).not.toMatch(/Helvetica/);
  });

  it("places the title where the layout put it", () => {
    // -bbox reports words in points; the cover title starts at x = 80 units = 60 pt.
    const boxes = run("pdftotext", "-f", "1", "-l", "1", "-bbox", file, "-");
    const quarterly = boxes.match(/<word xMin="([\d.]+)"[^>]*>Quarterly<\/word>/);
    expect(Number(quarterly?.[1])).toBeCloseTo(60, 0);
  });
});
