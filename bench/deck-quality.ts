/**
 * Deck-quality bench: decks the default generator makes from real documents
 * (tests/fixtures/corpus), measured against the floors of the "deck quality" issue
 * (bench/lib/deck-quality-metrics.ts). Each text is generated as POST
 * /api/v1/ppt/presentation/generate does for `{content}`, `{content, n_slides: 5}` and
 * `{content, n_slides: 12}`. Prints a table per run, the findings per text and the totals, and
 * writes bench/out/deck-quality.json (deck-quality-only.json with --only).
 * Decks are made one at a time in a child process: a deck that takes longer than --timeout
 * seconds (default 60) is reported as failed, the child is killed and a fresh one carries on, so
 * a generator that hangs on one text does not stop the bench.
 * Run: npm run bench:deck-quality [-- --json] [--show SUBSTRING] [--only SUBSTRING] [--sheets]
 * [--timeout SECONDS]
 */
import { type ChildProcess, fork } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import type { TDeck, TSlide } from "@/lib/deck/schema";
import { deckContext } from "@/lib/layouts/layout-deck";
import { writeDeckSheet } from "./lib/contact-sheet";
import { generateLikeApi, readCorpus, readCorpusText, type TCorpusSource } from "./lib/corpus-decks";
import {
  FLOORS,
  measureDeckQuality,
  plain,
  type TDeckQuality,
  type TFinding,
  type TQualityTotals,
  totals,
} from "./lib/deck-quality-metrics";
import { BENCH_OUT, writeBenchJson } from "./lib/write-out";

const { values } = parseArgs({
  options: {
    json: { type: "boolean", default: false },
    show: { type: "string" },
    only: { type: "string" },
    sheets: { type: "boolean", default: false },
    timeout: { type: "string", default: "60" },
    /** Internal: this process is the child that makes and measures decks. */
    child: { type: "boolean", default: false },
  },
});

/** The three requests per text: only `content` (the API's defaults), then 5 and 12 slides. */
const RUNS = [
  { id: "default", request: {} },
  { id: "n5", request: { n_slides: 5 } },
  { id: "n12", request: { n_slides: 12 } },
] as const;
type TRunId = (typeof RUNS)[number]["id"];

type TTask = { text: TCorpusSource; run: TRunId };
type TDeckResult = {
  text: TCorpusSource;
  run: TRunId;
  deck?: TDeck;
  quality?: TDeckQuality;
  ms: number;
  warnings: string[];
  error?: string;
};

const corpus = readCorpus().filter((t) => !values.only || t.file.includes(values.only));
if (!corpus.length) {
  console.error(`No corpus text contains '${values.only}'.`);
  process.exit(2);
}
const timeoutMs = Number(values.timeout) * 1000;
if (!(timeoutMs > 0)) {
  console.error(`--timeout must be a number of seconds, not '${values.timeout}'.`);
  process.exit(2);
}

/** Ids of the template's decoration shapes on every kind of slide (not content). */
function decorIds(deck: TDeck): Set<string> {
  const context = deckContext(deck);
  const kinds = ["cover", "section", "content", "closing"] as const;
  return new Set(kinds.flatMap((kind) => context.template.decor(kind, context).map((box) => box.id)));
}

/** Makes and measures one deck (in the child process). */
async function measure({ text, run: runId }: TTask): Promise<TDeckResult> {
  const source = readCorpusText(text.file);
  const run = RUNS.find((r) => r.id === runId) ?? RUNS[0];
  try {
    const made = await generateLikeApi(source, run.request);
    const quality = measureDeckQuality({
      source,
      language: text.language,
      deck: made.deck,
      pages: made.pages,
      body: deckContext(made.deck).template.frame.body,
      decor: decorIds(made.deck),
    });
    if (values.sheets) {
      const dir = path.join(BENCH_OUT, "sheets");
      mkdirSync(dir, { recursive: true });
      await writeDeckSheet(made.deck, path.join(dir, `${slug(text.file)}-${run.id}.png`), made.assets);
    }
    return { text, run: run.id, deck: made.deck, quality, ms: made.ms, warnings: made.warnings };
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    return { text, run: run.id, ms: 0, warnings: [], error: message };
  }
}

const WARM_UP =
  "Warming up\n\nThe first deck of a process loads fonts and modules. Its time is not counted.\n\n" +
  "1. Read the text.\n2. Plan the slides.\n3. Lay them out.";

const slug = (file: string) => file.replace(/\.txt$/, "");

/** The child that makes decks; replaced when a deck times out. */
let child: { process: ChildProcess; ready: Promise<void> } | undefined;

function startChild(): NonNullable<typeof child> {
  const args = ["--child", ...(values.sheets ? ["--sheets"] : [])];
  const proc = fork(import.meta.filename, args, { execArgv: process.execArgv, stdio: "inherit" });
  const ready = new Promise<void>((resolve, reject) => {
    proc.once("message", () => resolve());
    proc.once("exit", (code) => reject(new Error(`the deck child exited (${code}) before it was ready`)));
  });
  return { process: proc, ready };
}

/** Runs one task in the child, or reports it failed when it takes longer than the timeout. */
async function runTask(task: TTask): Promise<TDeckResult> {
  child ??= startChild();
  const { process: proc, ready } = child;
  return new Promise<TDeckResult>((resolve) => {
    let settled = false;
    const fail = (error: string) => {
      if (settled) return;
      settled = true;
      proc.off("message", done);
      proc.off("exit", exited);
      proc.kill("SIGKILL");
      if (child?.process === proc) child = undefined;
      resolve({ ...task, ms: 0, warnings: [], error });
    };
    const timer = setTimeout(() => fail(`timed out after ${values.timeout} s`), timeoutMs);
    const done = (result: TDeckResult) => {
      settled = true;
      clearTimeout(timer);
      proc.off("exit", exited);
      resolve(result);
    };
    const exited = (code: number | null) => {
      clearTimeout(timer);
      fail(`the deck child exited (${code})`);
    };
    ready.then(
      () => {
        if (settled) return;
        proc.once("message", done);
        proc.once("exit", exited);
        proc.send(task);
      },
      (error: Error) => {
        clearTimeout(timer);
        fail(error.message);
      },
    );
  });
}

const ok = (rs: TDeckResult[]) => rs.filter((r) => r.quality).map((r) => r.quality as TDeckQuality);
const meanMs = (rs: TDeckResult[]) => {
  const made = rs.filter((r) => r.quality);
  return made.reduce((a, r) => a + r.ms, 0) / Math.max(1, made.length);
};

type TRunSummary = {
  id: string;
  request: object;
  results: TDeckResult[];
  totals: TQualityTotals;
  ms: number;
  failed: number;
};

function summarise(id: string, request: object, rs: TDeckResult[]): TRunSummary {
  return {
    id,
    request,
    results: rs,
    totals: totals(ok(rs)),
    ms: meanMs(rs),
    failed: rs.filter((r) => r.error).length,
  };
}

async function main(): Promise<void> {
  const results: TDeckResult[] = [];
  try {
    for (const run of RUNS) for (const text of corpus) results.push(await runTask({ text, run: run.id }));
  } finally {
    child?.process.kill();
  }
  const runs = RUNS.map((run) =>
    summarise(
      run.id,
      run.request,
      results.filter((r) => r.run === run.id),
    ),
  );
  const overall = summarise("overall", {}, results);
  const errors = results.filter((r) => r.error);
  // A run limited with --only does not replace the corpus-wide figures.
  const file = writeBenchJson(values.only ? "deck-quality-only" : "deck-quality", {
    ...(values.only ? { only: values.only } : {}),
    runs: [...runs, overall].map((r) => ({
      id: r.id,
      request: r.request,
      msPerDeck: r.ms,
      failed: r.failed,
      totals: r.totals,
    })),
    decks: results.map((x) => ({
      file: x.text.file,
      run: x.run,
      language: x.text.language,
      kind: x.text.kind,
      ms: x.ms,
      warnings: x.warnings,
      ...(x.error ? { error: x.error } : {}),
      ...(x.quality ? { quality: x.quality } : {}),
    })),
  });

  if (values.json) {
    console.log(readFileSync(file, "utf8"));
  } else if (values.show) {
    const needle = values.show;
    const shown = results.filter((r) => r.text.file.includes(needle));
    if (!shown.length) console.error(`No corpus text contains '${needle}'.`);
    for (const r of shown) show(r);
  } else {
    for (const run of runs) {
      console.log(`\n## Run ${run.id}: ${JSON.stringify({ content: "…", ...run.request })}\n`);
      console.log(runTable(run.results));
    }
    console.log(COLUMNS);
    console.log("\n## Findings per text\n");
    for (const text of corpus) {
      const lines = results
        .filter((r) => r.text.file === text.file)
        .flatMap((r) =>
          (r.quality ? findingLines(r.quality) : [`FAILED ${r.error?.split("\n")[0]}`]).map(
            (l) => `  [${r.run}] ${l}`,
          ),
        );
      if (lines.length) console.log(`${text.file}\n${lines.join("\n")}`);
    }
    console.log("\n## Totals\n");
    console.log(totalsTable([...runs, overall]));
  }
  console.error(
    `\nwrote ${path.relative(process.cwd(), file)}${errors.length ? `; ${errors.length} decks failed` : ""}`,
  );
  if (errors.length) process.exitCode = 1;
}

const pct = (x: number) => `${Math.round(x * 100)}%`;
const ratio = (a: number, b: number) => `${a}/${b}`;

function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows
    .map((r) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  "))
    .join("\n");
}

/** One line per deck of a run. */
function runTable(rs: TDeckResult[]): string {
  const head = [
    "text",
    "slides",
    "title",
    "frag",
    "rep",
    "cut",
    "label",
    "cont",
    "struct",
    "lay",
    "thin",
    "cover",
    "visual",
    "ovf",
    "lang",
    "inv",
    "ms",
  ];
  const rows = rs.map((r) => {
    const q = r.quality;
    if (!q) return [slug(r.text.file).slice(0, 44), "ERROR", ...head.slice(2).map(() => "")];
    const s = Object.values(q.structure).filter((x) => x.opportunity);
    return [
      slug(r.text.file).slice(0, 44),
      `${q.contentSlides}/${q.slides}`,
      q.title.opensWithTitle ? (q.title.match ? "ok" : "MISS") : "-",
      String(q.fragmentTitles.length),
      String(q.titleOnly.length + q.repeatedPoints.length),
      String(q.cutBullets.length),
      q.metricLabels ? ratio(q.badMetricLabels.length, q.metricLabels) : "-",
      q.continuations.length
        ? `${q.continuations.length}(${q.continuations.filter((c) => !c.justified).length})`
        : "0",
      s.length ? ratio(s.filter((x) => x.hit).length, s.length) : "-",
      `${q.distinctLayouts}${q.rotated ? "r" : ""}`,
      String(q.thinSlides.length),
      (q.coverage.reduce((a, c) => a + c.coverage, 0) / Math.max(1, q.coverage.length)).toFixed(2),
      pct(q.visualSlides / Math.max(1, q.contentSlides)),
      String(q.overflow.length),
      q.englishWords === null ? "-" : String(q.englishWords.length),
      String(q.inventedFigures.length),
      r.ms.toFixed(0),
    ];
  });
  return table([head, ...rows]);
}

/** The figures of each run and overall, one row per figure. */
function totalsTable(cols: TRunSummary[]): string {
  const row = (label: string, f: (t: TQualityTotals, ms: number) => string) => [
    label,
    ...cols.map((c) => f(c.totals, c.ms)),
  ];
  const hit = (k: keyof TQualityTotals["structure"]) => (t: TQualityTotals) =>
    ratio(t.structure[k].hits, t.structure[k].opportunities);
  return table([
    ["figure", ...cols.map((c) => c.id)],
    ["decks measured (failed)", ...cols.map((c) => `${c.totals.decks} (${c.failed})`)],
    row("slides / content slides", (t) => `${t.slides} / ${t.contentSlides}`),
    row("words per content slide", (t) => t.meanWordsPerContentSlide.toFixed(1)),
    row("ms per deck", (_, ms) => ms.toFixed(0)),
    row("1 deck title = document title", (t) => ratio(t.titleMatched, t.titleOpened)),
    row("2 fragment titles", (t) => ratio(t.fragmentTitles, t.titlesChecked)),
    row("3 slides repeating a title", (t) => String(t.titleOnlySlides)),
    row("3 repeated points", (t) => ratio(t.repeatedPoints, t.points)),
    row("4 cut bullets", (t) => ratio(t.cutBullets, t.bulletsChecked)),
    row("5 bad metric labels", (t) => ratio(t.badMetricLabels, t.metricLabels)),
    row("6 continuations (unjustified)", (t) => `${t.continuations} (${t.unjustifiedContinuations})`),
    row("7 timeline for dated events", hit("timeline")),
    row("7 metrics/chart/table for figures", hit("figures")),
    row("7 numbered steps for instructions", hit("steps")),
    row("7 comparison for options", hit("comparison")),
    row("8 distinct content layouts", (t) => t.meanDistinctLayouts.toFixed(2)),
    row("8 8-slide decks with >= 4", (t) => ratio(t.eightSlideDecksVaried, t.eightSlideDecks)),
    row("8 rotated layout sequences", (t) => ratio(t.rotatedDecks, t.decks)),
    row("9 thin slides", (t) => ratio(t.thinSlides, t.contentSlides)),
    row(`10 body coverage (>= ${FLOORS.bodyCoverage})`, (t) => t.meanBodyCoverage.toFixed(2)),
    row(`11 visual share (>= ${pct(FLOORS.visualShare)})`, (t) => pct(t.visualShare)),
    row("12 overflowing boxes (0)", (t) => String(t.overflow)),
    row("13 non-English decks with English words", (t) => ratio(t.languageFailed, t.languageChecked)),
    row("14 invented figures", (t) => String(t.inventedFigures)),
  ]);
}

function findingLines(q: TDeckQuality): string[] {
  const at = (f: TFinding) => `slide ${f.slide}${f.page ? ` p${f.page}` : ""}`;
  const list = (label: string, fs: TFinding[]) =>
    fs.map((f) => `${label} ${at(f)}: ${f.reason} — "${f.text}"`);
  const out: string[] = [];
  if (q.title.opensWithTitle && !q.title.match)
    out.push(`title: expected "${q.title.expected}", got "${q.title.got}"`);
  out.push(
    ...list("fragment title", q.fragmentTitles),
    ...list("repeat", q.titleOnly),
    ...list("repeat", q.repeatedPoints),
    ...list("cut bullet", q.cutBullets),
    ...list("metric label", q.badMetricLabels),
    ...list(
      "continuation",
      q.continuations.filter((c) => !c.justified),
    ),
  );
  for (const [key, s] of Object.entries(q.structure))
    if (s.opportunity && !s.hit) out.push(`structure: ${key} called for, not in the deck`);
  out.push(...list("thin", q.thinSlides), ...list("overflow", q.overflow));
  if (q.englishWords?.length)
    out.push(`language: English fixed words ${q.englishWords.map((w) => `"${w}"`).join(", ")}`);
  out.push(...list("invented figure", q.inventedFigures));
  return out;
}

function contentLines(slide: TSlide): string[] {
  const c = slide.content;
  const out: string[] = [];
  const add = (prefix: string, text: string | undefined) => {
    if (text) out.push(`${prefix}${plain(text)}`);
  };
  add("subtitle: ", c.subtitle);
  add("body: ", c.body);
  for (const b of c.bullets ?? []) add("• ", b);
  c.columns?.forEach((col, i) => {
    add(`column ${i + 1}: `, col.heading);
    add("  body: ", col.body);
    for (const b of col.bullets ?? []) add("  • ", b);
  });
  for (const i of c.items ?? [])
    out.push(`card [${i.icon ?? ""}] ${plain(i.title)}${i.body ? ` | ${plain(i.body)}` : ""}`);
  for (const m of c.metrics ?? [])
    out.push(`metric ${m.value} — ${plain(m.label)}${m.detail ? ` (${plain(m.detail)})` : ""}`);
  for (const e of c.timeline ?? [])
    out.push(`event ${e.date}: ${plain(e.title)}${e.body ? ` | ${plain(e.body)}` : ""}`);
  if (c.quote)
    out.push(
      `quote "${plain(c.quote.text)}"${c.quote.attribution ? ` — ${plain(c.quote.attribution)}` : ""}`,
    );
  if (c.table)
    for (const row of [c.table.header, ...c.table.rows]) out.push(`| ${row.map(plain).join(" | ")} |`);
  if (c.chart)
    out.push(
      `chart ${c.chart.type}: ${c.chart.categories.join(", ")}; ${c.chart.series.map((s) => `${s.name} = ${s.values.join(", ")}`).join("; ")}`,
    );
  if (c.image) out.push(`image: ${c.image.query ?? ""}${c.image.asset ? ` (${c.image.asset})` : ""}`);
  return out;
}

function show(r: TDeckResult): void {
  console.log(`\n=== ${r.text.file} — ${r.run} (${r.text.language}, ${r.text.kind})`);
  if (!r.deck || !r.quality) {
    console.log(r.error);
    return;
  }
  const q = r.quality;
  console.log(
    `deck title: "${r.deck.title}"; layouts: ${q.layoutSequence.join(" → ")}${q.rotated ? " (rotated)" : ""}`,
  );
  r.deck.slides.forEach((slide, i) => {
    const cover = q.coverage.filter((c) => c.slide === i + 1).map((c) => c.coverage.toFixed(2));
    console.log(
      `${i + 1}. [${slide.layout}] ${plain(slide.content.title)}${cover.length ? `  (coverage ${cover.join(", ")})` : ""}`,
    );
    for (const line of contentLines(slide)) console.log(`     ${line}`);
  });
  const findings = findingLines(q);
  if (findings.length) console.log(`findings:\n  ${findings.join("\n  ")}`);
  if (r.warnings.length) console.log(`warnings: ${r.warnings.join(" | ")}`);
}

const COLUMNS =
  "\ncolumns: slides content/all · title ok/MISS/- (no title line) · frag fragment titles · rep repeats · cut cut bullets ·" +
  "\nlabel bad/all metric labels · cont continuations(unjustified) · struct structure hits/opportunities ·" +
  "\nlay distinct content layouts (r: rotated) · thin · cover body coverage · visual share · ovf overflow ·" +
  "\nlang English fixed words · inv invented figures";

if (values.child) {
  // One untimed deck first: the times then show the generator, not module loading and the JIT.
  await generateLikeApi(WARM_UP).catch(() => {});
  process.on("message", (task: TTask) => {
    void measure(task).then((result) => process.send?.(result));
  });
  process.send?.("ready");
} else {
  await main();
}
