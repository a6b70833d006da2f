/**
 * PPTX → PDF with LibreOffice, the way a user without PowerPoint (or without our fonts) sees it.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Converts PPTX files to PDFs in `outDir` (same base names) in one LibreOffice run. A private,
 * throw-away user profile keeps concurrent runs (the bench, the tests, a desktop session) from
 * locking each other out. Returns the PDF paths in input order.
 */
export function convertPptxToPdf(pptxPaths: string[], outDir: string): string[] {
  const profile = mkdtempSync(path.join(tmpdir(), "deckforge-soffice-"));
  try {
    execFileSync(
      "soffice",
      [
        `-env:UserInstallation=file://${profile}`,
        "--headless",
        "--norestore",
        "--convert-to",
        "pdf",
        "--outdir",
        outDir,
        ...pptxPaths,
      ],
      { stdio: "pipe", timeout: 60_000 + 20_000 * pptxPaths.length },
    );
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
  return pptxPaths.map((file) => {
    const pdf = path.join(outDir, `${path.basename(file, path.extname(file))}.pdf`);
    if (!existsSync(pdf)) throw new Error(`LibreOffice did not convert ${file}.`);
    return pdf;
  });
}
