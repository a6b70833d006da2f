/**
 * Brand-template parity bench (issue 18): for each brand test file (LibreOffice's 23 shipped
 * Impress templates converted to PPTX, a .potx, a logo file, a distinctive theme), the every-layout
 * sample deck in the brand's look — our PDF against LibreOffice's PDF of the PPTX written on the
 * uploaded master (renderPptx → writeOnMaster → soffice) — compared page by page with the parity
 * bench's measures and held to the limits it holds built-in templates to (bench/parity-limits.ts).
 * Prints a table per file and totals; writes bench/out/brand-parity.json and page images to
 * bench/out/brand-parity/.
 * Run: npm run bench:brand-parity [-- --only beehive,vintage] [--allow-system-fonts]
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { BENCH_SIZE } from "./compare-pdf";
import { PIXEL_THRESHOLD } from "./compare-png";
import { fontReport, ourFacesInstalled } from "./font-report";
import { compareBrandDecks, type TBrandDeckParity, type TBrandPageParity } from "./lib/brand-compare";
import { brandBenchFiles, brandDeck } from "./lib/brand-decks";
import {
  LATIN_PIXEL_LIMITS,
  movedWordsLimit,
  parityFailures,
  pixelLimit,
  SCRIPT_PIXEL_LIMITS,
} from "./parity-limits";
import { summariseParity, type TStats } from "./parity-stats";

const { values } = parseArgs({
  options: {
    only: { type: "string" },
    "allow-system-fonts": { type: "boolean", default: false },
    out: { type: "string", default: path.resolve(import.meta.dirname, "out/brand-parity") },
    json: { type: "string", default: path.resolve(import.meta.dirname, "out/brand-parity.json") },
  },
});

// As bench/parity.ts: with our faces installed system-wide LibreOffice could draw with them, which
// a customer's machine cannot, so the figures would prove nothing.
const installed = ourFacesInstalled();
if (installed.length > 0) {
  const message = `Our own fonts are installed system-wide; LibreOffice may draw with them:\n${installed.map((l) => `  ${l}`).join("\n")}`;
  if (!values["allow-system-fonts"]) {
    console.error(`${message}\nUninstall them, or pass --allow-system-fonts (not a parity proof).`);
    process.exit(2);
  }
  console.error(`warning: ${message}`);
}

const started = Date.now();
const all = await brandBenchFiles();
const only = values.only?.split(",").map((s) => s.trim());
const unknown = only?.filter((slug) => !all.some((f) => f.slug === slug)) ?? [];
if (unknown.length > 0) {
  console.error(`Unknown file '${unknown.join("', '")}'; use one of ${all.map((f) => f.slug).join(", ")}.`);
  process.exit(2);
}
const files = only ? all.filter((f) => only.includes(f.slug)) : all;
const decks = [];
for (const file of files) decks.push(await brandDeck(file));
const results = await compareBrandDecks(decks, values.out);

const pages = results.flatMap((r) => r.pages);
const failing = pages.filter((p) => parityFailures(p).length > 0);
const mismatched = results.filter((r) => r.pdfPages !== r.pptxPages);
const passed = (r: TBrandDeckParity) =>
  r.pdfPages === r.pptxPages && r.pages.every((p) => parityFailures(p).length === 0);
const summary = summariseParity(pages);
const fonts = fontReport([...new Set(results.flatMap((r) => r.pptxFaces))].sort());
const overPixels = failing.filter((p) => p.ratio > pixelLimit(p)).length;
const overWords = failing.filter((p) => p.unmatchedWords.length > movedWordsLimit(p.words)).length;

/** Share of a page's differing pixels that lie on the background, outside our content boxes. */
const onBackground = (page: TBrandPageParity) =>
  page.differing ? `${Math.round((100 * page.place.onBackground) / page.differing)}%` : "-";
const pct = (ratio: number) => `${(ratio * 100).toFixed(2)}%`;
const statsRow = (name: string, s: TStats) =>
  `  ${name.padEnd(12)} ${String(s.pages).padStart(5)}  ${pct(s.median).padStart(7)}  ${pct(s.p90).padStart(7)}  ${pct(s.max).padStart(7)}`;

console.log(
  `Brand parity: our PDF vs LibreOffice's PDF of the PPTX written on the uploaded master (pdftoppm, our slide's area at ${BENCH_SIZE.width}×${BENCH_SIZE.height} px = 48 dpi, pixelmatch threshold ${PIXEL_THRESHOLD}); limits of bench/parity-limits.ts`,
);
console.log(`Our faces installed system-wide: ${installed.length ? installed.join("; ") : "none"}`);
console.log("Faces the PPTX files name → what fontconfig (and so LibreOffice) substitutes here:");
for (const s of fonts.substitutes) console.log(`  ${s.face} → ${s.family} (${s.file})`);
for (const r of results) {
  const inches = (emu: number) => (emu / 914400).toFixed(2);
  console.log(
    `\n${r.slug} (${r.file}, ${inches(r.slideSize.cx)}×${inches(r.slideSize.cy)} in, fit ×${r.fit.scale.toFixed(4)}${r.fit.dy || r.fit.dx ? `, offset ${r.fit.dx}/${r.fit.dy} EMU` : ""}): pages ${r.pdfPages} PDF / ${r.pptxPages} LibreOffice, ${r.pdfPages === r.pptxPages ? "agree" : "DIFFER"}; ${passed(r) ? "PASS" : "FAIL"}`,
  );
  console.log(`  LibreOffice drew with: ${r.libreOfficeFonts.join(", ") || "(no text)"}`);
  console.log("  page  layout       kind    differing   limit  on bg   words  moved  max dx");
  for (const page of r.pages) {
    const failures = parityFailures(page);
    console.log(
      [
        `  ${String(page.page).padStart(4)}  ${page.layout.padEnd(11)}  ${page.kind.padEnd(6)}`,
        `${pct(page.ratio).padStart(8)}  ${pct(pixelLimit(page)).padStart(6)}  ${onBackground(page).padStart(5)}`,
        `${String(page.words).padStart(6)}  ${String(page.unmatchedWords.length).padStart(5)}`,
        `${page.maxWordDx.toFixed(2).padStart(6)} pt`,
        failures.length ? `OVER: ${failures.join("; ")}` : "ok",
      ].join("  "),
    );
  }
}
console.log("\nSummary: share of pixels differing per page");
console.log("  group        pages   median      p90      max");
console.log("  Latin pages by content kind (text = text and shapes only)");
for (const kind of ["text", "table", "chart", "image"] as const) {
  const s = summary.byKind[kind];
  if (s) console.log(statsRow(kind, s));
}
console.log("  Latin pages by layout");
for (const [layout, s] of Object.entries(summary.byLayout)) console.log(statsRow(layout, s));
console.log(statsRow("overall", summary.overall));
const words = summary.wordsByScript.latin;
if (words) {
  console.log(
    `Word placement: ${words.unmatched} of ${words.words} words moved or missing on ${words.pages} pages; largest offset of a matched word ${words.maxDx.toFixed(2)} pt`,
  );
}
const differing = pages.reduce((sum, p) => sum + p.differing, 0);
const background = pages.reduce((sum, p) => sum + p.place.onBackground, 0);
console.log(
  `Differing pixels on the background (outside our content boxes): ${background} of ${differing} (${pct(background / Math.max(1, differing))}); over-limit pages where most differing pixels are there: ${failing.filter((p) => p.place.onBackground > p.place.inContent).length} of ${failing.length}`,
);
console.log("\nFiles: pass/fail");
for (const r of results) {
  const over = r.pages.filter((p) => parityFailures(p).length > 0);
  console.log(
    `  ${r.slug.padEnd(22)} ${passed(r) ? "PASS" : "FAIL"}  ${String(over.length).padStart(2)}/${r.pages.length} pages over${over.length ? ` (${over.map((p) => p.layout).join(", ")})` : ""}`,
  );
}
console.log(
  `\n${results.length} files, ${results.filter(passed).length} pass; ${pages.length} pages, ${failing.length} over the limits (${overPixels} on pixels, ${overWords} on words); page counts ${mismatched.length ? `DIFFER in ${mismatched.map((m) => m.slug).join(", ")}` : "agree"}; ${((Date.now() - started) / 1000).toFixed(0)} s. Images: ${values.out}`,
);

mkdirSync(path.dirname(values.json), { recursive: true });
writeFileSync(
  values.json,
  `${JSON.stringify(
    {
      raster: BENCH_SIZE,
      threshold: PIXEL_THRESHOLD,
      limits: {
        latinPixels: LATIN_PIXEL_LIMITS,
        scriptPixels: SCRIPT_PIXEL_LIMITS,
        movedWords: "max(1, 2% of the page's words)",
      },
      fonts,
      totals: {
        files: results.length,
        filesPassing: results.filter(passed).length,
        pages: pages.length,
        pagesOver: failing.length,
        pagesOverPixels: overPixels,
        pagesOverWords: overWords,
        pageCountsDiffer: mismatched.map((m) => m.slug),
      },
      summary,
      files: results.map((r) => ({
        ...r,
        passed: passed(r),
        pages: r.pages.map((p) => ({ ...p, failures: parityFailures(p) })),
      })),
    },
    null,
    2,
  )}\n`,
);
console.log(`Figures: ${values.json}`);
process.exit(mismatched.length > 0 || failing.length > 0 ? 1 : 0);
