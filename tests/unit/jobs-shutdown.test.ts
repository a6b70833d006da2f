// The job worker's graceful shutdown on a real SQLite file with the offline generator: a task that
// ends within the grace period completes; one that outlives it is released to `pending` (lease
// cleared, attempt given back), taken by a new worker, completed exactly once and charged once;
// a shutting-down process starts no worker. runGeneration is wrapped so a test decides when a run
// may proceed (the offline generator is otherwise too quick to be caught mid-run).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { enqueueTask } from "@/lib/jobs/enqueue-task";
import { drainWorker, getWorkerStatus, startWorker, stopWorker } from "@/lib/jobs/worker";
import { beginShutdown, resetShutdownState } from "@/lib/lifecycle/shutdown-state";
import { accountMaker, balanceAndLedger, openTestDb, slides, type TTestDb } from "./credits-test-db";

/** Runs whose request holds a marker wait for the marker's gate, on their first call only. */
const gates = vi.hoisted(() => ({ hold: new Map<string, Promise<void>>() }));

vi.mock("@/lib/presentations/run-generation", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/presentations/run-generation")>();
  return {
    runGeneration: async (...args: Parameters<typeof actual.runGeneration>) => {
      const text = JSON.stringify(args[2].request);
      for (const [marker, gate] of gates.hold) {
        if (!text.includes(marker)) continue;
        gates.hold.delete(marker);
        await gate;
      }
      return actual.runGeneration(...args);
    },
  };
});

let t: TTestDb;

beforeAll(async () => {
  process.env.JOB_POLL_MS = "50";
  process.env.CREDITS_GRANT = "100";
  t = await openTestDb();
});
afterAll(async () => {
  resetShutdownState();
  await stopWorker();
  await t?.close();
  for (const name of ["JOB_POLL_MS", "CREDITS_GRANT"]) delete process.env[name];
});

const account = accountMaker(() => t, "shutdown");

/** A gate: the run waits until `open` (or fails at `fail`). */
function gate(marker: string) {
  let open = () => {};
  let fail = (_: Error) => {};
  gates.hold.set(
    marker,
    new Promise<void>((resolve, reject) => {
      open = resolve;
      fail = reject;
    }),
  );
  return { open, fail };
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const row = (id: string) => t.db.task.findUniqueOrThrow({ where: { id } });

describe("job worker shutdown", () => {
  it("lets a task that ends within the grace period complete, and releases nothing", async () => {
    const userId = await account();
    const quick = gate("quick-marker");
    const task = await enqueueTask(
      t.db,
      userId,
      { kind: "generate_from_slides", request: slides("## quick-marker\n- a", "## Two\n- b") },
      "http://deckforge.test",
    );
    await until(
      () => row(task.id),
      (r) => r.status === "processing",
    );
    setTimeout(quick.open, 300);
    const started = Date.now();
    const report = await drainWorker(10_000);
    expect(Date.now() - started).toBeLessThan(9_000);
    expect(report).toEqual({ finished: [task.id], released: [] });
    expect(await row(task.id)).toMatchObject({ status: "completed", attempts: 1, lockedBy: null });
    expect(getWorkerStatus().state).toBe("stopped");
    expect(await balanceAndLedger(t.db, userId)).toEqual({ balance: 98, ledger: 98 });
  });

  it("releases a task outliving the grace period to pending; a new worker completes it once, charged once", async () => {
    const userId = await account();
    const stuck = gate("stuck-marker");
    startWorker();
    const task = await enqueueTask(
      t.db,
      userId,
      { kind: "generate_from_slides", request: slides("## stuck-marker\n- a", "## Two\n- b") },
      "http://deckforge.test",
    );
    await until(
      () => row(task.id),
      (r) => r.status === "processing",
    );
    expect((await balanceAndLedger(t.db, userId)).balance).toBe(98);

    const started = Date.now();
    const report = await drainWorker(400);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(350);
    expect(took).toBeLessThan(3_000);
    expect(report).toEqual({ finished: [], released: [task.id] });
    // Back in the queue as if never claimed: the shutdown did not use up an attempt.
    expect(await row(task.id)).toMatchObject({
      status: "pending",
      progress: 0,
      attempts: 0,
      lockedBy: null,
      lockedAt: null,
    });

    // The released run ends late, in failure: its claim no longer holds, so it neither marks the
    // task failed nor refunds the reservation the next run will settle.
    stuck.fail(new Error("the old run failed after its release"));
    await new Promise((r) => setTimeout(r, 200));
    expect((await row(task.id)).status).toBe("pending");
    expect((await balanceAndLedger(t.db, userId)).balance).toBe(98);

    startWorker();
    const done = await until(
      () => row(task.id),
      (r) => r.status === "completed" || r.status === "error",
    );
    expect(done).toMatchObject({ status: "completed", attempts: 1, lockedBy: null, progress: 100 });
    const result = JSON.parse(done.result ?? "{}");
    expect(result.credits_consumed).toBe(2);
    // One deck, one ledger entry for the task, settled once.
    expect(await t.db.presentation.count({ where: { userId } })).toBe(1);
    const entries = await t.db.creditEntry.findMany({ where: { taskId: task.id } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      delta: -2,
      reason: "generation",
      presentationId: result.presentation_id,
    });
    expect(await balanceAndLedger(t.db, userId)).toEqual({ balance: 98, ledger: 98 });
    await stopWorker();
  });

  it("starts no worker while the process shuts down; the queued task waits for another", async () => {
    await stopWorker();
    expect(beginShutdown()).toBe(true);
    expect(beginShutdown()).toBe(false);
    try {
      const userId = await account();
      const task = await enqueueTask(
        t.db,
        userId,
        { kind: "generate_from_slides", request: slides("## Late\n- a") },
        "http://deckforge.test",
      );
      expect(startWorker().stopped).toBe(true);
      await new Promise((r) => setTimeout(r, 300));
      expect(await row(task.id)).toMatchObject({ status: "pending", attempts: 0 });
      expect(getWorkerStatus().state).not.toBe("running");
    } finally {
      resetShutdownState();
    }
    startWorker();
    await until(
      () => t.db.task.count({ where: { status: { in: ["pending", "processing"] } } }),
      (open) => open === 0,
    );
    await stopWorker();
  });

  it("drains at once when nothing runs", async () => {
    startWorker();
    const started = Date.now();
    expect(await drainWorker(5_000)).toEqual({ finished: [], released: [] });
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
