/**
 * Load bench of synchronous generation: starts the built app (NEXT_DIST_DIR), then autocannon sends
 * offline `POST /api/v1/ppt/presentation/generate` (8 content slides, export_as pptx, then pdf) for
 * `--duration` seconds at each connection count. Prints latency p50/p95/p99 (every answer's time,
 * kept exactly), requests/s, non-2xx answers and the peak RSS of the server's process tree. Ends
 * with the async path: a burst of `/generate/async` tasks and the tasks per second completed end to
 * end (submit → status `completed`).
 * `--db postgres` runs on a throwaway PostgreSQL cluster (the production setup); `--instances 2`
 * starts two servers on that one database and drives both at once (connections are per instance).
 * Run: npx tsx --conditions=react-server bench/generate-load.ts [--db sqlite|postgres]
 *   [--instances 1] [--duration 20] [--connections 1,2,4,8] [--formats pptx,pdf] [--async 16]
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { sampleTreeRss, treeRss } from "./lib/process-rss";
import { startBenchServers, type TBenchDatabase } from "./lib/start-bench-servers";
import { mb, percentile, round } from "./lib/stats";
import { writeBenchJson } from "./lib/write-out";

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "sqlite" },
    instances: { type: "string", default: "1" },
    duration: { type: "string", default: "20" },
    connections: { type: "string", default: "1,2,4,8" },
    formats: { type: "string", default: "pptx,pdf" },
    slides: { type: "string", default: "8" },
    async: { type: "string", default: "16" },
    out: { type: "string" },
    // Every request with new headings, so no picture comes from the server's prepared-picture
    // cache (lib/render/prepare-images.ts): the cost of decks on new topics. Without it the same
    // article is sent each time and its pictures are cached after the first request.
    fresh: { type: "boolean", default: false },
  },
});
const database = values.db as TBenchDatabase;
if (database !== "sqlite" && database !== "postgres") throw new Error("--db is sqlite or postgres");
const instances = Number(values.instances);
const duration = Number(values.duration);
const levels = values.connections.split(",").map(Number);
const formats = values.formats.split(",") as ("pptx" | "pdf")[];
const nSlides = Number(values.slides);
const asyncTasks = Number(values.async);
const outName =
  values.out ??
  `generate-load-${database}${instances > 1 ? `-x${instances}` : ""}${values.fresh ? "-fresh" : ""}`;

const CONTENT = fs.readFileSync(
  path.resolve(import.meta.dirname, "../tests/fixtures/text/article-heat-pumps.md"),
  "utf8",
);
let sent = 0;
const bodyFor = (format: string) => {
  const run = ++sent;
  const content = values.fresh ? CONTENT.replace(/^(#+ .+)$/gm, `$1 ${run}`) : CONTENT;
  return JSON.stringify({ content, n_slides: nSlides, export_as: format });
};

type TRow = {
  format: string;
  connectionsPerInstance: number;
  connectionsTotal: number;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  peakRssMb: number;
};

const servers = await startBenchServers({ database, instances });
const headers = { authorization: `Bearer ${servers.key}`, "content-type": "application/json" };
const rows: TRow[] = [];
let asyncFigure: Record<string, number> | null = null;
const idleRssMb = mb(treeRss(servers.pids));

/** One request per format and instance first: the first call loads fonts, icons and route code. */
async function warmUp(): Promise<void> {
  for (const baseUrl of servers.baseUrls)
    for (const format of formats) {
      const res = await fetch(`${baseUrl}/api/v1/ppt/presentation/generate`, {
        method: "POST",
        headers,
        body: bodyFor(format),
      });
      if (!res.ok) throw new Error(`warm-up ${format} on ${baseUrl}: ${res.status} ${await res.text()}`);
    }
}

/** autocannon against every instance at once for `duration` s; latencies from each answer. */
async function runLevel(format: string, connections: number): Promise<TRow> {
  const latencies: number[] = [];
  const rss = sampleTreeRss(servers.pids);
  const results = await Promise.all(
    servers.baseUrls.map((baseUrl) => {
      const instance = autocannon({
        url: `${baseUrl}/api/v1/ppt/presentation/generate`,
        method: "POST",
        headers,
        // --fresh: a new body for every request (autocannon calls setupRequest each time).
        ...(values.fresh
          ? { requests: [{ setupRequest: (req: object) => ({ ...req, body: bodyFor(format) }) }] }
          : { body: bodyFor(format) }),
        connections,
        duration,
        timeout: 120,
      });
      instance.on("response", (_client: unknown, _status: number, _bytes: number, ms: number) =>
        latencies.push(ms),
      );
      return instance;
    }),
  );
  const memory = rss.stop();
  const seconds = Math.max(...results.map((r) => r.duration));
  return {
    format,
    connectionsPerInstance: connections,
    connectionsTotal: connections * servers.baseUrls.length,
    requests: latencies.length,
    requestsPerSecond: round(latencies.length / seconds, 2),
    p50Ms: Math.round(percentile(latencies, 50)),
    p95Ms: Math.round(percentile(latencies, 95)),
    p99Ms: Math.round(percentile(latencies, 99)),
    non2xx: results.reduce((n, r) => n + r.non2xx, 0),
    errors: results.reduce((n, r) => n + r.errors, 0),
    timeouts: results.reduce((n, r) => n + r.timeouts, 0),
    peakRssMb: mb(memory.peak),
  };
}

/**
 * Submits `count` async generations at once (spread over the instances), polls every task's status
 * every 200 ms, and answers tasks/s from the first submit to the last completion.
 */
async function runAsync(count: number): Promise<Record<string, number>> {
  const rss = sampleTreeRss(servers.pids);
  const started = performance.now();
  const ids = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const baseUrl = servers.baseUrls[i % servers.baseUrls.length];
      const res = await fetch(`${baseUrl}/api/v1/ppt/presentation/generate/async`, {
        method: "POST",
        headers,
        body: bodyFor(formats[i % formats.length]),
      });
      if (res.status !== 202) throw new Error(`async submit: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { id: string }).id;
    }),
  );
  const submittedMs = performance.now() - started;
  const pending = new Set(ids);
  const doneAt: number[] = [];
  let failed = 0;
  while (pending.size > 0) {
    if (performance.now() - started > 600_000)
      throw new Error(`async: ${pending.size} tasks unfinished after 10 min`);
    await new Promise((r) => setTimeout(r, 200));
    await Promise.all(
      [...pending].map(async (id) => {
        const res = await fetch(`${servers.baseUrls[0]}/api/v3/async-task/status/${id}`, { headers });
        const task = (await res.json()) as { status: string };
        if (task.status === "completed" || task.status === "error") {
          pending.delete(id);
          doneAt.push(performance.now() - started);
          if (task.status === "error") failed++;
        }
      }),
    );
  }
  const totalMs = Math.max(...doneAt);
  return {
    tasks: count,
    failed,
    submitMs: Math.round(submittedMs),
    totalMs: Math.round(totalMs),
    tasksPerSecond: round(count / (totalMs / 1000), 2),
    firstDoneMs: Math.round(Math.min(...doneAt)),
    peakRssMb: mb(rss.stop().peak),
  };
}

try {
  await warmUp();
  console.log(
    `Deckforge generate load: ${database}, ${servers.baseUrls.length} instance(s), offline provider, ` +
      `${nSlides} content slides, ${duration} s per level; idle RSS ${idleRssMb} MB\n`,
  );
  console.log(
    "format | conns | requests | req/s | p50 ms | p95 ms | p99 ms | non-2xx | errors | peak RSS MB",
  );
  console.log(
    "------ | ----- | -------- | ----- | ------ | ------ | ------ | ------- | ------ | -----------",
  );
  for (const format of formats)
    for (const connections of levels) {
      const row = await runLevel(format, connections);
      rows.push(row);
      console.log(
        [
          row.format,
          row.connectionsTotal,
          row.requests,
          row.requestsPerSecond,
          row.p50Ms,
          row.p95Ms,
          row.p99Ms,
          row.non2xx,
          row.errors + row.timeouts,
          row.peakRssMb,
        ].join(" | "),
      );
    }
  if (asyncTasks > 0) {
    asyncFigure = await runAsync(asyncTasks);
    console.log(
      `\nAsync: ${asyncFigure.tasks} tasks submitted in ${asyncFigure.submitMs} ms, all done after ` +
        `${asyncFigure.totalMs} ms (first after ${asyncFigure.firstDoneMs} ms): ` +
        `${asyncFigure.tasksPerSecond} tasks/s end to end, ${asyncFigure.failed} failed; peak RSS ${asyncFigure.peakRssMb} MB`,
    );
    const bestSync = Math.max(...rows.map((r) => r.requestsPerSecond));
    console.log(
      `Sync vs async: the best sync level served ${bestSync} req/s; the async worker completes ` +
        `${asyncFigure.tasksPerSecond} tasks/s (its concurrency is JOB_CONCURRENCY per instance). ` +
        "Async frees the client's connection, it does not make a deck faster.",
    );
  }
} finally {
  await servers.stop();
}

const file = writeBenchJson(outName, {
  measuredAt: new Date().toISOString(),
  command:
    `npx tsx --conditions=react-server bench/generate-load.ts ${process.argv.slice(2).join(" ")}`.trim(),
  database,
  instances,
  durationSeconds: duration,
  nSlides,
  idleRssMb,
  rows,
  async: asyncFigure,
});
console.log(`\nJSON: ${file}`);
