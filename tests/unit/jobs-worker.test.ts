// The in-process job worker end to end on a real SQLite file with the offline generator: credits
// reserved at enqueue (402 at once when short), settled on success, refunded on failure and when
// a dead task is given up; progress reported slide by slide; concurrency bounded.
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { ZGenerateFromSlidesRequest } from "@/lib/api/schemas/generate";
import { reserveCredits } from "@/lib/credits/reserve-credits";
import type { Db } from "@/lib/db";
import type { TTaskClaim } from "@/lib/jobs/claim-next-task";
import { enqueueTask } from "@/lib/jobs/enqueue-task";
import { executeTask } from "@/lib/jobs/execute-task";
import { stopWorker } from "@/lib/jobs/worker";
import { formatWorkerIdentity, newWorkerIdentity } from "@/lib/jobs/worker-identity";
import { accountMaker, balanceAndLedger, openTestDb, slides, type TTestDb } from "./credits-test-db";

let t: TTestDb;

beforeAll(async () => {
  process.env.JOB_POLL_MS = "50";
  process.env.JOB_CONCURRENCY = "2";
  process.env.CREDITS_GRANT = "100";
  t = await openTestDb();
});
afterAll(async () => {
  await stopWorker();
  await t?.close();
  for (const name of ["JOB_POLL_MS", "JOB_CONCURRENCY", "CREDITS_GRANT"]) delete process.env[name];
});

const account = accountMaker(() => t, "worker");

async function settled(id: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const task = await t.db.task.findUniqueOrThrow({ where: { id } });
    if (task.status === "completed" || task.status === "error") return task;
    if (Date.now() > deadline) throw new Error(`task ${id} still ${task.status}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("job worker", () => {
  it("runs a queued task to completed, charging the settled price once", async () => {
    const userId = await account();
    const task = await enqueueTask(
      t.db,
      userId,
      { kind: "generate_from_slides", request: slides("## One\n- a", "## Two\n- b") },
      "http://deckforge.test",
    );
    expect(task).toMatchObject({ status: "pending", progress: 0, message: "Queued" });
    // Reserved at enqueue, before the worker ran.
    const entry = await t.db.creditEntry.findFirstOrThrow({ where: { taskId: task.id } });
    expect(entry.delta).toBe(-2);

    const done = await settled(task.id);
    expect(done).toMatchObject({
      status: "completed",
      progress: 100,
      message: "Completed",
      attempts: 1,
      lockedBy: null,
    });
    const result = JSON.parse(done.result ?? "{}");
    expect(result.credits_consumed).toBe(2);
    expect(result.path).toMatch(/^http:\/\/deckforge\.test\//);
    const after = await t.db.creditEntry.findUniqueOrThrow({ where: { id: entry.id } });
    expect(after).toMatchObject({ delta: -2, reason: "generation", presentationId: result.presentation_id });
    expect(await balanceAndLedger(t.db, userId)).toEqual({ balance: 98, ledger: 98 });
  });

  it("marks a failed generation error with its problem and refunds the reservation", async () => {
    const userId = await account();
    const request = ZGenerateFromSlidesRequest.parse({
      slides: [{ content: "## Mood\n- good", layout: "chart" }],
    });
    const task = await enqueueTask(
      t.db,
      userId,
      { kind: "generate_from_slides", request },
      "http://deckforge.test",
    );
    expect((await balanceAndLedger(t.db, userId)).balance).toBe(99);
    const done = await settled(task.id);
    expect(done.status).toBe("error");
    expect(JSON.parse(done.error ?? "{}")).toMatchObject({ status: 422, code: "invalid_field" });
    expect(done.message).toMatch(/chart/);
    expect(await balanceAndLedger(t.db, userId)).toEqual({ balance: 100, ledger: 100 });
    const entry = await t.db.creditEntry.findFirstOrThrow({ where: { taskId: task.id } });
    expect(entry).toMatchObject({ delta: 0, reason: "generation_refunded" });
  });

  it("refuses to queue what the balance cannot cover (402) and stores no task", async () => {
    const userId = await account(1);
    const error = await enqueueTask(
      t.db,
      userId,
      { kind: "generate_from_slides", request: slides("a", "b", "c") },
      "http://x.test",
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(402);
    expect(await t.db.task.count({ where: { userId } })).toBe(0);
    expect(await balanceAndLedger(t.db, userId)).toEqual({ balance: 1, ledger: 1 });
  });

  it("never runs more than JOB_CONCURRENCY tasks at once", async () => {
    const userId = await account(1000);
    const many = Array.from({ length: 12 }, (_, i) => `## Slide ${i}\n- point ${i}\n- another ${i}`);
    const tasks = [];
    for (let i = 0; i < 5; i++)
      tasks.push(
        await enqueueTask(
          t.db,
          userId,
          { kind: "generate_from_slides", request: slides(...many) },
          "http://x.test",
        ),
      );
    let peak = 0;
    for (;;) {
      const processing = await t.db.task.count({ where: { userId, status: "processing" } });
      peak = Math.max(peak, processing);
      const open = await t.db.task.count({ where: { userId, status: { in: ["pending", "processing"] } } });
      if (open === 0) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    // Two at once (the bound is used), never three.
    expect(peak).toBe(2);
    for (const task of tasks) expect((await settled(task.id)).status).toBe("completed");
  });

  it("gives up a task whose holder died on its last attempt, refunding it; requeues one with attempts left", async () => {
    await stopWorker();
    const userId = await account();
    const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
    await new Promise((resolve) => child.on("exit", resolve));
    const dead = formatWorkerIdentity({ ...newWorkerIdentity(), pid: child.pid as number });
    const orphan = async (attempts: number) => {
      const id = crypto.randomUUID();
      const { entryId } = await reserveCredits(t.db, userId, 2, { reason: "generation", taskId: id });
      await t.db.task.create({
        data: {
          id,
          userId,
          kind: "generate_from_slides",
          input: JSON.stringify({
            request: slides("## A\n- a", "## B\n- b"),
            origin: "http://x.test",
            charge: { entryId },
          }),
          status: "processing",
          message: "Generating slides 1/2",
          progress: 30,
          attempts,
          lockedBy: dead,
          lockedAt: new Date(),
        },
      });
      return id;
    };
    const lastTry = await orphan(3);
    const retry = await orphan(1);
    expect((await balanceAndLedger(t.db, userId)).balance).toBe(96);

    // Any enqueue (here: another account's) starts the worker, which recovers on its first poll.
    const other = await account();
    await enqueueTask(t.db, other, { kind: "generate_from_slides", request: slides("x") }, "http://x.test");
    const givenUp = await settled(lastTry);
    expect(givenUp.status).toBe("error");
    expect(JSON.parse(givenUp.error ?? "{}")).toMatchObject({ status: 500, code: "internal_error" });
    const again = await settled(retry);
    expect(again).toMatchObject({ status: "completed", attempts: 2 });
    // 100 − 2 (the retried task, settled) − 0 (the given-up task, refunded).
    await expect.poll(async () => (await balanceAndLedger(t.db, userId)).balance).toBe(98);
    expect((await balanceAndLedger(t.db, userId)).ledger).toBe(98);
  });

  it("refunds, when a worker starts, a failed task whose refund a crash interrupted", async () => {
    await stopWorker();
    const userId = await account();
    const id = crypto.randomUUID();
    await reserveCredits(t.db, userId, 5, { reason: "generation", taskId: id });
    await t.db.task.create({
      data: {
        id,
        userId,
        kind: "generate_from_slides",
        input: "{}",
        status: "error",
        error: "{}",
        message: "failed",
      },
    });
    expect((await balanceAndLedger(t.db, userId)).balance).toBe(95);
    const other = await account();
    await enqueueTask(t.db, other, { kind: "generate_from_slides", request: slides("x") }, "http://x.test");
    await expect.poll(async () => (await balanceAndLedger(t.db, userId)).balance).toBe(100);
  });
});

describe("executeTask", () => {
  it("reports progress slide by slide, then exporting and completed", async () => {
    await stopWorker();
    const userId = await account();
    const request = slides("## One\n- a", "## Two\n- b", "## Three\n- c");
    const id = crypto.randomUUID();
    const { entryId } = await reserveCredits(t.db, userId, 3, { reason: "generation", taskId: id });
    const claim: TTaskClaim = { id, lockedBy: "test-worker", attempts: 1 };
    await t.db.task.create({
      data: {
        id,
        userId,
        kind: "generate_from_slides",
        input: JSON.stringify({ request, origin: "http://x.test", charge: { entryId } }),
        status: "processing",
        lockedBy: claim.lockedBy,
        lockedAt: new Date(),
        attempts: 1,
      },
    });
    const messages: string[] = [];
    const recording = t.db.$extends({
      query: {
        task: {
          updateMany({ args, query }) {
            const data = args.data as { message?: string; progress?: number };
            if (data.message) messages.push(`${data.message} @${data.progress}`);
            return query(args);
          },
        },
      },
    }) as unknown as Db;
    await executeTask(recording, claim, 60_000);
    expect(messages).toEqual([
      "Generating slides 1/3 @10",
      "Generating slides 2/3 @27",
      "Generating slides 3/3 @43",
      "Exporting @70",
      "Completed @100",
    ]);
  });

  it("writes nothing, refunds nothing and reports nothing once its claim was taken over", async () => {
    await stopWorker();
    const userId = await account();
    const id = crypto.randomUUID();
    const request = ZGenerateFromSlidesRequest.parse({
      slides: [{ content: "## Mood\n- good", layout: "chart" }],
    });
    const { entryId } = await reserveCredits(t.db, userId, 1, { reason: "generation", taskId: id });
    await t.db.task.create({
      data: {
        id,
        userId,
        kind: "generate_from_slides",
        input: JSON.stringify({ request, origin: "http://x.test", charge: { entryId } }),
        status: "processing",
        lockedBy: "new-owner",
        lockedAt: new Date(),
        attempts: 2,
      },
    });
    // The stale claim of attempt 1 fails its generation; the task stays with its new owner.
    await executeTask(t.db, { id, lockedBy: "old-owner", attempts: 1 }, 60_000);
    expect(await t.db.task.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "processing",
      lockedBy: "new-owner",
      error: null,
    });
    expect((await balanceAndLedger(t.db, userId)).balance).toBe(99);
  });
});
