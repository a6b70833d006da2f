/**
 * Brand-template contact sheets (issue 18): for each brand test file — LibreOffice's 23 shipped
 * Impress templates converted to PPTX, a .potx, a file with a logo on its master and one with a
 * distinctive theme — the every-layout sample deck laid out in the brand's look, rendered to PDF by
 * our renderer, rasterised with pdftoppm and composed into one sheet of all fifteen layouts:
 * docs/thumbnails/brand-<slug>.png, a palette PNG so 26 sheets stay small.
 * Run: npm run thumbnails:brand (needs soffice for the test files; the first run converts them).
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brandBenchFiles, brandDeck, brandPdf } from "@/bench/lib/brand-decks";
import { rasterisePdf } from "@/bench/rasterise-pdf";
import { contactSheet, TILE } from "./contact-sheet";

const root = path.resolve(import.meta.dirname, "..");
const OUT = path.join(root, "docs/thumbnails");
/** Colours kept in the sheet's palette: enough for brand gradients and pictures at tile size. */
const PALETTE_COLOURS = 128;

const work = mkdtempSync(path.join(tmpdir(), "deckforge-brand-thumbnails-"));
try {
  mkdirSync(OUT, { recursive: true });
  // Only this script writes brand-*.png, so sheets of files no longer tested go first.
  for (const name of readdirSync(OUT)) {
    if (/^brand-.*\.png$/.test(name)) rmSync(path.join(OUT, name));
  }
  const files = await brandBenchFiles();
  let total = 0;
  for (const file of files) {
    const deck = await brandDeck(file);
    const pdf = path.join(work, `${file.slug}.pdf`);
    writeFileSync(pdf, await brandPdf(deck));
    const dir = path.join(work, file.slug);
    mkdirSync(dir);
    const tiles = rasterisePdf(pdf, dir, "page", TILE);
    const sheet = path.join(OUT, `brand-${file.slug}.png`);
    await contactSheet(tiles, sheet, { paletteColours: PALETTE_COLOURS });
    const size = statSync(sheet).size;
    total += size;
    console.log(
      `${path.relative(root, sheet)}  ${tiles.length} pages  ${(size / 1024).toFixed(0)} KB  (${file.file})`,
    );
  }
  console.log(
    `${files.length} sheets in ${path.relative(root, OUT)}/, ${(total / 1024).toFixed(0)} KB in all`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
