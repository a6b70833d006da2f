// Readiness against a real SQLite file and real local storage: all checks pass with the queue's
// depth read from the database; a failing or hung dependency fails its check within the time limit
// with a public reason only; a shutting-down process is not ready at once.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { checkReadiness } from "@/lib/health/check-readiness";
import { ZReadinessResponse } from "@/lib/health/readiness-schema";
import { CheckTimeoutError, withTimeout } from "@/lib/health/with-timeout";
import { drainWorker, startWorker, stopWorker } from "@/lib/jobs/worker";
import { beginShutdown, resetShutdownState } from "@/lib/lifecycle/shutdown-state";
import { openTestDb, type TTestDb } from "./credits-test-db";

/** How the storage double misbehaves: not at all (real storage), throws, hangs or reads back wrong. */
const storageMode = vi.hoisted(() => ({ value: "real" as "real" | "throw" | "hang" | "corrupt" }));

vi.mock("@/lib/storage", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/storage")>();
  return {
    ...actual,
    getStorage: () => {
      const real = actual.getStorage();
      return {
        ...real,
        put: async (key: string, bytes: Uint8Array) => {
          if (storageMode.value === "throw")
            throw new Error("connect ECONNREFUSED s3.internal:9000 (secret=abc123)");
          if (storageMode.value === "hang") return new Promise<void>(() => {});
          return real.put(key, bytes);
        },
        get: async (key: string) =>
          storageMode.value === "corrupt" ? Buffer.from("something else") : real.get(key),
      };
    },
  };
});

let t: TTestDb;
let userId: string;

beforeAll(async () => {
  t = await openTestDb();
  userId = (await t.db.user.create({ data: { email: "ready@example.com" }, select: { id: true } })).id;
});
afterAll(async () => {
  resetShutdownState();
  await stopWorker();
  await t?.close();
});
beforeEach(async () => {
  storageMode.value = "real";
  resetShutdownState();
  await stopWorker();
  await t.db.task.deleteMany({});
});

describe("readiness", () => {
  it("is ready with every check ok, and reports the queue's depth and oldest pending age", async () => {
    const old = new Date(Date.now() - 5_000);
    await t.db.task.createMany({
      data: [
        { userId, kind: "generate_from_slides", input: "{}", status: "pending", createdAt: old },
        { userId, kind: "generate_from_slides", input: "{}", status: "pending" },
        { userId, kind: "generate_from_slides", input: "{}", status: "processing", lockedBy: "x" },
        { userId, kind: "generate_from_slides", input: "{}", status: "completed" },
      ],
    });
    const body = await checkReadiness(2_000);
    expect(ZReadinessResponse.parse(body)).toEqual(body);
    expect(body.status).toBe("ready");
    expect(body.failing).toEqual([]);
    expect(body.checks.database).toMatchObject({ status: "ok" });
    expect(body.checks.storage).toEqual({ status: "ok", latency_ms: expect.any(Number) });
    expect(body.checks.queue).toMatchObject({
      status: "ok",
      pending: 2,
      processing: 1,
      // No worker runs in a test process: noted, not failed.
      detail: "no job worker runs in this process",
    });
    expect(body.checks.queue.oldest_pending_age_ms).toBeGreaterThanOrEqual(5_000);
    expect(body.checks.queue.oldest_pending_age_ms).toBeLessThan(60_000);
  });

  it("has no note on the queue while this process's worker runs, and no pending age when none waits", async () => {
    startWorker();
    const body = await checkReadiness(2_000);
    expect(body.status).toBe("ready");
    expect(body.checks.queue).toEqual({
      status: "ok",
      latency_ms: expect.any(Number),
      engine: "in-process",
      queued_jobs: null,
      pending: 0,
      processing: 0,
      oldest_pending_age_ms: null,
    });
  });

  it("is not ready at once when the process shuts down, and stays so after the worker drained", async () => {
    startWorker();
    beginShutdown();
    const body = await checkReadiness(2_000);
    expect(body.status).toBe("not_ready");
    expect(body.failing).toEqual(["queue"]);
    expect(body.checks.queue).toMatchObject({ status: "error", detail: "this server is shutting down" });
    expect(body.checks.database.status).toBe("ok");
    await drainWorker(1_000);
    expect((await checkReadiness(2_000)).failing).toEqual(["queue"]);
    resetShutdownState();
    // A drained worker (no shutdown flag): still not ready.
    expect((await checkReadiness(2_000)).checks.queue).toMatchObject({
      status: "error",
      detail: "the job worker has stopped",
    });
  });

  it("fails a storage that throws with a public reason only (the cause is logged)", async () => {
    storageMode.value = "throw";
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const body = await checkReadiness(2_000);
    const causes = logged.mock.calls.map((args) => String(args[1]));
    logged.mockRestore();
    expect(causes).toEqual([expect.stringContaining("ECONNREFUSED")]);
    expect(body.status).toBe("not_ready");
    expect(body.failing).toEqual(["storage"]);
    expect(body.checks.storage).toEqual({
      status: "error",
      latency_ms: expect.any(Number),
      detail: "storage did not take a write and read it back",
    });
    expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|secret|s3\.internal/);
  });

  it("fails a storage that reads back other bytes", async () => {
    storageMode.value = "corrupt";
    const body = await checkReadiness(2_000);
    expect(body.checks.storage).toMatchObject({
      status: "error",
      detail: "storage read back other bytes than written",
    });
  });

  it("fails a hung storage within the time limit instead of hanging", async () => {
    storageMode.value = "hang";
    const started = Date.now();
    const body = await checkReadiness(300);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(body.failing).toEqual(["storage"]);
    expect(body.checks.storage).toMatchObject({ status: "error", detail: "timed out after 300 ms" });
    expect(body.checks.storage.latency_ms).toBeGreaterThanOrEqual(290);
  });
});

describe("withTimeout", () => {
  it("settles with the work when it is quicker, and rejects with CheckTimeoutError when not", async () => {
    await expect(withTimeout(Promise.resolve(7), 100)).resolves.toBe(7);
    await expect(withTimeout(Promise.reject(new Error("boom")), 100)).rejects.toThrow("boom");
    const error = await withTimeout(new Promise(() => {}), 50).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CheckTimeoutError);
    expect((error as CheckTimeoutError).message).toBe("timed out after 50 ms");
  });
});
