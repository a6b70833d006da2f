/**
 * Deckforge vs Marp CLI on the same markdown outline (10 and 50 slides), PPTX and PDF.
 * Deckforge: `POST /api/v3/presentation/generate` with one markdown string per slide on the built
 * app (NEXT_DIST_DIR), timed as the HTTP request (the answer names the stored file; the download
 * is timed apart), once with `layout: null` (the service chooses, some slides get a picture) and
 * once with every slide on `bullets` (text only). Marp: `marp --pdf|--pptx`, wall clock including process start, since that is
 * what a user runs. Each figure is the median of `--runs` runs after one warm-up of each.
 * Also opens both PPTX files: text runs (`<a:t>`), pictures, and pictures that cover the whole
 * slide (Marp renders each slide to an image; ours are text boxes, tables and charts).
 * Marp finds Chromium through CHROME_PATH (CHROMIUM_PATH or /usr/bin/chromium here) and adds
 * --no-sandbox by itself when running as root (or with CHROME_NO_SANDBOX=1).
 * Run: npx tsx --conditions=react-server bench/marp-compare.ts [--sizes 10,50] [--runs 3]
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import JSZip from "jszip";
import { startBenchServers } from "./lib/start-bench-servers";
import { median, round } from "./lib/stats";
import { writeBenchJson } from "./lib/write-out";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "10,50" },
    runs: { type: "string", default: "3" },
    formats: { type: "string", default: "pptx,pdf" },
  },
});
const sizes = values.sizes.split(",").map(Number);
const runs = Number(values.runs);
const formats = values.formats.split(",") as ("pptx" | "pdf")[];
const root = path.resolve(import.meta.dirname, "..");
const MARP = path.join(root, "node_modules/.bin/marp");
const CHROME = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const TOPICS = [
  "Why heat pumps now",
  "How a heat pump works",
  "Running costs",
  "Installation steps",
  "Noise and placement",
  "Grants and financing",
  "Case study: a 1930s terrace",
  "Common objections",
  "Maintenance",
  "Next steps",
];
const POINTS = [
  "Moves heat instead of burning fuel, so one unit of power gives about three of heat",
  "Works down to −20 °C; output falls in the coldest weeks, so size for them",
  "Radiators may need upsizing where flow temperatures drop to 45 °C",
  "A survey measures every room's heat loss before anything is ordered",
  "Outdoor units sit at least a metre from the boundary to meet noise rules",
  "Grants cover up to **£7,500** of the installed cost in the current scheme",
  "Annual servicing checks refrigerant pressure, filters and the controller's log",
  "Smart tariffs cut running costs by shifting heating to cheap overnight hours",
];

/** One markdown string per slide: a heading and three or four bullets, some with a paragraph. */
function outline(n: number): string[] {
  return Array.from({ length: n }, (_, i) => {
    const bullets = Array.from({ length: 3 + (i % 2) }, (_, j) => `- ${POINTS[(i * 3 + j) % POINTS.length]}`);
    const intro =
      i % 3 === 0
        ? `\n\nWhat the pilot homes taught us about ${TOPICS[i % TOPICS.length].toLowerCase()}.`
        : "";
    return `# ${TOPICS[i % TOPICS.length]}${i >= TOPICS.length ? ` (${Math.floor(i / TOPICS.length) + 1})` : ""}${intro}\n\n${bullets.join("\n")}`;
  });
}

/** The same outline as one Marp document: front matter, slides split by `---`. */
const marpDocument = (slides: string[]) =>
  `---\nmarp: true\npaginate: true\n---\n\n${slides.join("\n\n---\n\n")}\n`;

/** Marp on a file: wall clock of the whole process, in ms. */
function runMarp(input: string, format: "pptx" | "pdf", output: string): number {
  const started = performance.now();
  const run = spawnSync(MARP, [`--${format}`, input, "-o", output], {
    env: { ...process.env, CHROME_PATH: CHROME },
    encoding: "utf8",
  });
  const ms = performance.now() - started;
  if (run.status !== 0 || !fs.existsSync(output)) throw new Error(`marp --${format} failed:\n${run.stderr}`);
  return ms;
}

type TPptxShape = { slides: number; textRuns: number; pictures: number; fullSlidePictures: number };

/**
 * What a PPTX holds: text runs across its slides, pictures, and pictures or slide backgrounds
 * that cover (≥ 90 % of) the whole slide, i.e. a slide drawn as one image.
 */
async function pptxShape(bytes: Buffer): Promise<TPptxShape> {
  const zip = await JSZip.loadAsync(bytes);
  const presentation = (await zip.file("ppt/presentation.xml")?.async("string")) ?? "";
  const size = /<p:sldSz[^>]*cx="(\d+)"[^>]*cy="(\d+)"/.exec(presentation);
  const [slideW, slideH] = size ? [Number(size[1]), Number(size[2])] : [12192000, 6858000];
  const shape: TPptxShape = { slides: 0, textRuns: 0, pictures: 0, fullSlidePictures: 0 };
  for (const name of Object.keys(zip.files).filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f))) {
    const xml = await (zip.file(name) as JSZip.JSZipObject).async("string");
    shape.slides++;
    shape.textRuns += (xml.match(/<a:t>[^<]*\S[^<]*<\/a:t>/g) ?? []).length;
    const pics = xml.match(/<p:pic>[\s\S]*?<\/p:pic>/g) ?? [];
    shape.pictures += pics.length;
    for (const pic of pics) {
      const ext = /<a:ext cx="(\d+)" cy="(\d+)"/.exec(pic);
      if (ext && Number(ext[1]) >= 0.9 * slideW && Number(ext[2]) >= 0.9 * slideH) shape.fullSlidePictures++;
    }
    if (/<p:bg>[\s\S]*?<a:blipFill/.test(xml)) shape.fullSlidePictures++;
  }
  return shape;
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), "deckforge-marp-"));
const servers = await startBenchServers({ database: "sqlite" });
const baseUrl = servers.baseUrls[0];
const headers = { authorization: `Bearer ${servers.key}`, "content-type": "application/json" };

/**
 * Deckforge v3 generate from the outline: request ms, download ms and the file's bytes. `layout`
 * null lets the service choose (it gives some slides a picture layout); "bullets" keeps every
 * slide text-only, which shows what the pictures cost.
 */
async function runDeckforge(slides: string[], format: "pptx" | "pdf", layout: string | null = null) {
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/v3/presentation/generate`, {
    method: "POST",
    headers,
    body: JSON.stringify({ slides: slides.map((content) => ({ content, layout })), export_as: format }),
  });
  const body = (await res.json()) as { path?: string };
  const requestMs = performance.now() - started;
  if (!res.ok || !body.path) throw new Error(`v3 generate ${format}: ${res.status} ${JSON.stringify(body)}`);
  const download = await fetch(new URL(body.path, baseUrl), { headers });
  const bytes = Buffer.from(await download.arrayBuffer());
  if (!download.ok) throw new Error(`download ${format}: ${download.status}`);
  return { requestMs, downloadMs: performance.now() - started - requestMs, bytes };
}

type TRow = {
  slides: number;
  format: string;
  deckforgeMs: number;
  deckforgeDownloadMs: number;
  /** Every slide given layout "bullets": no pictures to rasterise. */
  deckforgeTextOnlyMs: number;
  marpMs: number;
  ratio: number;
  ratioTextOnly: number;
  deckforgeBytes: number;
  marpBytes: number;
};
const rows: TRow[] = [];
const shapes: Record<string, { deckforge: TPptxShape; marp: TPptxShape }> = {};

try {
  // Warm-up: the server's first request loads fonts and route code; Marp's first run fills caches.
  const warm = outline(3);
  const warmInput = path.join(work, "warm.md");
  fs.writeFileSync(warmInput, marpDocument(warm));
  for (const format of formats) {
    await runDeckforge(warm, format);
    await runDeckforge(warm, format, "bullets");
    runMarp(warmInput, format, path.join(work, `warm.${format}`));
  }
  console.log(`Deckforge (v3 generate, HTTP) vs Marp CLI (process wall clock), median of ${runs} runs\n`);
  console.log(
    "slides | format | Deckforge ms | (+download ms) | text-only ms | Marp ms | Marp / Deckforge | Marp / text-only | Deckforge KB | Marp KB",
  );
  console.log(
    "------ | ------ | ------------ | -------------- | ------------ | ------- | ---------------- | ---------------- | ------------ | -------",
  );
  for (const n of sizes) {
    const slides = outline(n);
    const input = path.join(work, `outline-${n}.md`);
    fs.writeFileSync(input, marpDocument(slides));
    for (const format of formats) {
      const ours: number[] = [];
      const downloads: number[] = [];
      const textOnly: number[] = [];
      const theirs: number[] = [];
      let ourBytes = Buffer.alloc(0);
      const marpOut = path.join(work, `marp-${n}.${format}`);
      for (let i = 0; i < runs; i++) {
        const result = await runDeckforge(slides, format);
        ours.push(result.requestMs);
        downloads.push(result.downloadMs);
        ourBytes = result.bytes;
        textOnly.push((await runDeckforge(slides, format, "bullets")).requestMs);
        theirs.push(runMarp(input, format, marpOut));
      }
      const marpBytes = fs.readFileSync(marpOut);
      const row: TRow = {
        slides: n,
        format,
        deckforgeMs: Math.round(median(ours)),
        deckforgeDownloadMs: Math.round(median(downloads)),
        deckforgeTextOnlyMs: Math.round(median(textOnly)),
        marpMs: Math.round(median(theirs)),
        ratio: round(median(theirs) / median(ours), 1),
        ratioTextOnly: round(median(theirs) / median(textOnly), 1),
        deckforgeBytes: ourBytes.length,
        marpBytes: marpBytes.length,
      };
      rows.push(row);
      console.log(
        [
          n,
          format,
          row.deckforgeMs,
          row.deckforgeDownloadMs,
          row.deckforgeTextOnlyMs,
          row.marpMs,
          `${row.ratio}×`,
          `${row.ratioTextOnly}×`,
          Math.round(row.deckforgeBytes / 1024),
          Math.round(row.marpBytes / 1024),
        ].join(" | "),
      );
      if (format === "pptx") {
        shapes[n] = { deckforge: await pptxShape(ourBytes), marp: await pptxShape(marpBytes) };
        fs.writeFileSync(path.join(work, `deckforge-${n}.pptx`), ourBytes);
      }
    }
  }
} finally {
  await servers.stop();
}

console.log("\nPPTX contents: slides | text runs (<a:t>) | pictures | slide-sized pictures or backgrounds");
for (const [n, s] of Object.entries(shapes)) {
  const line = (who: string, x: TPptxShape) =>
    `  ${n} slides, ${who}: ${x.slides} | ${x.textRuns} | ${x.pictures} | ${x.fullSlidePictures}`;
  console.log(line("Deckforge", s.deckforge));
  console.log(line("Marp     ", s.marp));
}
const worst = rows.length ? Math.min(...rows.map((r) => r.ratio)) : 0;
console.log(`\nSlowest case for Marp relative to Deckforge: ${worst}× (goal ≥ 50×). Files in ${work}`);

const file = writeBenchJson("marp-compare", {
  measuredAt: new Date().toISOString(),
  command:
    `npx tsx --conditions=react-server bench/marp-compare.ts ${process.argv.slice(2).join(" ")}`.trim(),
  marpVersion: JSON.parse(
    fs.readFileSync(path.join(root, "node_modules/@marp-team/marp-cli/package.json"), "utf8"),
  ).version,
  chromium: CHROME,
  runs,
  rows,
  pptx: shapes,
});
console.log(`JSON: ${file}`);
