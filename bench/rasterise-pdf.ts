/**
 * PDF → one PNG per page with poppler's pdftoppm, the rasteriser both sides of a comparison share.
 */
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";

/** Pixel size of a rasterised page. */
export type TRasterSize = { width: number; height: number };

/**
 * Rasterises every page of a PDF into `dir` as `<name>-<page>.png`, scaled to exactly `size`, and
 * returns the paths in page order. The size is fixed rather than a resolution because LibreOffice
 * writes 960.009 × 540 pt pages (its 1/100 mm rounding), which `-r 48` would make one pixel wider
 * than our 960 × 540 pt pages; 640 × 360 px is 48 dpi for both.
 */
export function rasterisePdf(pdfPath: string, dir: string, name: string, size: TRasterSize): string[] {
  execFileSync(
    "pdftoppm",
    [
      "-scale-to-x",
      String(size.width),
      "-scale-to-y",
      String(size.height),
      "-png",
      pdfPath,
      path.join(dir, name),
    ],
    { stdio: "pipe", timeout: 120_000 },
  );
  // pdftoppm pads page numbers to the width of the page count ("-1" or "-01"), so sort by number.
  const pattern = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}-(\\d+)\\.png$`);
  return readdirSync(dir)
    .map((file) => ({ file, page: Number(pattern.exec(file)?.[1]) }))
    .filter(({ page }) => page > 0)
    .sort((a, b) => a.page - b.page)
    .map(({ file }) => path.join(dir, file));
}

/** Page count of a PDF, as pdfinfo reads it. */
export function pdfPageCount(pdfPath: string): number {
  const info = execFileSync("pdfinfo", [pdfPath], { encoding: "utf8" });
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
}
