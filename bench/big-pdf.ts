/**
 * Big-document bench: writes a 100-page report PDF (pdfkit: chapters, sections, prose with
 * figures), reads it through the upload's parse path (parseFile with the env's limits), then
 * generates a deck from it with getProvider() (offline unless LLM_PROVIDER says otherwise) and
 * renders it. Prints the time of each step and the memory it took: RSS and heap sampled every
 * 20 ms, and the process's true peak RSS (getrusage).
 * Run: npx tsx --conditions=react-server bench/big-pdf.ts [--pages 100] [--slides 12] [--json]
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import PDFDocument from "pdfkit";
import { fileSection } from "@/lib/files/file-section";
import { parseFile } from "@/lib/files/parse-file";
import { getUploadLimits } from "@/lib/files/upload-limits";
import { generateDeck } from "@/lib/generate/generate-deck";
import { getProvider } from "@/lib/generate/get-provider";
import { renderDeck } from "@/lib/render/render-deck";

const { values } = parseArgs({
  options: {
    pages: { type: "string", default: "100" },
    slides: { type: "string", default: "12" },
    json: { type: "boolean", default: false },
    out: { type: "string", default: path.resolve(import.meta.dirname, "out/big-pdf") },
  },
});
const PAGES = Number(values.pages);
const SLIDES = Number(values.slides);

/** Deterministic pseudo-random numbers, so every run measures the same document. */
function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const random = seeded(42);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];

const PLACES = [
  "the northern district",
  "the harbour towns",
  "the valley clinics",
  "the river wards",
  "the upland farms",
];
const ACTORS = [
  "The regional board",
  "The water utility",
  "Field teams",
  "The steering group",
  "Local councils",
  "The finance office",
];
const ACTIONS = ["reduced", "doubled", "measured", "reviewed", "extended", "replaced", "funded", "monitored"];
const OBJECTS = [
  "pipe repairs",
  "metering coverage",
  "the night-time leakage rate",
  "maintenance crews",
  "pump station upgrades",
  "customer complaints",
  "solar pumping pilots",
  "training for operators",
];
const REASONS = [
  "because winter demand peaks earlier each year",
  "so that outages are found within hours rather than days",
  "after the 2023 audit found gaps in the asset register",
  "while keeping tariffs flat for low-income households",
  "in line with the national resilience plan",
];

function sentence(): string {
  const figure = `${Math.round(5 + random() * 90)} percent`;
  switch (Math.floor(random() * 4)) {
    case 0:
      return `${pick(ACTORS)} ${pick(ACTIONS)} ${pick(OBJECTS)} in ${pick(PLACES)} ${pick(REASONS)}.`;
    case 1:
      return `In ${2019 + Math.floor(random() * 7)}, ${pick(OBJECTS)} in ${pick(PLACES)} changed by ${figure}, ${pick(REASONS)}.`;
    case 2:
      return `${pick(ACTORS)} expects ${pick(OBJECTS)} to cost about ${Math.round(1 + random() * 40)} million euros over five years.`;
    default:
      return `Survey respondents in ${pick(PLACES)} rated ${pick(OBJECTS)} as the top priority, ahead of ${pick(OBJECTS)}.`;
  }
}

const paragraph = () => Array.from({ length: 4 + Math.floor(random() * 4) }, sentence).join(" ");

/** A report of about `pages` pages: a chapter every ten pages, sections of three or four paragraphs. */
async function writeReport(pages: number): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", margin: 64, info: { Title: "Water Network Resilience Review" } });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on("end", () => resolve()));
  let page = 1;
  doc.on("pageAdded", () => page++);
  doc.font("Helvetica-Bold").fontSize(26).text("Water Network Resilience Review").moveDown();
  let chapter = 0;
  let section = 0;
  const full = () => page >= pages && doc.y > doc.page.height * 0.6;
  while (!full()) {
    if (section % 6 === 0) {
      chapter++;
      doc
        .moveDown()
        .font("Helvetica-Bold")
        .fontSize(18)
        .text(`${chapter}. ${pick(OBJECTS).replace(/^./, (c) => c.toUpperCase())} in ${pick(PLACES)}`)
        .moveDown(0.5);
    }
    section++;
    const who = pick(ACTORS).replace(/^The (.)/, (_, c: string) => c.toUpperCase());
    doc
      .font("Helvetica-Bold")
      .fontSize(13)
      .text(`${chapter}.${section} ${who} and ${pick(OBJECTS)}`)
      .moveDown(0.3);
    for (let i = 0; i < 3 + Math.floor(random() * 2) && !full(); i++) {
      doc.font("Helvetica").fontSize(10.5).text(paragraph(), { lineGap: 2 }).moveDown(0.6);
    }
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

type TSample = { rss: number; heap: number };
/** Samples memory during a step; the event loop must breathe for a sample to be taken. */
async function measure<T>(step: () => Promise<T>): Promise<{ value: T; ms: number; peak: TSample }> {
  const peak: TSample = { rss: 0, heap: 0 };
  const sample = () => {
    const m = process.memoryUsage();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heap = Math.max(peak.heap, m.heapUsed);
  };
  sample();
  const timer = setInterval(sample, 20);
  const start = performance.now();
  try {
    const value = await step();
    sample();
    return { value, ms: performance.now() - start, peak };
  } finally {
    clearInterval(timer);
  }
}

const MB = (bytes: number) => Math.round(bytes / 1024 / 1024);

fs.mkdirSync(values.out, { recursive: true });
const baseline = process.memoryUsage();
const written = await measure(() => writeReport(PAGES));
const pdfPath = path.join(values.out, "big.pdf");
fs.writeFileSync(pdfPath, written.value);

const limits = getUploadLimits();
const parsed = await measure(() => parseFile(written.value, "big.pdf", "application/pdf", limits));
const content = fileSection("big.pdf", parsed.value.text);

const provider = getProvider();
const generated = await measure(() =>
  generateDeck(provider, {
    content,
    tone: "default",
    verbosity: "standard",
    language: "English",
    n_slides: SLIDES,
    include_title_slide: true,
    include_table_of_contents: false,
    markdown_emphasis: true,
    template: "general",
    theme: "light",
  }),
);
const rendered = await measure(() => renderDeck(generated.value.deck, "pptx"));
fs.writeFileSync(path.join(values.out, "big.pptx"), rendered.value.bytes);

const result = {
  provider: provider.id,
  pdf: { pages: parsed.value.pages, bytes: written.value.length, ms: Math.round(written.ms) },
  parse: {
    ms: Math.round(parsed.ms),
    characters: parsed.value.text.length,
    headings: (parsed.value.text.match(/^#{1,3} /gm) ?? []).length,
    warnings: parsed.value.warnings,
    peakRssMb: MB(parsed.peak.rss),
    peakHeapMb: MB(parsed.peak.heap),
  },
  generate: {
    ms: Math.round(generated.ms),
    slides: generated.value.deck.slides.length,
    titles: generated.value.deck.slides.map((s) => s.content.title ?? "").slice(0, 6),
    peakRssMb: MB(generated.peak.rss),
    peakHeapMb: MB(generated.peak.heap),
  },
  render: {
    ms: Math.round(rendered.ms),
    bytes: rendered.value.bytes.length,
    peakRssMb: MB(rendered.peak.rss),
  },
  process: {
    baselineRssMb: MB(baseline.rss),
    // getrusage's maxRSS is in kilobytes and catches peaks the sampler misses.
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  },
};

if (values.json) console.log(JSON.stringify(result, null, 2));
else {
  console.log(
    `PDF: ${result.pdf.pages} pages, ${(result.pdf.bytes / 1024).toFixed(0)} KB, written in ${result.pdf.ms} ms (${pdfPath})`,
  );
  console.log(
    `Parse: ${result.parse.ms} ms, ${result.parse.characters.toLocaleString("en-US")} characters, ${result.parse.headings} headings; peak RSS ${result.parse.peakRssMb} MB, heap ${result.parse.peakHeapMb} MB`,
  );
  for (const warning of result.parse.warnings) console.log(`  warning: ${warning}`);
  console.log(
    `Generate (${result.provider}): ${result.generate.ms} ms, ${result.generate.slides} slides; peak RSS ${result.generate.peakRssMb} MB, heap ${result.generate.peakHeapMb} MB`,
  );
  console.log(`  first titles: ${result.generate.titles.join(" | ")}`);
  console.log(`Render PPTX: ${result.render.ms} ms, ${(result.render.bytes / 1024).toFixed(0)} KB`);
  console.log(
    `Process: baseline RSS ${result.process.baselineRssMb} MB, peak RSS ${result.process.peakRssMb} MB`,
  );
}
