/**
 * Export scaling bench, in process (no server): decks of 10, 100 and 500 slides (the corpus's
 * every-layout slides, repeated) rendered to PPTX and PDF. Each size × format runs in a child
 * process of its own (node --expose-gc), so its peak memory is not inflated by the sizes before it.
 * The child warms up on a deck of every layout (fonts, icons, sharp), then renders `--runs` times: the
 * figure is the median time, split into the renderDeck steps (layout → prepare pictures → write
 * the file), and the process's true peak RSS (getrusage) and sampled peak heap.
 * Prints ms/slide per size and its ratio to the smallest size: a flat ratio is linear growth. The
 * pictures are prepared once per distinct picture (a fixed cost per deck here), so the per-slide
 * work (layout + writing the file) is also given on its own.
 * Run: npx tsx --conditions=react-server bench/export-scaling.ts [--sizes 10,100,500]
 *   [--formats pptx,pdf] [--runs 3]
 */
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import type { TDeck } from "@/lib/deck/schema";
import { layoutDeck } from "@/lib/layouts/layout-deck";
import { renderPdf } from "@/lib/render/pdf/render-pdf";
import { renderPptx } from "@/lib/render/pptx/render-pptx";
import { prepareImages } from "@/lib/render/prepare-images";
import { everyLayoutDeck } from "./corpus";
import { mb, median, round } from "./lib/stats";
import { writeBenchJson } from "./lib/write-out";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "10,100,500" },
    formats: { type: "string", default: "pptx,pdf" },
    runs: { type: "string", default: "3" },
    child: { type: "string" },
    format: { type: "string" },
  },
});

type TFormat = "pptx" | "pdf";
type TChildResult = {
  slides: number;
  format: TFormat;
  pages: number;
  bytes: number;
  runs: number;
  ms: number;
  layoutMs: number;
  imagesMs: number;
  writeMs: number;
  msPerSlide: number;
  /** Layout and file writing per slide: the per-slide work, without the pictures (prepared once per distinct picture). */
  perSlideWorkMs: number;
  baselineRssMb: number;
  peakRssMb: number;
  peakHeapMb: number;
};

/**
 * A deck of `n` slides: the general template's 15 every-layout slides (every content kind: table,
 * chart, pictures, icons, metrics, timeline) repeated in order with unique ids. Repeated pictures
 * are prepared once per deck (prepareImages dedupes), as in a real deck that reuses a logo.
 */
function deckOf(n: number): TDeck {
  const base = everyLayoutDeck("general").deck;
  return {
    ...base,
    slides: Array.from({ length: n }, (_, i) => {
      const slide = base.slides[i % base.slides.length];
      return { ...slide, id: `s${i + 1}` };
    }),
  };
}

/** renderDeck's steps (a deck without stored assets), timed one by one. */
async function renderTimed(deck: TDeck, format: TFormat) {
  const t0 = performance.now();
  const slides = layoutDeck(deck);
  const t1 = performance.now();
  const images = await prepareImages(slides);
  const t2 = performance.now();
  const bytes =
    format === "pptx" ? await renderPptx(deck, slides, images) : await renderPdf(deck, slides, images);
  const t3 = performance.now();
  return { bytes, pages: slides.length, layoutMs: t1 - t0, imagesMs: t2 - t1, writeMs: t3 - t2, ms: t3 - t0 };
}

/** Child: one size and format; prints its TChildResult as the last line of stdout. */
async function child(n: number, format: TFormat, runs: number): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
  // Every layout once, so fonts, icons, sharp and each layout's code are loaded before timing.
  await renderTimed(deckOf(15), format);
  gc();
  const baseline = process.memoryUsage().rss;
  let peakHeap = 0;
  const timer = setInterval(() => {
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  }, 10);
  const deck = deckOf(n);
  const results = [];
  for (let i = 0; i < runs; i++) {
    results.push(await renderTimed(deck, format));
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    gc();
  }
  clearInterval(timer);
  const ms = median(results.map((r) => r.ms));
  const result: TChildResult = {
    slides: n,
    format,
    pages: results[0].pages,
    bytes: results[0].bytes.length,
    runs,
    ms: Math.round(ms),
    layoutMs: Math.round(median(results.map((r) => r.layoutMs))),
    imagesMs: Math.round(median(results.map((r) => r.imagesMs))),
    writeMs: Math.round(median(results.map((r) => r.writeMs))),
    msPerSlide: round(ms / n, 2),
    perSlideWorkMs: round(
      (median(results.map((r) => r.layoutMs)) + median(results.map((r) => r.writeMs))) / n,
      2,
    ),
    baselineRssMb: mb(baseline),
    // getrusage's maxRSS is in kilobytes and catches peaks a sampler misses.
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    peakHeapMb: mb(peakHeap),
  };
  console.log(JSON.stringify(result));
}

if (values.child) {
  await child(Number(values.child), values.format as TFormat, Number(values.runs));
} else {
  const sizes = values.sizes.split(",").map(Number);
  const formats = values.formats.split(",") as TFormat[];
  const results: TChildResult[] = [];
  console.log(
    `Export scaling: every-layout slides repeated, median of ${values.runs} runs, a child process per row\n`,
  );
  console.log(
    "format | slides | pages | ms | layout | pictures | write | ms/slide | × smallest | (layout+write)/slide | × smallest | MB file | peak RSS MB | peak heap MB",
  );
  console.log(
    "------ | ------ | ----- | -- | ------ | -------- | ----- | -------- | ---------- | -------------------- | ---------- | ------- | ----------- | ------------",
  );
  for (const format of formats) {
    let first: TChildResult | undefined;
    for (const n of sizes) {
      const run = spawnSync(
        process.execPath,
        [
          "--expose-gc",
          "--conditions=react-server",
          "--import",
          "tsx",
          import.meta.filename,
          "--child",
          String(n),
          "--format",
          format,
          "--runs",
          values.runs,
        ],
        { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
      );
      if (run.status !== 0) throw new Error(`child ${format} ${n} failed:\n${run.stderr}`);
      const result = JSON.parse(run.stdout.trim().split("\n").at(-1) as string) as TChildResult;
      results.push(result);
      first ??= result;
      console.log(
        [
          format,
          n,
          result.pages,
          result.ms,
          result.layoutMs,
          result.imagesMs,
          result.writeMs,
          result.msPerSlide,
          round(result.msPerSlide / first.msPerSlide, 2),
          result.perSlideWorkMs,
          round(result.perSlideWorkMs / first.perSlideWorkMs, 2),
          round(result.bytes / 1024 / 1024, 1),
          result.peakRssMb,
          result.peakHeapMb,
        ].join(" | "),
      );
    }
  }
  const file = writeBenchJson("export-scaling", {
    measuredAt: new Date().toISOString(),
    command:
      `npx tsx --conditions=react-server bench/export-scaling.ts ${process.argv.slice(2).join(" ")}`.trim(),
    results,
  });
  console.log(`\nJSON: ${file}`);
}
