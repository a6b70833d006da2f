/**
 * API fuzz bench: starts the built app (NEXT_DIST_DIR, default .next) on a fresh data directory,
 * sends N fuzzed requests over every operation of the OpenAPI registry (tests/api/fuzz-arbitraries.ts)
 * and prints the answers counted by status and every answer that breaks the property (a 5xx, or a
 * 4xx that is not a matching problem+json body), grouped.
 * Run: npx tsx --conditions=react-server bench/fuzz.ts [seed] [--count 10000] [--concurrency 8] [--json]
 * Exits 1 when anything failed or the server is unhealthy afterwards.
 */
import { parseArgs } from "node:util";
import { sampleRequests } from "../tests/api/fuzz-arbitraries";
import {
  FUZZ_SERVER_ENV,
  fuzzRoutes,
  prepareFuzzAccount,
  runFuzz,
  summariseFailures,
} from "../tests/api/fuzz-run";
import { startDeckforgeServer } from "../tests/api/global-setup";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    count: { type: "string", default: "10000" },
    concurrency: { type: "string", default: "8" },
    json: { type: "boolean", default: false },
  },
});
const seed = positionals[0] === undefined ? Date.now() % 2 ** 31 : Number(positionals[0]);
const count = Number(values.count);
const concurrency = Number(values.concurrency);
if (!Number.isInteger(seed) || !Number.isInteger(count) || count < 1 || !Number.isInteger(concurrency)) {
  console.error("usage: bench/fuzz.ts [seed] [--count N] [--concurrency C] [--json]");
  process.exit(2);
}

const server = await startDeckforgeServer(FUZZ_SERVER_ENV);
let exitCode = 0;
try {
  const ids = await prepareFuzzAccount(server.baseUrl, server.dataDir, FUZZ_SERVER_ENV);
  const drawStarted = Date.now();
  const requests = sampleRequests(fuzzRoutes(), ids, seed, count);
  const drawMs = Date.now() - drawStarted;
  const report = await runFuzz(server.baseUrl, requests, {
    concurrency,
    onProgress: (done) => {
      if (!values.json && done % 1000 === 0) process.stderr.write(`  ${done}/${count}\n`);
    },
  });
  const crashed = /\[deckforge\].*failed/.test(server.log());
  if (values.json) {
    console.log(
      JSON.stringify({ seed, count, concurrency, drawMs, ...report, crashedRequestsLogged: crashed }),
    );
  } else {
    console.log(
      `seed ${seed}: ${report.sent} requests, ${concurrency} at a time, in ${(report.ms / 1000).toFixed(1)} s`,
    );
    console.log(`(drawing them took ${(drawMs / 1000).toFixed(1)} s)`);
    console.log("answers by status:");
    for (const [status, n] of Object.entries(report.byStatus).sort(([a], [b]) => Number(a) - Number(b)))
      console.log(`  ${status}\t${n}`);
    console.log(`server healthy afterwards: ${report.healthy}`);
    console.log(
      `documented non-problem answers (readiness 503 not_ready): ${JSON.stringify(report.documented)}`,
    );
    console.log(`failures: ${report.failures.length}`);
    if (report.failures.length > 0) console.log(summariseFailures(report.failures));
  }
  if (report.failures.length > 0 || !report.healthy) exitCode = 1;
} finally {
  await server.stop();
}
process.exit(exitCode);
