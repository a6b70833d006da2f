// Durable async tasks for real: a server is killed with SIGKILL while a task is being generated
// (an LLM provider on a slow local mock keeps it busy), and a new server on the same data
// directory takes the task back at once — completing it as attempt 2, or, past the attempt limit,
// failing it with its reserved credits refunded. No task is ever left in processing.
import path from "node:path";
import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockOpenAiServer, type TMockServer } from "../llm/mock-openai-server";
import { kindOf, scriptedModel } from "../llm/scripted-model";
import { cliCreateKey, startDeckforgeServer, TEST_SERVER_ENV } from "./global-setup";

type TServer = Awaited<ReturnType<typeof startDeckforgeServer>>;

let mock: TMockServer;
let env: Record<string, string>;
const servers: TServer[] = [];
let key: string;

beforeAll(async () => {
  // Every model call takes a second: a 4-slide deck is about five seconds of generation.
  mock = await startMockOpenAiServer({ handler: scriptedModel(), latencyMs: 1000 });
  env = {
    ...TEST_SERVER_ENV,
    LLM_PROVIDER: "openai-compatible",
    LLM_BASE_URL: mock.url,
    LLM_MODEL: "scripted-model",
    LLM_MAX_RETRIES: "0",
    // One slide call at a time, so the task spends seconds in "Generating slides n/4".
    LLM_CONCURRENCY: "1",
    // A lease far longer than the test: a prompt recovery can only come from noticing that the
    // holder's process is gone.
    JOB_LEASE_SECONDS: "600",
    JOB_POLL_MS: "200",
  };
  servers.push(await startDeckforgeServer(env));
  key = cliCreateKey(servers[0].dataDir, "durable@example.com", "durable-tests", env);
});

afterAll(async () => {
  // The first server owns the data directory: stopped last, it removes it.
  for (const server of [...servers].reverse()) await server.stop();
  await mock?.close();
});

async function call(server: TServer, pathname: string, body?: unknown) {
  const res = await fetch(`${server.baseUrl}${pathname}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary response bodies
  return { status: res.status, json: (await res.json()) as any };
}

async function balance(server: TServer): Promise<number> {
  const res = await call(server, "/api/v1/credits?limit=100");
  expect(res.status).toBe(200);
  return res.json.balance;
}

async function ledgerEntry(server: TServer, taskId: string) {
  const res = await call(server, "/api/v1/credits?limit=100");
  return res.json.entries.find((entry: { task_id: string | null }) => entry.task_id === taskId);
}

/** Queues a 4-slide deck on the LLM provider. */
async function queue(server: TServer) {
  const res = await call(server, "/api/v1/ppt/presentation/generate/async", {
    content: "Heat pumps move heat instead of making it. A household saves about 1,200 euros a year.",
    n_slides: 4,
    language: "French",
  });
  expect(res.status).toBe(202);
  expect(res.json.status).toBe("pending");
  return res.json.id as string;
}

/** Waits until the task is between two slide calls, so a kill lands in the middle of the work. */
async function waitUntilMidGeneration(server: TServer, id: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const { json } = await call(server, `/api/v3/async-task/status/${id}`);
    if (json.status === "completed" || json.status === "error")
      throw new Error(`the task ended (${json.status}) before it could be interrupted`);
    const step = /^Generating slides (\d+)\/4$/.exec(json.message);
    if (json.status === "processing" && step && Number(step[1]) >= 1 && Number(step[1]) < 4) return json;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the task never reached the slide calls");
}

/** Polls until the task ends, recording every status seen; fails if it stays open for a minute. */
async function waitForEnd(server: TServer, id: string) {
  const seen: string[] = [];
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const { status, json } = await call(server, `/api/v3/async-task/status/${id}`);
    expect(status).toBe(200);
    if (seen.at(-1) !== json.status) seen.push(json.status);
    if (json.status === "completed" || json.status === "error") return { task: json, seen };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`task ${id} was left open: ${seen.join(" → ")}`);
}

/** The task's row as the database holds it (attempts are not part of the API). */
async function taskRow(dataDir: string, id: string) {
  const db = createClient({ url: `file:${path.join(dataDir, "deckforge.db")}` });
  try {
    const rows = await db.execute({
      sql: 'SELECT status, attempts, lockedBy FROM "Task" WHERE id = ?',
      args: [id],
    });
    const open = await db.execute(`SELECT COUNT(*) AS n FROM "Task" WHERE status = 'processing'`);
    return { ...rows.rows[0], processingTasks: Number(open.rows[0].n) };
  } finally {
    db.close();
  }
}

describe("async tasks survive a killed server", () => {
  it("a task interrupted by kill -9 is picked up by the next start and completes as attempt 2", async () => {
    const first = servers[0];
    const before = await balance(first);
    const id = await queue(first);
    // Reserved at enqueue: the balance drops before any slide exists.
    expect(await balance(first)).toBeLessThan(before);
    const mid = await waitUntilMidGeneration(first, id);
    expect(mid.progress).toBeGreaterThan(0);
    expect(mid.progress).toBeLessThan(100);

    await first.kill("SIGKILL");
    expect(await taskRow(first.dataDir, id)).toMatchObject({ status: "processing", attempts: 1 });
    const callsBefore = mock.requests.length;

    const second = await startDeckforgeServer(env, { dataDir: first.dataDir });
    servers.push(second);
    const { task, seen } = await waitForEnd(second, id);
    expect(task.status).toBe("completed");
    expect(seen).not.toContain("error");
    expect(task.progress).toBe(100);
    expect(task.data.presentation_id).toMatch(/^[0-9a-f-]{36}$/);
    // The title slide and four content slides, charged once: the ledger holds the settled price.
    expect(task.data.credits_consumed).toBe(5);
    expect(await balance(second)).toBe(before - 5);
    expect(await ledgerEntry(second, id)).toMatchObject({ delta: -5, reason: "generation" });
    // The work was done again from the outline by the new server — within waitForEnd's minute,
    // long before the 600 s lease could have lapsed.
    expect(mock.requests.slice(callsBefore).some((r) => kindOf(r.body).kind === "outline")).toBe(true);
    expect(await taskRow(first.dataDir, id)).toMatchObject({
      status: "completed",
      attempts: 2,
      lockedBy: null,
      processingTasks: 0,
    });
    const deck = await fetch(`${second.baseUrl}/api/v1/ppt/presentation/${task.data.presentation_id}`, {
      headers: { authorization: `Bearer ${key}` },
    }).then((r) => r.json());
    expect(deck.deck.slides).toHaveLength(5);
  }, 180_000);

  it("past JOB_MAX_ATTEMPTS an interrupted task ends in error with its reserved credits refunded", async () => {
    const second = servers[1];
    expect(second).toBeDefined();
    const before = await balance(second);
    const id = await queue(second);
    expect(await ledgerEntry(second, id)).toMatchObject({ delta: -5, reason: "generation" });
    await waitUntilMidGeneration(second, id);

    await second.kill("SIGKILL");
    const third = await startDeckforgeServer({ ...env, JOB_MAX_ATTEMPTS: "1" }, { dataDir: second.dataDir });
    servers.push(third);
    const { task, seen } = await waitForEnd(third, id);
    // Given up on the new server's first look: never run again, never completed.
    expect(seen.at(-1)).toBe("error");
    expect(seen).not.toContain("pending");
    expect(seen).not.toContain("completed");
    expect(task.data).toBeUndefined();
    expect(task.error).toMatchObject({ status: 500, code: "internal_error" });
    expect(task.message).toMatch(/given up/);
    // The refund follows the status write by a moment.
    await expect.poll(() => balance(third)).toBe(before);
    expect(await ledgerEntry(third, id)).toMatchObject({ delta: 0, reason: "generation_refunded" });
    expect(await taskRow(second.dataDir, id)).toMatchObject({
      status: "error",
      attempts: 1,
      processingTasks: 0,
    });
  }, 180_000);
});
