/**
 * The brand parity measurement: a brand deck's PDF drawn by our renderer against LibreOffice's PDF
 * of the PPTX written on the uploaded master, page by page with the parity bench's own measures
 * (bench/lib/page-parity.ts). The PPTX's slides have the brand's size, so LibreOffice's page is
 * mapped back onto ours first: writeOnMaster fits our 960 × 540 pt slide into the brand's with one
 * scale, centred (slideFit), and the bench rasterises LibreOffice's page so that the fitted area
 * comes out at the bench's 640 × 360 px and crops it there (a 4:3 master's bands above and below
 * are not compared); words are mapped with the same scale and offset.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PNG } from "pngjs";
import sharp from "sharp";
import { slideFit, type TSlideFit } from "@/lib/brand/pptx-slide-xml";
import { SLIDE_HEIGHT, SLIDE_WIDTH, type TRenderedSlide } from "@/lib/layouts/boxes";
import { BENCH_SIZE, scriptOf, type TPageParity } from "../compare-pdf";
import { pdfWords, type TWord } from "../compare-words";
import { convertPptxToPdf } from "../convert-pptx";
import { pdfFontNames, pptxFaces } from "../font-report";
import { pdfPageCount, rasterisePdf } from "../rasterise-pdf";
import { brandPdf, brandPptx, type TBrandDeck } from "./brand-decks";
import { measurePage } from "./page-parity";

/** EMU per slide unit (1/96 in) and per point. */
const EMU_PER_UNIT = 9525;
const EMU_PER_PT = 12700;

/**
 * Where a page's differing pixels lie: inside the boxes our layout drew content in (text, pictures,
 * tables, charts, shapes smaller than a quarter of the slide) or outside them, on the background —
 * where the master's own background, pictures and shapes show in LibreOffice's page and our PDF
 * draws the look's flat background colour.
 */
export type TDiffPlace = { inContent: number; onBackground: number };

/** A brand page's measures, with where its differing pixels lie. */
export type TBrandPageParity = TPageParity & { place: TDiffPlace };

export type TBrandDeckParity = {
  slug: string;
  file: string;
  /** The brand's slide size (EMU) and how our slide was fitted onto it. */
  slideSize: { cx: number; cy: number };
  fit: TSlideFit;
  /** Pages of our PDF and of LibreOffice's PDF of the PPTX on the master; they must agree. */
  pdfPages: number;
  pptxPages: number;
  pages: TBrandPageParity[];
  /** Our PDF, the PPTX written on the master, and LibreOffice's PDF of it. */
  files: { pdf: string; pptx: string; libreOfficePdf: string };
  /** Faces the PPTX names, and the fonts LibreOffice's PDF contains. */
  pptxFaces: string[];
  libreOfficeFonts: string[];
};

/** Where our slide lies on LibreOffice's page, in pixels of a page raster scaled to fit BENCH_SIZE. */
export function fittedRaster(
  slideSize: { cx: number; cy: number },
  fit: TSlideFit,
): { page: { width: number; height: number }; left: number; top: number } {
  const fittedWidth = SLIDE_WIDTH * EMU_PER_UNIT * fit.scale;
  const fittedHeight = SLIDE_HEIGHT * EMU_PER_UNIT * fit.scale;
  return {
    page: {
      width: Math.round((BENCH_SIZE.width * slideSize.cx) / fittedWidth),
      height: Math.round((BENCH_SIZE.height * slideSize.cy) / fittedHeight),
    },
    left: Math.round((BENCH_SIZE.width * fit.dx) / fittedWidth),
    top: Math.round((BENCH_SIZE.height * fit.dy) / fittedHeight),
  };
}

/** LibreOffice's words (points on the brand's page) in our page's points. */
export function unfitWords(words: TWord[], fit: TSlideFit): TWord[] {
  const [dx, dy] = [fit.dx / EMU_PER_PT, fit.dy / EMU_PER_PT];
  return words.map((word) => ({
    text: word.text,
    x: (word.x - dx) / fit.scale,
    y: (word.y - dy) / fit.scale,
    h: word.h / fit.scale,
  }));
}

/**
 * Splits a diff image's differing pixels (pixelmatch's pure red) between our content boxes and the
 * background around them.
 */
export function diffPlace(diffPng: Buffer, page: TRenderedSlide): TDiffPlace {
  const image = PNG.sync.read(diffPng);
  const sx = image.width / SLIDE_WIDTH;
  const sy = image.height / SLIDE_HEIGHT;
  const content = page.boxes
    .filter((box) => box.kind !== "shape" || box.w * box.h < (SLIDE_WIDTH * SLIDE_HEIGHT) / 4)
    .map((box) => ({
      left: Math.floor(box.x * sx),
      top: Math.floor(box.y * sy),
      right: Math.ceil((box.x + box.w) * sx),
      bottom: Math.ceil((box.y + box.h) * sy),
    }));
  const place: TDiffPlace = { inContent: 0, onBackground: 0 };
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const i = (y * image.width + x) * 4;
      if (image.data[i] !== 255 || image.data[i + 1] !== 0 || image.data[i + 2] !== 0) continue;
      const inside = content.some((b) => x >= b.left && x < b.right && y >= b.top && y < b.bottom);
      if (inside) place.inContent++;
      else place.onBackground++;
    }
  }
  return place;
}

/** Rasterises LibreOffice's PDF and crops each page to where our slide was fitted, at BENCH_SIZE. */
async function rasteriseFitted(
  pdf: string,
  dir: string,
  slideSize: { cx: number; cy: number },
  fit: TSlideFit,
): Promise<string[]> {
  const area = fittedRaster(slideSize, fit);
  const whole = area.page.width === BENCH_SIZE.width && area.page.height === BENCH_SIZE.height;
  if (whole) return rasterisePdf(pdf, dir, "pptx", BENCH_SIZE);
  const full = rasterisePdf(pdf, dir, "page", area.page);
  const cropped: string[] = [];
  for (const [i, file] of full.entries()) {
    const out = path.join(dir, `pptx-${String(i + 1).padStart(2, "0")}.png`);
    await sharp(file)
      .extract({ left: area.left, top: area.top, ...BENCH_SIZE })
      .png()
      .toFile(out);
    cropped.push(out);
  }
  return cropped;
}

/**
 * Renders every brand deck to our PDF and to its PPTX on the master, converts the PPTX files in
 * one LibreOffice run and compares page by page, writing files and page images under `outDir`
 * (files/, libreoffice/, <slug>/pdf-N.png, pptx-N.png, diff-NN.png).
 */
export async function compareBrandDecks(decks: TBrandDeck[], outDir: string): Promise<TBrandDeckParity[]> {
  const filesDir = path.join(outDir, "files");
  const officeDir = path.join(outDir, "libreoffice");
  mkdirSync(filesDir, { recursive: true });
  mkdirSync(officeDir, { recursive: true });
  const written: { pdf: string; pptx: string }[] = [];
  for (const deck of decks) {
    const files = {
      pdf: path.join(filesDir, `${deck.slug}.pdf`),
      pptx: path.join(filesDir, `${deck.slug}.pptx`),
    };
    writeFileSync(files.pdf, await brandPdf(deck));
    writeFileSync(files.pptx, await brandPptx(deck));
    written.push(files);
  }
  const officePdfs = convertPptxToPdf(
    written.map((w) => w.pptx),
    officeDir,
  );

  const results: TBrandDeckParity[] = [];
  for (const [index, deck] of decks.entries()) {
    const pngDir = path.join(outDir, deck.slug);
    // Stale pages of an earlier, longer run would be picked up as extra pages.
    rmSync(pngDir, { recursive: true, force: true });
    mkdirSync(pngDir, { recursive: true });
    const slideSize = deck.brand.slideSize;
    const fit = slideFit({ cx: SLIDE_WIDTH * EMU_PER_UNIT, cy: SLIDE_HEIGHT * EMU_PER_UNIT }, slideSize);
    const ours = rasterisePdf(written[index].pdf, pngDir, "pdf", BENCH_SIZE);
    const theirs = await rasteriseFitted(officePdfs[index], pngDir, slideSize, fit);
    const ourWords = pdfWords(written[index].pdf);
    const theirWords = pdfWords(officePdfs[index]).map((words) => unfitWords(words, fit));
    const pages: TBrandPageParity[] = [];
    for (let i = 0; i < Math.min(ours.length, theirs.length); i++) {
      const page = deck.pages[i];
      const diff = path.join(pngDir, `diff-${String(i + 1).padStart(2, "0")}.png`);
      const measured = measurePage(
        page,
        { ours: ours[i], theirs: theirs[i], diff },
        { ours: ourWords[i] ?? [], theirs: theirWords[i] ?? [] },
      );
      pages.push({
        deck: deck.slug,
        page: i + 1,
        slideId: page.slideId,
        layout: deck.deck.slides.find((s) => s.id === page.slideId)?.layout ?? "bullets",
        template: deck.deck.template,
        theme: deck.deck.theme,
        mode: deck.look.theme.mode,
        script: scriptOf(deck.deck.language),
        ...measured,
        images: { pdf: ours[i], pptx: theirs[i], diff },
        place: diffPlace(readFileSync(diff), page),
      });
    }
    results.push({
      slug: deck.slug,
      file: deck.file,
      slideSize,
      fit,
      pdfPages: pdfPageCount(written[index].pdf),
      pptxPages: pdfPageCount(officePdfs[index]),
      pages,
      files: { ...written[index], libreOfficePdf: officePdfs[index] },
      pptxFaces: await pptxFaces(readFileSync(written[index].pptx)),
      libreOfficeFonts: pdfFontNames(officePdfs[index]),
    });
  }
  return results;
}
