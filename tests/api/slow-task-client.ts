// A server whose LLM provider is a slow local mock, and the calls tests of task durability make on
// it: queue a 4-slide deck, wait until it is between two slide calls, wait for its end, read the
// balance and ledger, and read the task's row straight from the SQLite file.
import path from "node:path";
import { createClient } from "@libsql/client";
import { expect } from "vitest";
import { startMockOpenAiServer } from "../llm/mock-openai-server";
import { scriptedModel } from "../llm/scripted-model";
import { queryPostgres } from "../pg/test-database";
import { databaseUrlOf, type startDeckforgeServer, TEST_SERVER_ENV } from "./global-setup";

export type TServer = Awaited<ReturnType<typeof startDeckforgeServer>>;

/**
 * A mock OpenAI-compatible server where every model call takes a second (a 4-slide deck is about
 * five seconds of generation), and the env that points a Deckforge server at it, one slide call at
 * a time, with a lease far longer than the tests: a prompt recovery can only come from noticing
 * that the holder's process is gone (or released its task).
 */
export async function startSlowLlm(handler = scriptedModel()) {
  const mock = await startMockOpenAiServer({ handler, latencyMs: 1000 });
  const env: Record<string, string> = {
    ...TEST_SERVER_ENV,
    LLM_PROVIDER: "openai-compatible",
    LLM_BASE_URL: mock.url,
    LLM_MODEL: "scripted-model",
    LLM_MAX_RETRIES: "0",
    LLM_CONCURRENCY: "1",
    JOB_LEASE_SECONDS: "600",
    JOB_POLL_MS: "200",
  };
  return { mock, env };
}

/** The calls a test makes with one account's key. */
export function taskClient(key: string) {
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

  return {
    call,
    async balance(server: TServer): Promise<number> {
      const res = await call(server, "/api/v1/credits?limit=100");
      expect(res.status).toBe(200);
      return res.json.balance;
    },
    async ledgerEntry(server: TServer, taskId: string) {
      const res = await call(server, "/api/v1/credits?limit=100");
      return res.json.entries.find((entry: { task_id: string | null }) => entry.task_id === taskId);
    },
    /** Queues a deck of a title slide and 4 content slides (n_slides counts the whole deck). */
    async queue(server: TServer): Promise<string> {
      const res = await call(server, "/api/v1/ppt/presentation/generate/async", {
        content: "Heat pumps move heat instead of making it. A household saves about 1,200 euros a year.",
        n_slides: 5,
        language: "French",
      });
      expect(res.status).toBe(202);
      expect(res.json.status).toBe("pending");
      return res.json.id as string;
    },
    /** Waits until the task is between two slide calls, so a kill or a shutdown lands mid-work. */
    async waitUntilMidGeneration(server: TServer, id: string) {
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
    },
    /** Polls until the task ends, recording every status seen; fails if it stays open for a minute. */
    async waitForEnd(server: TServer, id: string) {
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
    },
  };
}

/** The task's row as the database holds it (attempts and the lock are not part of the API). */
export async function taskRow(dataDir: string, id: string) {
  const url = databaseUrlOf(dataDir);
  if (url) {
    const [row] = await queryPostgres(
      url,
      'SELECT status, attempts, "lockedBy", "lockedAt" FROM "Task" WHERE id = $1',
      [id],
    );
    const [open] = await queryPostgres<{ n: string }>(
      url,
      `SELECT COUNT(*) AS n FROM "Task" WHERE status = 'processing'`,
    );
    return { ...row, processingTasks: Number(open.n) };
  }
  const db = createClient({ url: `file:${path.join(dataDir, "deckforge.db")}` });
  try {
    const rows = await db.execute({
      sql: 'SELECT status, attempts, lockedBy, lockedAt FROM "Task" WHERE id = ?',
      args: [id],
    });
    const open = await db.execute(`SELECT COUNT(*) AS n FROM "Task" WHERE status = 'processing'`);
    return { ...rows.rows[0], processingTasks: Number(open.rows[0].n) };
  } finally {
    db.close();
  }
}
