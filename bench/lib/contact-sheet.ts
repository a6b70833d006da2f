/**
 * Contact sheets of decks: the deck rendered to PDF by the project's renderer, every page
 * rasterised by poppler's `pdftoppm -r 40` (534 × 300 px) and laid out four to a row on grey
 * gutters, like /work/shared/examples/panama-canal/sheet.png.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { TDeck } from "@/lib/deck/schema";
import { renderDeck } from "@/lib/render/render-deck";

export const SHEET = { columns: 4, dpi: 40, margin: 6, gutter: 12, background: "#888888" } as const;

/** Throws a clear error when poppler's pdftoppm is not installed. */
export function assertPdftoppm(): void {
  try {
    execFileSync("pdftoppm", ["-v"], { stdio: "pipe" });
  } catch {
    throw new Error("pdftoppm not found: install poppler-utils (apt-get install poppler-utils).");
  }
}

/** Every page of a PDF as a PNG at `dpi`, in page order. */
export function rasterisePages(pdf: Uint8Array, dpi: number = SHEET.dpi): Buffer[] {
  const dir = mkdtempSync(path.join(tmpdir(), "deckforge-sheet-"));
  try {
    const file = path.join(dir, "deck.pdf");
    writeFileSync(file, pdf);
    execFileSync("pdftoppm", ["-r", String(dpi), "-png", file, path.join(dir, "page")], {
      stdio: "pipe",
      timeout: 120_000,
    });
    // pdftoppm pads page numbers to the width of the page count, so sort by number.
    return readdirSync(dir)
      .map((name) => ({ name, page: Number(/^page-(\d+)\.png$/.exec(name)?.[1]) }))
      .filter(({ page }) => page > 0)
      .sort((a, b) => a.page - b.page)
      .map(({ name }) => readFileSync(path.join(dir, name)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Tiles (same size) in rows of `columns` on a grey ground, written as a PNG to `file`. */
export async function composeSheet(tiles: readonly Buffer[], file: string, columns: number = SHEET.columns) {
  if (!tiles.length) throw new Error("A contact sheet needs at least one page.");
  const { width = 0, height = 0 } = await sharp(tiles[0]).metadata();
  const { margin, gutter } = SHEET;
  const across = Math.min(columns, tiles.length);
  const rows = Math.ceil(tiles.length / columns);
  await sharp({
    create: {
      width: 2 * margin + across * width + (across - 1) * gutter,
      height: 2 * margin + rows * height + (rows - 1) * gutter,
      channels: 3,
      background: SHEET.background,
    },
  })
    .composite(
      tiles.map((input, i) => ({
        input,
        left: margin + (i % columns) * (width + gutter),
        top: margin + Math.floor(i / columns) * (height + gutter),
      })),
    )
    .png({ compressionLevel: 9 })
    .toFile(file);
}

/** Renders a deck to PDF, rasterises it and writes its contact sheet; returns the page count. */
export async function writeDeckSheet(
  deck: TDeck,
  file: string,
  assets?: ReadonlyMap<string, string>,
): Promise<number> {
  const pdf = await renderDeck(deck, "pdf", assets);
  const tiles = rasterisePages(pdf.bytes);
  await composeSheet(tiles, file);
  return tiles.length;
}
