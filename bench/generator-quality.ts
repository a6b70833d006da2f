/**
 * Generator quality bench: runs the offline generator over the text corpus (bench/generator-corpus.ts)
 * and prints, per text and overall, key-phrase and figure coverage, near-duplicate points, empty
 * slides, overflow once laid out (continuation pages, text cut with "…"), layouts used, sections
 * represented and time. Run: npx tsx --conditions=react-server bench/generator-quality.ts
 * [--verbosity concise|standard|text-heavy] [--n N] [--json] [--show NAME] [--all]
 * `--all` adds overall rows for every verbosity and for 3 and 12 slides per text.
 */
import { parseArgs } from "node:util";
import type { TDeck } from "@/lib/deck/schema";
import { buildDeck } from "@/lib/generate/build-deck";
import { generateOfflineOutline } from "@/lib/generate/offline/generate-outline";
import { type TVerbosity, VERBOSITIES, ZGenerateOptions } from "@/lib/generate/types";
import { layoutDeck } from "@/lib/layouts/layout-deck";
import { GENERATOR_CORPUS, readCorpusText, type TCorpusText } from "./generator-corpus";
import { measureDeck, type TDeckMetrics } from "./generator-metrics";

const { values } = parseArgs({
  options: {
    verbosity: { type: "string", default: "standard" },
    n: { type: "string" },
    json: { type: "boolean", default: false },
    show: { type: "string" },
    all: { type: "boolean", default: false },
  },
});
if (!(VERBOSITIES as readonly string[]).includes(values.verbosity ?? "")) {
  console.error(`Unknown verbosity '${values.verbosity}'; use one of ${VERBOSITIES.join(", ")}.`);
  process.exit(2);
}

type TRun = {
  text: TCorpusText;
  n: number;
  metrics: TDeckMetrics;
  outlineMs: number;
  layoutMs: number;
  deck: TDeck;
};

/** Generates, builds and lays out one deck, timing the generator and the layout separately. */
function run(text: TCorpusText, verbosity: TVerbosity, n: number): TRun {
  const content = readCorpusText(text.file);
  const opts = ZGenerateOptions.parse({ content, n_slides: n, verbosity, language: text.language });
  const t0 = performance.now();
  const outline = generateOfflineOutline(opts).slides;
  const deck = buildDeck(outline, { ...opts, template: "general", theme: "light" });
  const t1 = performance.now();
  const pages = layoutDeck(deck);
  const t2 = performance.now();
  return { text, n, metrics: measureDeck(content, deck, pages), outlineMs: t1 - t0, layoutMs: t2 - t1, deck };
}

function runAll(verbosity: TVerbosity, n?: number): TRun[] {
  return GENERATOR_CORPUS.map((text) => run(text, verbosity, n ?? text.n));
}

const pct = (x: number) => `${Math.round(x * 100)}%`;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The corpus-wide figures of one run: the per-deck metrics summed or averaged, plus timings. */
type TOverall = Omit<TDeckMetrics, "missing" | "duplicatePairs"> & {
  label: string;
  texts: number;
  slides: number;
  outlineMs: number;
  layoutMs: number;
};

function overall(label: string, runs: TRun[]): TOverall {
  const layouts: Record<string, number> = {};
  for (const r of runs)
    for (const [k, v] of Object.entries(r.metrics.layouts)) layouts[k] = (layouts[k] ?? 0) + v;
  return {
    label,
    texts: runs.length,
    slides: sum(runs.map((r) => r.n)),
    coverage: mean(runs.map((r) => r.metrics.coverage)),
    figures: mean(runs.map((r) => r.metrics.figures)),
    duplicates: sum(runs.map((r) => r.metrics.duplicates)),
    points: sum(runs.map((r) => r.metrics.points)),
    empty: sum(runs.map((r) => r.metrics.empty)),
    continuation: sum(runs.map((r) => r.metrics.continuation)),
    truncated: sum(runs.map((r) => r.metrics.truncated)),
    layouts,
    sectionsShown: sum(runs.map((r) => r.metrics.sectionsShown)),
    sections: sum(runs.map((r) => r.metrics.sections)),
    outlineMs: mean(runs.map((r) => r.outlineMs)),
    layoutMs: mean(runs.map((r) => r.layoutMs)),
  };
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows
    .map((r) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  "))
    .join("\n");
}

function layoutList(layouts: Record<string, number>): string {
  return Object.entries(layouts)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([k, v]) => `${k} ${v}`)
    .join(", ");
}

const verbosity = values.verbosity as TVerbosity;
const fixedN = values.n ? Number(values.n) : undefined;
if (fixedN !== undefined && !(Number.isInteger(fixedN) && fixedN >= 1 && fixedN <= 50)) {
  console.error(`--n must be a whole number from 1 to 50, not '${values.n}'.`);
  process.exit(2);
}
// One untimed pass first: the times then show the generator, not the JIT compiler warming up.
runAll(verbosity, fixedN);
const runs = runAll(verbosity, fixedN);

if (values.show) {
  const r = runs.find((x) => x.text.file.startsWith(values.show ?? ""));
  if (!r) throw new Error(`No corpus text starts with '${values.show}'.`);
  for (const s of r.deck.slides) {
    console.log(`[${s.layout}] ${s.content.title ?? ""}`);
    console.log(JSON.stringify({ ...s.content, title: undefined }, null, 1).slice(0, 1500));
  }
  console.log(r.metrics);
  process.exit(0);
}

const summaries = [overall(`${verbosity}, n per text`, runs)];
if (values.all) {
  for (const v of VERBOSITIES)
    if (v !== verbosity) summaries.push(overall(`${v}, n per text`, runAll(v, fixedN)));
  summaries.push(overall(`${verbosity}, n = 3`, runAll(verbosity, 3)));
  summaries.push(overall(`${verbosity}, n = 12`, runAll(verbosity, 12)));
}

if (values.json) {
  console.log(
    JSON.stringify(
      {
        texts: runs.map((r) => ({
          file: r.text.file,
          n: r.n,
          outlineMs: r.outlineMs,
          layoutMs: r.layoutMs,
          ...r.metrics,
        })),
        overall: summaries,
      },
      null,
      2,
    ),
  );
  process.exit(0);
}

console.log(`Offline generator over ${runs.length} texts (${verbosity}${fixedN ? `, n = ${fixedN}` : ""})\n`);
console.log(
  table([
    ["text", "n", "cover", "figs", "dup", "empty", "cont", "cut", "sect", "layouts", "ms"],
    ...runs.map((r) => [
      r.text.file.replace(/\.(md|txt)$/, ""),
      String(r.n),
      pct(r.metrics.coverage),
      pct(r.metrics.figures),
      `${r.metrics.duplicates}/${r.metrics.points}`,
      String(r.metrics.empty),
      String(r.metrics.continuation),
      String(r.metrics.truncated),
      `${r.metrics.sectionsShown}/${r.metrics.sections}`,
      String(Object.keys(r.metrics.layouts).length),
      (r.outlineMs + r.layoutMs).toFixed(0),
    ]),
  ]),
);
for (const r of runs) {
  if (r.metrics.duplicatePairs.length)
    console.log(
      `\n${r.text.file} near-duplicates:\n${r.metrics.duplicatePairs.map(([a, b]) => `  "${a}" ~ "${b}"`).join("\n")}`,
    );
}
console.log("\nOverall");
console.log(
  table([
    ["run", "slides", "cover", "figs", "dup", "empty", "cont", "cut", "sections", "gen ms", "layout ms"],
    ...summaries.map((s) => [
      s.label,
      String(s.slides),
      pct(s.coverage),
      pct(s.figures),
      `${s.duplicates}/${s.points}`,
      String(s.empty),
      String(s.continuation),
      String(s.truncated),
      `${pct(s.sectionsShown / Math.max(1, s.sections))}`,
      s.outlineMs.toFixed(1),
      s.layoutMs.toFixed(1),
    ]),
  ]),
);
for (const s of summaries) console.log(`\nLayouts (${s.label}): ${layoutList(s.layouts)}`);
console.log(
  '\ncover: share of the source\'s top 15 key phrases on the slides · figs: share of its distinct numbers · dup: points that nearly repeat an earlier one · empty: content slides with a title only · cont: continuation pages · cut: pages with text cut by "…" · sect: source sections some slide draws on · ms: generate + build + lay out',
);
