/**
 * The parity measurement: each corpus deck rendered to PDF by our renderer and to PPTX, the PPTX
 * converted to PDF by LibreOffice, both rasterised with pdftoppm at the same resolution and
 * compared page by page with pixelmatch. Shared by bench/parity.ts and tests/unit/parity.test.ts.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { TDeck, TLayoutId, TTemplateId, TThemeId } from "@/lib/deck/schema";
import type { TRenderedSlide } from "@/lib/layouts/boxes";
import { layoutDeck } from "@/lib/layouts/layout-deck";
import { THEMES } from "@/lib/layouts/themes";
import { renderDeck } from "@/lib/render/render-deck";
import { pdfWords } from "./compare-words";
import { convertPptxToPdf } from "./convert-pptx";
import type { TCorpusDeck } from "./corpus";
import { pdfFontNames, pptxFaces } from "./font-report";
import { measurePage } from "./lib/page-parity";
import { pdfPageCount, rasterisePdf, type TRasterSize } from "./rasterise-pdf";

export { chartAreas, contentKind } from "./lib/page-parity";

/** The bench's raster size: a 960×540 pt page at 48 dpi. */
export const BENCH_SIZE: TRasterSize = { width: 640, height: 360 };

/**
 * What a page shows beyond text and flat shapes. Renderers differ most on charts (LibreOffice
 * draws its own chart from the PPTX's chart part) and pictures (resampling), so figures are kept
 * apart per kind: "text" means text and shapes only.
 */
export type TContentKind = "text" | "table" | "chart" | "image";

/**
 * The script of a deck's text, from its language. CJK and RTL figures are kept apart: they depend
 * on which fonts for those scripts the machine has, which Latin text (metric-compatible
 * substitutes everywhere) does not.
 */
export type TScript = "latin" | "cjk" | "rtl";

/** The script of a BCP 47 language tag. */
export function scriptOf(language: string): TScript {
  const primary = language.toLowerCase().split(/[-_]/)[0];
  if (["zh", "ja", "ko"].includes(primary)) return "cjk";
  if (["ar", "he", "fa", "ur", "yi"].includes(primary)) return "rtl";
  return "latin";
}

export type TPageParity = {
  deck: string;
  /** 1-based page of the rendered files (continuation pages count). */
  page: number;
  slideId: string;
  layout: TLayoutId;
  template: TTemplateId;
  theme: TThemeId;
  mode: "light" | "dark";
  kind: TContentKind;
  script: TScript;
  /** Pixels differing beyond pixelmatch's threshold, and their share of the page (0–1). */
  differing: number;
  ratio: number;
  /**
   * Words on our page (outside charts), and those with no same word near the same place in
   * LibreOffice's page: moved to another line, or lost.
   */
  words: number;
  unmatchedWords: string[];
  /** Largest horizontal offset of a matched word, in points. */
  maxWordDx: number;
  /** Rasters and the diff image, for looking at what differs. */
  images: { pdf: string; pptx: string; diff: string };
};

export type TDeckParity = {
  deck: string;
  template: TTemplateId;
  theme: TThemeId;
  /** Pages of our PDF and of LibreOffice's PDF of our PPTX; they must agree. */
  pdfPages: number;
  pptxPages: number;
  pages: TPageParity[];
  /** Our PDF and PPTX, and LibreOffice's PDF of the PPTX. */
  files: { pdf: string; pptx: string; libreOfficePdf: string };
  /** Faces the PPTX names, and the fonts LibreOffice's PDF actually contains. */
  pptxFaces: string[];
  libreOfficeFonts: string[];
};

type TRenderedPair = { name: string; deck: TDeck; pages: TRenderedSlide[]; pdf: string; pptx: string };

async function renderBoth(entry: TCorpusDeck, dir: string): Promise<TRenderedPair> {
  const [pdf, pptx] = await Promise.all([renderDeck(entry.deck, "pdf"), renderDeck(entry.deck, "pptx")]);
  const files = { pdf: path.join(dir, `${entry.name}.pdf`), pptx: path.join(dir, `${entry.name}.pptx`) };
  writeFileSync(files.pdf, pdf.bytes);
  writeFileSync(files.pptx, pptx.bytes);
  return { name: entry.name, deck: entry.deck, pages: layoutDeck(entry.deck), ...files };
}

/**
 * Renders, converts, rasterises and compares every deck of `corpus`, writing the files, the page
 * PNGs and a diff image per page under `outDir/<deck>/`. LibreOffice runs once for all decks.
 */
export async function compareDecks(
  corpus: TCorpusDeck[],
  outDir: string,
  size: TRasterSize = BENCH_SIZE,
): Promise<TDeckParity[]> {
  const filesDir = path.join(outDir, "files");
  const officeDir = path.join(outDir, "libreoffice");
  mkdirSync(filesDir, { recursive: true });
  mkdirSync(officeDir, { recursive: true });
  const rendered: TRenderedPair[] = [];
  for (const entry of corpus) rendered.push(await renderBoth(entry, filesDir));
  const officePdfs = convertPptxToPdf(
    rendered.map((r) => r.pptx),
    officeDir,
  );

  const results: TDeckParity[] = [];
  for (const [index, deck] of rendered.entries()) {
    const pngDir = path.join(outDir, deck.name);
    // Stale pages of an earlier, longer run would be picked up as extra pages.
    rmSync(pngDir, { recursive: true, force: true });
    mkdirSync(pngDir, { recursive: true });
    const ours = rasterisePdf(deck.pdf, pngDir, "pdf", size);
    const theirs = rasterisePdf(officePdfs[index], pngDir, "pptx", size);
    const theme = deck.deck.theme;
    const ourWords = pdfWords(deck.pdf);
    const theirWords = pdfWords(officePdfs[index]);
    const pages: TPageParity[] = [];
    for (let i = 0; i < Math.min(ours.length, theirs.length); i++) {
      const page = deck.pages[i];
      const diff = path.join(pngDir, `diff-${String(i + 1).padStart(2, "0")}.png`);
      const measured = measurePage(
        page,
        { ours: ours[i], theirs: theirs[i], diff },
        { ours: ourWords[i] ?? [], theirs: theirWords[i] ?? [] },
      );
      pages.push({
        deck: deck.name,
        page: i + 1,
        slideId: page.slideId,
        layout: deck.deck.slides.find((s) => s.id === page.slideId)?.layout ?? "bullets",
        template: deck.deck.template,
        theme,
        mode: THEMES[theme].mode,
        script: scriptOf(deck.deck.language),
        ...measured,
        images: { pdf: ours[i], pptx: theirs[i], diff },
      });
    }
    results.push({
      deck: deck.name,
      template: deck.deck.template,
      theme,
      pdfPages: pdfPageCount(deck.pdf),
      pptxPages: pdfPageCount(officePdfs[index]),
      pages,
      files: { pdf: deck.pdf, pptx: deck.pptx, libreOfficePdf: officePdfs[index] },
      pptxFaces: await pptxFaces(readFileSync(deck.pptx)),
      libreOfficeFonts: pdfFontNames(officePdfs[index]),
    });
  }
  return results;
}
