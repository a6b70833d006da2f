// The pg-boss queue engine (the default on PostgreSQL): tasks and webhook deliveries run as pg-boss
// jobs on the same database, the Task and WebhookDelivery rows stay the source of truth, and a job
// that names work already done (a retry, a duplicate, a sweep) does nothing.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZGenerateFromSlidesRequest } from "@/lib/api/schemas/generate";
import { findOrCreateUser } from "@/lib/auth/users";
import type { Db } from "@/lib/db";
import { enqueueTask } from "@/lib/jobs/enqueue-task";
import { getJobSettings } from "@/lib/jobs/job-settings";
import { getBoss, openBoss, stopBoss, TASK_QUEUE } from "@/lib/jobs/pg-boss-client";
import type { TTaskInput } from "@/lib/jobs/task-input";
import { getWorkerStatus, startWorker, stopWorker } from "@/lib/jobs/worker";
import { reserveGeneration } from "@/lib/presentations/reserve-generation";
import { emitWebhookEvent } from "@/lib/webhooks/emit-webhook-event";
import { subscribeWebhook } from "@/lib/webhooks/subscribe-webhook";
import { stopWebhookWorker } from "@/lib/webhooks/webhook-worker";
import { openPostgresTestDb, type TPostgresTestDb } from "@/tests/pg/open-postgres-db";
import { skipWithoutPostgres } from "@/tests/pg/start-postgres";

const unavailable = skipWithoutPostgres("pg-boss-queue");

const ENV = {
  CREDITS_GRANT: "1000",
  JOB_POLL_MS: "200",
  JOB_CONCURRENCY: "2",
  WEBHOOK_RETRY_BASE_MS: "1500",
  ALLOW_PRIVATE_NETWORK_FETCH: "1",
};
let t: TPostgresTestDb;
let db: Db;

const request = ZGenerateFromSlidesRequest.parse({
  slides: [{ content: "## One\n- a point\n- another" }, { content: "## Two\n- more" }],
});
const job = { kind: "generate_from_slides" as const, request };

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 60_000): Promise<T> {
  for (const deadline = Date.now() + ms; ; ) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached in ${ms} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** pg-boss's jobs of one queue, from its own tables. */
async function bossJobs(queue: string) {
  return db.$queryRawUnsafe<{ state: string; data: Record<string, string>; late_ms: number }[]>(
    `SELECT state, data, EXTRACT(EPOCH FROM (start_after - created_on)) * 1000 AS late_ms
       FROM pgboss.job WHERE name = $1`,
    queue,
  );
}

describe.skipIf(unavailable)("the pg-boss queue engine", () => {
  beforeAll(async () => {
    Object.assign(process.env, ENV);
    t = await openPostgresTestDb();
    db = t.db;
  }, 120_000);
  afterAll(async () => {
    stopWebhookWorker();
    await stopWorker();
    await stopBoss();
    await t?.close();
    for (const name of Object.keys(ENV)) delete process.env[name];
  });

  it("is the engine on PostgreSQL, with its tables in its own schema", async () => {
    expect(getJobSettings()).toMatchObject({ engine: "pg-boss", boss: { schema: "pgboss" } });
    expect(getJobSettings().boss?.connectionString).not.toContain("schema=");
    const boss = await getBoss();
    expect((await boss.getQueue(TASK_QUEUE))?.policy).toBe("short");
  });

  it("runs 30 enqueued tasks as pg-boss jobs, each once and charged once", async () => {
    const { id: userId } = await findOrCreateUser(db, "boss@example.com");
    const tasks = await Promise.all(
      Array.from({ length: 30 }, () => enqueueTask(db, userId, job, "http://deckforge.test")),
    );
    expect(getWorkerStatus()).toMatchObject({ engine: "pg-boss", state: "running" });
    const ids = tasks.map((task) => task.id);
    const rows = await until(
      () => db.task.findMany({ where: { id: { in: ids } } }),
      (all) => all.every((row) => row.status === "completed" || row.status === "error"),
    );
    for (const row of rows) expect(row).toMatchObject({ status: "completed", attempts: 1, lockedBy: null });
    const presentations = rows.map((row) => JSON.parse(row.result ?? "{}").presentation_id);
    expect(new Set(presentations).size).toBe(30);
    expect(await db.presentation.count({ where: { userId } })).toBe(30);
    // 2 credits a deck (a slide each), reserved once per task and never refunded.
    const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { creditBalance: true } });
    expect(user.creditBalance).toBe(1000 - 30 * 2);
    const entries = await db.creditEntry.findMany({ where: { userId, reason: { not: "grant" } } });
    expect(entries.map((entry) => entry.delta)).toEqual(Array(30).fill(-2));
    // Every task had its job, and pg-boss saw each job through.
    const jobs = await until(
      () => bossJobs(TASK_QUEUE),
      (all) => all.filter((j) => ids.includes(j.data.taskId)).every((j) => j.state === "completed"),
    );
    expect(new Set(jobs.map((j) => j.data.taskId))).toEqual(new Set(ids));
  }, 120_000);

  it("a second job for a finished task does nothing", async () => {
    const done = await db.task.findFirstOrThrow({ where: { status: "completed" } });
    const boss = await getBoss();
    // No singleton key: a real duplicate, as a retry after a lost acknowledgement would be.
    const jobId = await boss.send(TASK_QUEUE, { taskId: done.id });
    expect(jobId).toBeTruthy();
    await until(
      async () => (await boss.getJobById(TASK_QUEUE, String(jobId)))?.state,
      (state) => state === "completed",
    );
    const after = await db.task.findUniqueOrThrow({ where: { id: done.id } });
    expect(after).toMatchObject({ status: "completed", attempts: 1, result: done.result });
    expect(after.updatedAt).toEqual(done.updatedAt);
  });

  it("the sweep sends a job for a pending task that has none (enqueued while pg-boss was unreachable)", async () => {
    await stopWorker();
    const { id: userId } = await findOrCreateUser(db, "sweep@example.com");
    const id = crypto.randomUUID();
    const charge = await reserveGeneration(db, userId, job, id);
    const input: TTaskInput = { request, origin: "http://deckforge.test", charge };
    await db.task.create({
      data: {
        id,
        userId,
        kind: job.kind,
        input: JSON.stringify(input),
        status: "pending",
        message: "Queued",
      },
    });
    await db.$executeRawUnsafe(
      `UPDATE "Task" SET "updatedAt" = now() - interval '1 minute' WHERE id = $1`,
      id,
    );
    expect((await bossJobs(TASK_QUEUE)).some((j) => j.data.taskId === id)).toBe(false);
    startWorker();
    const row = await until(
      () => db.task.findUniqueOrThrow({ where: { id } }),
      (task) => task.status === "completed",
      30_000,
    );
    expect(row.attempts).toBe(1);
    expect((await bossJobs(TASK_QUEUE)).filter((j) => j.data.taskId === id)).toHaveLength(1);
  });

  it("delivers a webhook through pg-boss, its retry a job delayed by the backoff", async () => {
    const answers: number[] = [];
    const receiver = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        const status = answers.length === 0 ? 500 : 200;
        answers.push(status);
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    try {
      const { id: userId } = await findOrCreateUser(db, "hooks@example.com");
      const port = (receiver.address() as AddressInfo).port;
      await subscribeWebhook(db, userId, {
        url: `http://127.0.0.1:${port}/hook`,
        event: "presentation.generation.completed",
      });
      await emitWebhookEvent(db, userId, "presentation.generation.completed", {
        presentation_id: crypto.randomUUID(),
        path: "http://deckforge.test/d.pptx",
        edit_path: "http://deckforge.test/editor/x",
        credits_consumed: 2,
      });
      const delivery = await until(
        () => db.webhookDelivery.findFirstOrThrow({ where: { subscription: { userId } } }),
        (row) => row.status !== "pending",
        30_000,
      );
      expect(delivery).toMatchObject({ status: "succeeded", attempts: 2 });
      expect(answers).toEqual([500, 200]);
      const jobs = (await bossJobs("deckforge-webhook-deliveries")).filter(
        (j) => j.data.deliveryId === delivery.id,
      );
      expect(jobs.length).toBeGreaterThanOrEqual(2);
      // The retry waited for its backoff in pg-boss (1.5 s, rounded up to whole seconds).
      expect(Math.max(...jobs.map((j) => Number(j.late_ms)))).toBeGreaterThanOrEqual(1_500);
    } finally {
      receiver.close();
    }
  }, 60_000);

  it("six instances starting together on an empty schema all start, with one pair of queues", async () => {
    const connectionString = getJobSettings().boss?.connectionString ?? "";
    for (let round = 0; round < 3; round++) {
      const schema = `race_${round}_boss`;
      const started = await Promise.allSettled(
        Array.from({ length: 6 }, () =>
          openBoss({ schema, connectionString }, { maxAttempts: 3, expireSeconds: 900 }),
        ),
      );
      try {
        expect(started.filter((s) => s.status === "rejected")).toEqual([]);
        const queues = await db.$queryRawUnsafe<{ name: string; policy: string }[]>(
          `SELECT name, policy FROM "${schema}".queue WHERE name NOT LIKE '\\_\\_pgboss%' ORDER BY name`,
        );
        expect(queues).toEqual([
          { name: "deckforge-tasks", policy: "short" },
          { name: "deckforge-webhook-deliveries", policy: "short" },
        ]);
      } finally {
        for (const s of started)
          if (s.status === "fulfilled") await s.value.stop({ graceful: false, wait: true });
      }
    }
  }, 120_000);
});
