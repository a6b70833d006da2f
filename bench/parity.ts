/**
 * LibreOffice parity bench: our PDF vs LibreOffice's PDF of our PPTX, per slide, on this machine's
 * fonts. Run: npx tsx --conditions=react-server bench/parity.ts [--quick] [--template X] [--json]
 * [--allow-system-fonts]. Writes rasters and diff images to bench/out/parity/.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { TEMPLATE_IDS, type TTemplateId } from "@/lib/deck/schema";
import { BENCH_SIZE, compareDecks, type TDeckParity } from "./compare-pdf";
import { PIXEL_THRESHOLD } from "./compare-png";
import { parityCorpus, quickCorpus } from "./corpus";
import { fontReport, ourFacesInstalled } from "./font-report";
import { parityFailures, pixelLimit } from "./parity-limits";
import { summariseParity, type TStats, type TWordStats } from "./parity-stats";

const { values } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    template: { type: "string" },
    json: { type: "boolean", default: false },
    "allow-system-fonts": { type: "boolean", default: false },
    out: { type: "string", default: path.resolve(import.meta.dirname, "out/parity") },
  },
});

if (values.template && !(TEMPLATE_IDS as readonly string[]).includes(values.template)) {
  console.error(`Unknown template '${values.template}'; use one of ${TEMPLATE_IDS.join(", ")}.`);
  process.exit(2);
}

// Checked before anything runs: with our faces installed the figure would not prove parity on a
// customer's machine, so the bench refuses unless told otherwise.
const installed = ourFacesInstalled();
if (installed.length > 0) {
  const message = [
    "Our own fonts are installed system-wide; LibreOffice may draw with them, which a customer's machine cannot:",
    ...installed.map((line) => `  ${line}`),
  ].join("\n");
  if (!values["allow-system-fonts"]) {
    console.error(
      `${message}\nUninstall them, or pass --allow-system-fonts to measure anyway (not a parity proof).`,
    );
    process.exit(2);
  }
  console.error(`warning: ${message}`);
}

const corpus = (values.quick ? quickCorpus() : parityCorpus()).filter(
  (entry) => !values.template || entry.deck.template === (values.template as TTemplateId),
);
const started = Date.now();
const results = await compareDecks(corpus, values.out);
const pages = results.flatMap((r) => r.pages);
const summary = summariseParity(pages);
const faces = [...new Set(results.flatMap((r) => r.pptxFaces))].sort();
const fonts = fontReport(faces);
const mismatched = results.filter((r) => r.pdfPages !== r.pptxPages);
const failing = pages.filter((p) => parityFailures(p).length > 0);

if (values.json) {
  console.log(
    JSON.stringify(
      {
        raster: BENCH_SIZE,
        threshold: PIXEL_THRESHOLD,
        fonts,
        summary,
        decks: results,
      },
      null,
      2,
    ),
  );
} else {
  print(results);
}
process.exit(mismatched.length > 0 || failing.length > 0 ? 1 : 0);

function pct(ratio: number): string {
  return `${(ratio * 100).toFixed(2)}%`;
}

function statsRow(name: string, s: TStats): string {
  return `  ${name.padEnd(12)} ${String(s.pages).padStart(5)}  ${pct(s.median).padStart(7)}  ${pct(s.p90).padStart(7)}  ${pct(s.max).padStart(7)}`;
}

function print(decks: TDeckParity[]) {
  console.log(
    `LibreOffice parity: our PDF vs LibreOffice's PDF of our PPTX (pdftoppm at ${BENCH_SIZE.width}×${BENCH_SIZE.height} px = 48 dpi, pixelmatch threshold ${PIXEL_THRESHOLD})`,
  );
  console.log(`Our faces installed system-wide: ${installed.length ? installed.join("; ") : "none"}`);
  console.log("Faces the PPTX names → what fontconfig (and so LibreOffice) substitutes here:");
  for (const s of fonts.substitutes) console.log(`  ${s.face} → ${s.family} (${s.file})`);
  console.log("System fonts covering the other scripts of the corpus:");
  for (const [lang, families] of Object.entries(fonts.scriptFonts)) {
    console.log(
      `  ${lang}: ${families.length ? families.join(", ") : "none (LibreOffice draws empty boxes)"}`,
    );
  }
  for (const deck of decks) {
    const agree = deck.pdfPages === deck.pptxPages ? "agree" : "DIFFER";
    console.log(
      `\n${deck.deck} (template ${deck.template}, theme ${deck.theme}): pages ${deck.pdfPages} PDF / ${deck.pptxPages} LibreOffice, ${agree}`,
    );
    console.log(`  LibreOffice drew with: ${deck.libreOfficeFonts.join(", ") || "(no text)"}`);
    console.log("  page  layout       kind    differing   limit   words  moved  max dx");
    for (const page of deck.pages) {
      const failures = parityFailures(page);
      console.log(
        [
          `  ${String(page.page).padStart(4)}  ${page.layout.padEnd(11)}  ${page.kind.padEnd(6)}`,
          `${pct(page.ratio).padStart(8)}  ${pct(pixelLimit(page)).padStart(6)}`,
          `${String(page.words).padStart(6)}  ${String(page.unmatchedWords.length).padStart(5)}`,
          `${page.maxWordDx.toFixed(2).padStart(6)} pt`,
          failures.length ? `OVER: ${failures.join("; ")}` : "",
        ].join("  "),
      );
    }
  }
  console.log("\nSummary: share of pixels differing per page");
  console.log("  group        pages   median      p90      max");
  console.log("  by script");
  for (const script of ["latin", "cjk", "rtl"] as const) {
    const s = summary.byScript[script];
    if (s) console.log(statsRow(script, s));
  }
  console.log("  Latin pages by content kind (text = text and shapes only)");
  for (const kind of ["text", "table", "chart", "image"] as const) {
    const s = summary.byKind[kind];
    if (s) console.log(statsRow(kind, s));
  }
  console.log("  Latin pages by layout");
  for (const [layout, s] of Object.entries(summary.byLayout)) console.log(statsRow(layout, s));
  console.log(statsRow("overall", summary.overall));
  console.log(
    "\nWord placement (pdftotext -bbox): words of our PDF not found within 3 pt + 1% of x across and 6 pt (or 30% of their height) down",
  );
  console.log("  script       pages   words  moved  max dx");
  for (const script of ["latin", "cjk", "rtl"] as const) {
    const w: TWordStats | undefined = summary.wordsByScript[script];
    if (w) {
      console.log(
        `  ${script.padEnd(12)} ${String(w.pages).padStart(5)}  ${String(w.words).padStart(6)}  ${String(w.unmatched).padStart(5)}  ${w.maxDx.toFixed(2).padStart(6)} pt`,
      );
    }
  }
  console.log(
    `\n${decks.length} decks, ${pages.length} pages, page counts ${mismatched.length ? `DIFFER in ${mismatched.map((m) => m.deck).join(", ")}` : "agree"}, ${failing.length} pages over the limits; ${((Date.now() - started) / 1000).toFixed(0)} s. Images: ${values.out}`,
  );
}
