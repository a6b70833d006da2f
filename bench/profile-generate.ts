/**
 * CPU profile of the offline generation hot path, in process: the same call the sync route makes
 * (generateNow: reserve credits → generate → lay out → render → store → settle) on a fresh embedded
 * database, `--iterations` times after one warm-up, under the V8 profiler (node:inspector). Writes
 * the .cpuprofile (open it in Chrome DevTools or speedscope) and prints the functions with the
 * most self time, and the share of time per source area (lib/render, lib/layouts, node_modules …).
 * Run: npx tsx --conditions=react-server bench/profile-generate.ts [--iterations 20]
 *   [--format pptx|pdf] [--slides 8] [--cold]  (--cold: no picture comes from the cache)
 */
import crypto from "node:crypto";
import fs from "node:fs";
import { Session } from "node:inspector/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { median } from "./lib/stats";
import { BENCH_OUT, writeBenchJson } from "./lib/write-out";

const { values } = parseArgs({
  options: {
    iterations: { type: "string", default: "20" },
    format: { type: "string", default: "pptx" },
    slides: { type: "string", default: "8" },
    top: { type: "string", default: "15" },
    // Empty the prepared-picture cache before every run: the cost of a deck whose pictures are new.
    cold: { type: "boolean", default: false },
  },
});
const iterations = Number(values.iterations);
const format = values.format as "pptx" | "pdf";

// A fresh embedded database and storage: set before lib/db and lib/storage read the env.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "deckforge-profile-"));
process.env.DATA_DIR = dataDir;
delete process.env.DATABASE_URL;
process.env.LLM_PROVIDER = "offline";

const { getDb } = await import("@/lib/db");
const { findOrCreateUser } = await import("@/lib/auth/users");
const { adjustCredits } = await import("@/lib/credits/adjust-credits");
const { generateNow } = await import("@/lib/presentations/generate-now");
const { ZGeneratePresentationRequest } = await import("@/lib/api/schemas/generate");
const { generateDeck } = await import("@/lib/generate/generate-deck");
const { getProvider } = await import("@/lib/generate/get-provider");
const { resolveDeckImages } = await import("@/lib/images/resolve-deck-images");
const { ZDeck } = await import("@/lib/deck/schema");
const { layoutDeck } = await import("@/lib/layouts/layout-deck");
const { prepareImages, clearPreparedImageCache } = await import("@/lib/render/prepare-images");
const { renderPptx } = await import("@/lib/render/pptx/render-pptx");
const { renderPdf } = await import("@/lib/render/pdf/render-pdf");
const { getStorage } = await import("@/lib/storage");

const db = await getDb();
const user = await findOrCreateUser(db, "profile@example.com");
await adjustCredits(db, user.id, 1_000_000, "adjustment: profile bench");
const content = fs.readFileSync(
  path.resolve(import.meta.dirname, "../tests/fixtures/text/article-heat-pumps.md"),
  "utf8",
);
const request = ZGeneratePresentationRequest.parse({
  content,
  n_slides: Number(values.slides),
  export_as: format,
});
const once = (i: number) => {
  if (values.cold) clearPreparedImageCache();
  return generateNow(
    db,
    user.id,
    { kind: "generate_presentation", request },
    { origin: "http://127.0.0.1", requestId: `profile-${i}` },
  );
};

await once(-1);
const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.setSamplingInterval", { interval: 200 });
await session.post("Profiler.start");
const started = performance.now();
for (let i = 0; i < iterations; i++) await once(i);
const wallMs = performance.now() - started;
const { profile } = await session.post("Profiler.stop");
session.disconnect();

/**
 * The same pipeline step by step (the calls generatePresentation and savePresentation make), timed
 * apart: the V8 profile sees only the JavaScript thread, and sharp rasterises pictures on libuv's
 * threads, which the profile shows as idle. What generateNow takes beyond these steps is the
 * database (reserve, save, settle) and the response.
 */
async function phases() {
  const t0 = performance.now();
  const generated = await generateDeck(getProvider(), {
    content: request.content,
    tone: request.tone,
    verbosity: request.verbosity,
    language: request.language,
    n_slides: request.n_slides,
    include_title_slide: request.include_title_slide,
    include_table_of_contents: request.include_table_of_contents,
    markdown_emphasis: request.markdown_emphasis,
    template: request.template,
    theme: request.theme,
  });
  const t1 = performance.now();
  const pictures = await resolveDeckImages(generated.deck, {
    imageType: request.image_type,
    storage: getStorage(),
    presentationScope: user.id,
  });
  const t2 = performance.now();
  const deck = ZDeck.parse(pictures.deck);
  const slides = layoutDeck(deck);
  const t3 = performance.now();
  if (values.cold) clearPreparedImageCache();
  const images = await prepareImages(slides);
  const t4 = performance.now();
  const bytes =
    format === "pptx" ? await renderPptx(deck, slides, images) : await renderPdf(deck, slides, images);
  const t5 = performance.now();
  await getStorage().put(`profile/${crypto.randomUUID()}.${format}`, bytes);
  const t6 = performance.now();
  return {
    generate: t1 - t0,
    findPictures: t2 - t1,
    layout: t3 - t2,
    preparePictures: t4 - t3,
    writeFile: t5 - t4,
    store: t6 - t5,
    pictures: images.size,
  };
}
const phaseRuns: Awaited<ReturnType<typeof phases>>[] = [];
for (let i = 0; i < iterations; i++) phaseRuns.push(await phases());
const phaseMedians = Object.fromEntries(
  (["generate", "findPictures", "layout", "preparePictures", "writeFile", "store", "pictures"] as const).map(
    (k) => [k, Math.round(median(phaseRuns.map((r) => r[k])))],
  ),
);

type TNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
const nodes = profile.nodes as TNode[];
const byId = new Map(nodes.map((n) => [n.id, n]));
const selfSamples = new Map<number, number>();
for (const id of profile.samples ?? []) selfSamples.set(id, (selfSamples.get(id) ?? 0) + 1);
const totalSamples = (profile.samples ?? []).length;

const root = process.cwd();
const shortUrl = (url: string) =>
  url
    .replace(/^file:\/\//, "")
    .replace(`${root}/`, "")
    .replace(/^.*node_modules\//, "node_modules/");
/** Where a function lives, for the per-area summary. */
function areaOf(url: string): string {
  const u = shortUrl(url);
  if (!u) return "(V8 / native: GC, idle, program)";
  if (u.startsWith("node_modules/"))
    return `node_modules/${u.split("/")[1].startsWith("@") ? u.split("/").slice(1, 3).join("/") : u.split("/")[1]}`;
  if (u.startsWith("node:")) return "node: internals";
  const parts = u.split("/");
  return parts[0] === "lib" ? parts.slice(0, 2).join("/") : parts[0];
}

const byFunction = new Map<string, number>();
const byArea = new Map<string, number>();
for (const [id, count] of selfSamples) {
  const node = byId.get(id) as TNode;
  const { functionName, url, lineNumber } = node.callFrame;
  const name = `${functionName || "(anonymous)"} ${url ? `${shortUrl(url)}:${lineNumber + 1}` : ""}`.trim();
  byFunction.set(name, (byFunction.get(name) ?? 0) + count);
  const area = areaOf(url);
  byArea.set(area, (byArea.get(area) ?? 0) + count);
}
const share = (count: number) => Math.round((count / totalSamples) * 1000) / 10;
const top = [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top));
const areas = [...byArea].sort((a, b) => b[1] - a[1]);

console.log(
  `Offline generateNow (${values.slides} content slides, ${format}), ${iterations} iterations: ` +
    `${Math.round(wallMs)} ms, ${Math.round(wallMs / iterations)} ms each; ${totalSamples} samples\n`,
);
console.log(
  `Steps, median of ${iterations} (ms): ${Object.entries(phaseMedians)
    .map(([k, v]) => `${k} ${v}`)
    .join(", ")}; generateNow each ${Math.round(wallMs / iterations)}\n`,
);
console.log("self % | function (file:line)   [(idle) = the JS thread waiting: sharp threads, I/O]");
console.log("------ | --------------------");
for (const [name, count] of top) console.log(`${share(count).toFixed(1).padStart(5)} | ${name}`);
console.log("\nself % | area");
console.log("------ | ----");
for (const [area, count] of areas.slice(0, 15))
  console.log(`${share(count).toFixed(1).padStart(5)} | ${area}`);

fs.mkdirSync(BENCH_OUT, { recursive: true });
const profileFile = path.join(BENCH_OUT, `profile-generate-${format}.cpuprofile`);
fs.writeFileSync(profileFile, JSON.stringify(profile));
const file = writeBenchJson(`profile-generate-${format}`, {
  measuredAt: new Date().toISOString(),
  command:
    `npx tsx --conditions=react-server bench/profile-generate.ts ${process.argv.slice(2).join(" ")}`.trim(),
  iterations,
  msEach: Math.round(wallMs / iterations),
  samples: totalSamples,
  stepsMedianMs: phaseMedians,
  topSelf: top.map(([name, count]) => ({ name, selfPercent: share(count) })),
  areas: areas.map(([area, count]) => ({ area, selfPercent: share(count) })),
  cpuprofile: profileFile,
});
console.log(`\nJSON: ${file}\nProfile: ${profileFile}`);
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
