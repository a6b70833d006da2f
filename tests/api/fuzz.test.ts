// Property-based fuzzing of every API operation over real HTTP: fast-check draws, from a fixed seed,
// requests for each route of the OpenAPI registry — bodies from its zod schema or example, mutated
// (wrong types, missing and extra fields, 1 MB and empty strings, hostile unicode, deep nesting),
// wrong content types, broken JSON, a BOM, junk queries, junk ids and credentials — and every answer
// must hold: no 5xx, every 4xx a problem+json whose status matches, and the server still healthy.
// bench/fuzz.ts sends 10,000 of the same kind with a seed of your choice.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TFuzzIds } from "./fuzz-arbitraries";
import { sampleRequests } from "./fuzz-arbitraries";
import {
  checkAnswer,
  FUZZ_SERVER_ENV,
  fuzzRoutes,
  prepareFuzzAccount,
  runFuzz,
  send,
  summariseFailures,
} from "./fuzz-run";
import { startDeckforgeServer } from "./global-setup";

/** Fixed, so a failure is reproduced by running the test again (or bench/fuzz.ts with this seed). */
const SEED = 20_261_122;
const REQUESTS = 600;

let server: Awaited<ReturnType<typeof startDeckforgeServer>>;
let ids: TFuzzIds;

beforeAll(async () => {
  server = await startDeckforgeServer(FUZZ_SERVER_ENV);
  ids = await prepareFuzzAccount(server.baseUrl, server.dataDir, FUZZ_SERVER_ENV);
});

afterAll(async () => {
  await server?.stop();
});

describe("API fuzzing", () => {
  it("draws requests for every registry operation, with real and junk ids", () => {
    const requests = sampleRequests(fuzzRoutes(), ids, SEED, REQUESTS);
    const operations = new Set(requests.map((r) => r.label.split(" ")[0]));
    expect([...operations].sort()).toEqual(
      fuzzRoutes()
        .map((r) => r.operationId)
        .sort(),
    );
    expect(requests.some((r) => r.label.includes("real-id"))).toBe(true);
    expect(requests.some((r) => r.label.includes("junk-id"))).toBe(true);
  });

  it(`answers ${REQUESTS} fuzzed requests without a 5xx, every 4xx a matching problem body, and stays up`, async () => {
    const requests = sampleRequests(fuzzRoutes(), ids, SEED, REQUESTS);
    const report = await runFuzz(server.baseUrl, requests, { concurrency: 4 });
    const summary = summariseFailures(report.failures);
    expect(summary, `${report.failures.length} failing answers:\n${summary}`).toBe("");
    expect(report.healthy).toBe(true);
    // The fuzz reaches the handlers: it is not all refused at the door.
    const counted = Object.entries(report.byStatus);
    expect(counted.filter(([status]) => Number(status) < 300).length).toBeGreaterThan(0);
    for (const status of [401, 404, 415, 422]) expect(report.byStatus[status] ?? 0).toBeGreaterThan(0);
  }, 120_000);
});

// Two answers Next itself would give without a problem body, which proxy.ts answers instead.
describe("answers proxy.ts gives in Next's place", () => {
  it("a path segment with %-escapes that are not UTF-8 is a 400 problem, not Next's bare 500 (vercel/next.js#92527)", async () => {
    for (const path of ["/api/v1/ppt/presentation/%ff", "/api/v1/webhook/deliveries/%C0%AF/redeliver"]) {
      const res = await send(server.baseUrl, {
        label: "undecodable",
        method: "GET",
        path,
        headers: { authorization: `Bearer ${ids.key}` },
      });
      expect(res.status, path).toBe(400);
      expect(checkAnswer(res), path).toBeNull();
    }
  });

  it("a method the route does not serve is a method_not_allowed problem with Allow, not Next's empty 405", async () => {
    const res = await send(server.baseUrl, {
      label: "405",
      method: "PATCH",
      path: "/api/v1/credits",
      headers: { authorization: `Bearer ${ids.key}` },
    });
    expect(res.status).toBe(405);
    expect(checkAnswer(res)).toBeNull();
    const head = await fetch(`${server.baseUrl}/api/v1/ppt/presentation/generate`, {
      headers: { authorization: `Bearer ${ids.key}` },
    });
    expect(head.status).toBe(405);
    expect(head.headers.get("allow")).toBe("POST");
    await head.arrayBuffer();
  });
});
