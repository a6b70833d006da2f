// Scale-out for real: two app processes on different ports share one PostgreSQL schema and one S3
// bucket (s3rver), with their own DATA_DIRs. 40 async tasks submitted across both each complete
// exactly once, charged once; a deck made on one is downloaded and edited through the other (a
// session and a signed link of one are good on the other); an instance killed with SIGKILL mid-task
// leaves nothing stuck — the survivor takes its tasks back and completes them, charged once.
//
// It always runs on PostgreSQL, once per full `npm test`: in the first (SQLite) pass, on a throwaway
// cluster of its own (a few seconds of initdb), and it skips in the second pass on PostgreSQL, where
// startDeckforgeServer would give each data directory a schema of its own. With REQUIRE_POSTGRES=1 a
// machine without PostgreSQL fails it rather than skipping (tests/pg/start-postgres.ts).
//
// The queue engine is pg-boss (the default on PostgreSQL); which instance ran a task is read from a
// test-only trigger that records every claim (multi-instance-helpers.ts), as Task.lockedBy is
// cleared when a task ends.
import crypto from "node:crypto";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresSchema } from "@/lib/db/database-kind";
import { signUpViaHttp, uniqueUser } from "../../e2e/fixtures";
import type { TMockServer } from "../llm/mock-openai-server";
import { skipWithoutPostgres, startPostgres, type TPostgresCluster } from "../pg/start-postgres";
import { freshDatabaseUrl } from "../pg/test-database";
import { pptxSlides } from "./helpers";
import {
  auditTaskClaims,
  isPostgresPass,
  makeDataDir,
  SHARED_SECRET,
  sharedEnv,
  sql,
  startInstance,
  type TInstance,
  taskClaims,
  waitFor,
} from "./multi-instance-helpers";
import { startS3rver, type TS3rver } from "./s3rver";
import { startSlowLlm, taskClient } from "./slow-task-client";

const TASKS = 40;
const UUID = /^[0-9a-f-]{36}$/;
const PPTX_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

function skipHere(): boolean {
  if (isPostgresPass()) {
    console.info("[multi-instance] runs in the first pass, on a PostgreSQL cluster of its own");
    return true;
  }
  return skipWithoutPostgres("multi-instance");
}

let cluster: TPostgresCluster | undefined;
let s3: TS3rver | undefined;
let databaseUrl: string;
let env: Record<string, string>;
const dataDirs = { a: "", b: "" };
let a: TInstance;
let b: TInstance;
/** Every instance started, for afterAll. */
const started: TInstance[] = [];
let mock: TMockServer | undefined;
let cookie: string;
let key: string;
let client: ReturnType<typeof taskClient>;

const call = (server: TInstance, pathname: string, body?: unknown) => client.call(server, pathname, body);

/** An API call with a method of choice (taskClient's `call` only GETs and POSTs). */
async function send(server: TInstance, method: string, pathname: string, body: unknown) {
  const res = await fetch(`${server.baseUrl}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary response bodies
  return { status: res.status, json: (await res.json()) as any };
}

async function download(url: string) {
  const res = await fetch(url);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe.skipIf(skipHere())("two instances sharing one PostgreSQL and one bucket", () => {
  beforeAll(async () => {
    const begun = Date.now();
    cluster = await startPostgres();
    databaseUrl = freshDatabaseUrl(cluster.url) as string;
    s3 = await startS3rver("deckforge-multi");
    // Generation through a slow LLM (1 s a call), for the tasks the kill must land in; the v3 tasks
    // (slides given) use no provider, so they only measure the queue.
    const slow = await startSlowLlm();
    mock = slow.mock;
    env = sharedEnv(databaseUrl, s3, {
      LLM_PROVIDER: slow.env.LLM_PROVIDER,
      LLM_BASE_URL: slow.env.LLM_BASE_URL,
      LLM_MODEL: slow.env.LLM_MODEL,
      LLM_MAX_RETRIES: "0",
      LLM_CONCURRENCY: "1",
    });
    dataDirs.a = makeDataDir("a");
    dataDirs.b = makeDataDir("b");
    // Started together on an empty schema: one migrates, the other waits for it (advisory lock).
    [a, b] = await Promise.all([startInstance(env, dataDirs.a), startInstance(env, dataDirs.b)]);
    started.push(a, b);
    await auditTaskClaims(databaseUrl);
    // An account made on A, its key made on B with A's session: sessions are good on either.
    const user = uniqueUser("multi");
    ({ cookie } = await signUpViaHttp(a.baseUrl, user));
    const created = await fetch(`${b.baseUrl}/api/account/keys`, {
      method: "POST",
      headers: { cookie, origin: b.baseUrl, "content-type": "application/json" },
      body: JSON.stringify({ name: "multi-instance" }),
    });
    expect(created.status).toBe(201);
    key = ((await created.json()) as { secret: string }).secret;
    client = taskClient(key);
    console.info(`[multi-instance] setup took ${Date.now() - begun} ms`);
  });

  afterAll(async () => {
    for (const server of started) await server.kill("SIGTERM").catch(() => {});
    await mock?.close();
    await s3?.stop();
    cluster?.stop();
    for (const dir of Object.values(dataDirs)) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("both instances are ready, on one database, one store and one pg-boss queue", async () => {
    for (const server of [a, b])
      expect((await readiness(server)).queue).toMatchObject({ pending: 0, processing: 0 });
    // Different processes, one migrated schema, and pg-boss's tables beside it (`<schema>_boss`).
    expect(a.pid).not.toBe(b.pid);
    const [migrations] = await sql<{ n: string }>(
      databaseUrl,
      'SELECT COUNT(*) AS n FROM "_prisma_migrations"',
    );
    expect(Number(migrations.n)).toBeGreaterThan(0);
    const queues = await sql<{ name: string }>(
      databaseUrl,
      `SELECT name FROM "${bossSchema()}".queue ORDER BY name`,
    );
    // Beside pg-boss's own internal queues.
    expect(queues.map((queue) => queue.name)).toEqual(
      expect.arrayContaining(["deckforge-tasks", "deckforge-webhook-deliveries"]),
    );
  });

  it(`completes ${TASKS} tasks submitted alternately to both exactly once, each charged once`, async () => {
    const begun = Date.now();
    const startBalance = await client.balance(a);
    const submitted = await Promise.all(
      Array.from({ length: TASKS }, async (_, n) => {
        const via = n % 2 === 0 ? a : b;
        const res = await call(via, "/api/v3/presentation/generate/async", {
          slides: slidesOf(`Batch ${n}`),
        });
        expect(res.status).toBe(202);
        expect(res.json.status).toBe("pending");
        return res.json.id as string;
      }),
    );
    expect(new Set(submitted).size).toBe(TASKS);

    // Both instances' workers drain the one queue; the database says when nothing is left open.
    await waitFor(
      "every task to end",
      async () => {
        const [open] = await sql<{ n: string }>(
          databaseUrl,
          `SELECT COUNT(*) AS n FROM "Task" WHERE status IN ('pending', 'processing')`,
        );
        return Number(open.n) === 0 ? true : undefined;
      },
      { timeoutMs: 60_000, everyMs: 250 },
    );
    const drained = Date.now() - begun;

    // Each task as either instance reports it: the same completed result.
    const results = await Promise.all(
      submitted.map(async (id) => {
        const [viaA, viaB] = await Promise.all([
          call(a, `/api/v3/async-task/status/${id}`),
          call(b, `/api/v3/async-task/status/${id}`),
        ]);
        expect(viaA.status).toBe(200);
        expect(viaA.json).toMatchObject({ id, status: "completed", progress: 100 });
        expect(viaB.json).toEqual(viaA.json);
        return viaA.json.data as { presentation_id: string; credits_consumed: number; path: string };
      }),
    );
    const presentationIds = results.map((result) => result.presentation_id);
    expect(new Set(presentationIds).size).toBe(TASKS);
    for (const id of presentationIds) expect(id).toMatch(UUID);
    const cost = results[0].credits_consumed;
    expect(cost).toBeGreaterThan(0);
    expect(results.map((result) => result.credits_consumed)).toEqual(Array(TASKS).fill(cost));
    // A few presentations, each through the instance that did not take its request.
    for (const n of [0, 1, TASKS - 2, TASKS - 1]) {
      const detail = await call(n % 2 === 0 ? b : a, `/api/v1/ppt/presentation/${presentationIds[n]}`);
      expect(detail.status).toBe(200);
      expect(detail.json.deck.slides.length).toBeGreaterThanOrEqual(3);
    }

    // The database: each task run once to completion, one presentation each, one charge each.
    const rows = await sql<{ id: string; status: string; attempts: number; lockedBy: string | null }>(
      databaseUrl,
      'SELECT id, status, attempts, "lockedBy" FROM "Task"',
    );
    expect(rows).toHaveLength(TASKS);
    for (const row of rows) expect(row).toMatchObject({ status: "completed", attempts: 1, lockedBy: null });
    const presentations = await sql<{ id: string }>(databaseUrl, 'SELECT id FROM "Presentation"');
    expect(presentations.map((row) => row.id).sort()).toEqual([...presentationIds].sort());
    const ledger = await sql<{ taskId: string | null; delta: number; reason: string }>(
      databaseUrl,
      'SELECT "taskId", delta, reason FROM "CreditEntry" ORDER BY "createdAt"',
    );
    expect(ledger.filter((entry) => entry.reason === "grant")).toHaveLength(1);
    const charges = ledger.filter((entry) => entry.reason !== "grant");
    expect(charges).toHaveLength(TASKS);
    for (const charge of charges) expect(charge).toMatchObject({ delta: -cost, reason: "generation" });
    expect(new Set(charges.map((charge) => charge.taskId))).toEqual(new Set(submitted));
    expect(await client.balance(a)).toBe(startBalance - TASKS * cost);
    expect(await client.balance(b)).toBe(startBalance - TASKS * cost);

    // Who ran what (from the claim audit): every task claimed once, and both instances worked.
    const claims = await taskClaims(databaseUrl);
    expect(claims.map((claim) => claim.taskId).sort()).toEqual([...submitted].sort());
    for (const claim of claims) expect([a.pid, b.pid]).toContain(claim.pid);
    const byA = claims.filter((claim) => claim.pid === a.pid).length;
    const byB = claims.filter((claim) => claim.pid === b.pid).length;
    expect(byA).toBeGreaterThan(0);
    expect(byB).toBeGreaterThan(0);
    console.info(
      `[multi-instance] ${TASKS} tasks of ${cost} credits drained in ${drained} ms: ${byA} ran on A, ${byB} on B`,
    );

    await expectBossJobsDone(submitted);
    for (const server of [a, b])
      expect((await readiness(server)).queue).toMatchObject({ pending: 0, processing: 0, queued_jobs: 0 });
  }, 90_000);

  it("a deck made on A is downloaded and edited through B, and the edit is seen on A", async () => {
    const made = await call(a, "/api/v3/presentation/generate", { slides: slidesOf("Shared deck") });
    expect(made.status).toBe(200);
    const id = made.json.presentation_id as string;
    // STORAGE=s3: `path` is a presigned URL on the shared store, good whoever asks.
    const fromA = await download(made.json.path);
    expect(fromA.res.status).toBe(200);
    expect(fromA.bytes.subarray(0, 4)).toEqual(PPTX_MAGIC);

    // B finds the deck and its export in the shared database and bucket.
    const detail = await call(b, `/api/v1/ppt/presentation/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.json).toMatchObject({ presentation_id: id, version: 1 });
    const pptx = detail.json.exports.find((item: { format: string }) => item.format === "pptx");
    const objectPath = new URL(pptx.path).pathname;
    expect(objectPath).toBe(new URL(made.json.path).pathname);
    const fromB = await download(pptx.path);
    expect(fromB.res.status).toBe(200);
    expect(fromB.bytes.equals(fromA.bytes)).toBe(true);

    // The app's own signed download route, signed with the shared secret as A signs it, on B.
    const exportId = objectPath
      .split("/")
      .at(-1)
      ?.replace(/\.pptx$/, "") as string;
    const route = `/api/v1/ppt/exports/${exportId}/deck.pptx`;
    const expires = Math.floor(Date.now() / 1000) + 600;
    const signature = crypto
      .createHmac("sha256", SHARED_SECRET)
      .update(`${route}\n${expires}`)
      .digest("base64url");
    const redirected = await fetch(`${b.baseUrl}${route}?expires=${expires}&signature=${signature}`, {
      redirect: "manual",
    });
    expect(redirected.status).toBe(302);
    const viaRoute = await download(redirected.headers.get("location") as string);
    expect(viaRoute.res.status).toBe(200);
    expect(viaRoute.bytes.equals(fromA.bytes)).toBe(true);

    // The editor of B opens for the session made on A.
    const editor = await fetch(`${b.baseUrl}/editor/${id}`, { headers: { cookie }, redirect: "manual" });
    expect(editor.status).toBe(200);

    // Edited through B at the version B read; A then shows the edit.
    const deck = detail.json.deck;
    deck.slides[1].content.title = "Edited through instance B";
    const put = await send(b, "PUT", `/api/v1/ppt/presentation/${id}`, { version: 1, deck });
    expect(put.status).toBe(200);
    expect(put.json.version).toBe(2);
    const seenOnA = await call(a, `/api/v1/ppt/presentation/${id}`);
    expect(seenOnA.json.version).toBe(2);
    expect(seenOnA.json.deck.slides[1].content.title).toBe("Edited through instance B");

    // A stale save on A loses: the version check is in the shared database, not in a process.
    const stale = await send(a, "PUT", `/api/v1/ppt/presentation/${id}`, {
      version: 1,
      deck: { ...deck, title: "Lost on A" },
    });
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({ code: "conflict", current_version: 2 });

    // A renders the version B saved, into the shared bucket.
    const exported = await call(a, `/api/v1/ppt/presentation/${id}/export`, { export_as: "pptx" });
    expect(exported.status).toBe(200);
    expect(exported.json.version).toBe(2);
    const file = await download(exported.json.path);
    expect((await pptxSlides(file.bytes))[1]).toContain("Edited through instance B");
  });

  it("an instance killed mid-task leaves nothing stuck: the other takes its tasks back, charged once", async () => {
    const before = await client.balance(b);
    const [presentationsBefore] = await sql<{ n: string }>(
      databaseUrl,
      'SELECT COUNT(*) AS n FROM "Presentation"',
    );

    // v1 tasks from content, through the slow LLM: about five seconds each.
    // Four tasks fill both instances (JOB_CONCURRENCY 2 each): once all four run, A holds two.
    const ids = await Promise.all([client.queue(a), client.queue(b), client.queue(a), client.queue(b)]);
    const heldByA = await waitFor("all four tasks to run", async () => {
      const rows = await sql<{ id: string; lockedBy: string }>(
        databaseUrl,
        `SELECT id, "lockedBy" FROM "Task" WHERE status = 'processing' AND id = ANY($1)`,
        [ids],
      );
      if (rows.length < ids.length) return undefined;
      return rows.filter((row) => Number(row.lockedBy.split("|")[2]) === a.pid).map((row) => row.id);
    });
    expect(heldByA).toHaveLength(2);
    const heldByB = ids.filter((id) => !heldByA.includes(id));
    // Killed between two slide calls of one of its tasks.
    await client.waitUntilMidGeneration(a, heldByA[0]);
    await a.kill("SIGKILL");
    const killedAt = Date.now();
    // Unfinished: still A's, or already handed back to the queue by B (which sees A's process gone).
    const orphans = await sql<{ status: string }>(
      databaseUrl,
      `SELECT status FROM "Task" WHERE id = ANY($1)`,
      [heldByA],
    );
    for (const row of orphans) expect(["processing", "pending"]).toContain(row.status);
    // The rest goes fast, so the survivor's work does not take the test's time.
    mock?.setOptions({ latencyMs: 50 });

    const ended = await Promise.all(ids.map((id) => client.waitForEnd(b, id)));
    const recovered = Date.now() - killedAt;
    for (const { task, seen } of ended) {
      expect(task.status).toBe("completed");
      expect(seen).not.toContain("error");
      expect(task.data.presentation_id).toMatch(UUID);
      // A title slide and four content slides.
      expect(task.data.credits_consumed).toBe(5);
    }
    expect(new Set(ended.map(({ task }) => task.data.presentation_id)).size).toBe(4);

    // A's two tasks: claimed by A, then by B as their second attempt; B's own ran once.
    const claims = await taskClaims(databaseUrl);
    for (const id of heldByA)
      expect(
        claims.filter((claim) => claim.taskId === id).map((claim) => [claim.pid, claim.attempts]),
      ).toEqual([
        [a.pid, 1],
        [b.pid, 2],
      ]);
    for (const id of heldByB)
      expect(
        claims.filter((claim) => claim.taskId === id).map((claim) => [claim.pid, claim.attempts]),
      ).toEqual([[b.pid, 1]]);
    const rows = await sql<{ id: string; status: string; attempts: number }>(
      databaseUrl,
      'SELECT id, status, attempts FROM "Task" WHERE id = ANY($1)',
      [ids],
    );
    for (const row of rows)
      expect(row).toMatchObject({ status: "completed", attempts: heldByA.includes(row.id) ? 2 : 1 });
    // Nothing anywhere is left open; the killed run made no presentation of its own.
    const [open] = await sql<{ n: string }>(
      databaseUrl,
      `SELECT COUNT(*) AS n FROM "Task" WHERE status IN ('pending', 'processing')`,
    );
    expect(Number(open.n)).toBe(0);
    const [presentationsAfter] = await sql<{ n: string }>(
      databaseUrl,
      'SELECT COUNT(*) AS n FROM "Presentation"',
    );
    expect(Number(presentationsAfter.n)).toBe(Number(presentationsBefore.n) + 4);
    // Charged once each: one unrefunded ledger entry per task, and the balance down by exactly that.
    const charges = await sql<{ taskId: string; delta: number; reason: string }>(
      databaseUrl,
      'SELECT "taskId", delta, reason FROM "CreditEntry" WHERE "taskId" = ANY($1)',
      [ids],
    );
    expect(charges).toHaveLength(4);
    for (const charge of charges) expect(charge).toMatchObject({ delta: -5, reason: "generation" });
    expect(await client.balance(b)).toBe(before - 20);

    // pg-boss: each task's last job completed (B's); the jobs A had fetched are left as they were.
    const jobs = (await bossTaskJobs()).filter((job) => ids.includes(job.taskId));
    for (const id of ids)
      expect(jobs.filter((job) => job.taskId === id && job.state === "completed").length).toBeGreaterThan(0);
    console.info(
      `[multi-instance] pg-boss jobs of the four tasks after the kill: ${jobs.map((job) => job.state).join(", ")}`,
    );
    // The survivor still serves and is ready, with nothing waiting.
    const queue = (await readiness(b)).queue;
    expect(queue).toMatchObject({ pending: 0, processing: 0 });
    console.info(`[multi-instance] readiness of B after the kill: queued_jobs ${queue.queued_jobs}`);
    console.info(
      `[multi-instance] the killed instance's tasks were completed ${recovered} ms after the kill`,
    );
  }, 90_000);

  it("the killed instance restarts on its data directory and re-runs, refunds and charges nothing", async () => {
    const claimsBefore = await taskClaims(databaseUrl);
    const ledgerBefore = await sql(databaseUrl, 'SELECT id, delta, reason FROM "CreditEntry" ORDER BY id');
    const balanceBefore = await client.balance(b);
    a = await startInstance(env, dataDirs.a);
    started.push(a);
    expect((await readiness(a)).queue).toMatchObject({ pending: 0, processing: 0 });
    // A few of its polls and sweeps later: nothing claimed again, the ledger as it was.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await taskClaims(databaseUrl)).toEqual(claimsBefore);
    expect(await sql(databaseUrl, 'SELECT id, delta, reason FROM "CreditEntry" ORDER BY id')).toEqual(
      ledgerBefore,
    );
    expect(await client.balance(a)).toBe(balanceBefore);
  });
});

/** pg-boss's schema for the app's (lib/jobs/job-settings.ts): `<app schema>_boss`. */
function bossSchema(): string {
  return `${postgresSchema(databaseUrl)}_boss`;
}

/** GET /api/health/ready: 200, every check ok, the queue on pg-boss; answers the checks. */
async function readiness(server: TInstance) {
  const res = await fetch(`${server.baseUrl}/api/health/ready`);
  const body = await res.json();
  if (res.status !== 200) console.log(`instance ${server.pid} log:\n${server.log()}`);
  expect(res.status, JSON.stringify(body)).toBe(200);
  expect(body).toMatchObject({
    status: "ready",
    failing: [],
    checks: {
      database: { status: "ok" },
      queue: { status: "ok", engine: "pg-boss" },
      storage: { status: "ok" },
    },
  });
  return body.checks as { queue: { pending: number; processing: number; queued_jobs: number | null } };
}

/** Three slides given in full (v3): generated without any provider. */
function slidesOf(title: string) {
  return [
    { content: `## ${title}\n- Shared database\n- Shared bucket` },
    { content: `## ${title}: second\n- Any instance runs a task\n- Exactly once` },
    { content: `## ${title}: third\n- Nothing left stuck` },
  ];
}

/** The pg-boss jobs of the task queue, with the task each names. */
function bossTaskJobs() {
  return sql<{ taskId: string; state: string }>(
    databaseUrl,
    `SELECT data->>'taskId' AS "taskId", state FROM "${bossSchema()}".job WHERE name = 'deckforge-tasks'`,
  );
}

/** Each task had a job in pg-boss's schema, and every one of them completed. */
async function expectBossJobsDone(taskIds: string[]): Promise<void> {
  const jobs = await bossTaskJobs();
  expect(new Set(jobs.map((job) => job.taskId))).toEqual(new Set(taskIds));
  for (const job of jobs) expect(job.state).toBe("completed");
  console.info(`[multi-instance] ${jobs.length} pg-boss jobs for ${taskIds.length} tasks, all completed`);
}
