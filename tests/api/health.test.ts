import { describe, expect, it } from "vitest";
import { api } from "./helpers";

describe("GET /api/health", () => {
  it("answers ok with the database reachable, without a key", async () => {
    const res = await api("/api/health", { key: null });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: "ok", database: "ok" });
  });
});

describe("GET /api/health/ready", () => {
  it("answers 200 ready with the database, the queue (its worker running) and storage ok, without a key", async () => {
    const res = await api("/api/health/ready", { key: null });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const check = { status: "ok", latency_ms: expect.any(Number) };
    expect(res.json).toEqual({
      status: "ready",
      checks: {
        database: check,
        storage: check,
        // No note: the shared server's job worker runs in its process.
        queue: {
          ...check,
          // The API suite also runs on PostgreSQL, where pg-boss is the engine and reports its queue.
          engine: process.env.DATABASE_URL?.startsWith("postgres") ? "pg-boss" : "in-process",
          queued_jobs: process.env.DATABASE_URL?.startsWith("postgres") ? expect.any(Number) : null,
          pending: expect.any(Number),
          processing: expect.any(Number),
          oldest_pending_age_ms: res.json.checks.queue.pending > 0 ? expect.any(Number) : null,
        },
      },
      failing: [],
    });
    for (const name of ["database", "queue", "storage"])
      expect(res.json.checks[name].latency_ms).toBeLessThan(2_000);
  });
});
