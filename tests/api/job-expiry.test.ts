// pg-boss stops waiting for a job's handler once the job expires (JOB_EXPIRE_SECONDS) and frees the
// worker slot, though the generation behind it still runs. The server must not take a new task into
// that slot: with one slot and a 2 s expiry, a second task waits for the first (its job is retried)
// instead of running beside it. Runs in the PostgreSQL pass, where pg-boss is the engine.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresSchema } from "@/lib/db/database-kind";
import type { TMockServer } from "../llm/mock-openai-server";
import { queryPostgres } from "../pg/test-database";
import { cliCreateKey, databaseUrlOf, startDeckforgeServer } from "./global-setup";
import { isPostgresPass } from "./multi-instance-helpers";
import { startSlowLlm, type TServer, taskClient, taskRow } from "./slow-task-client";

let mock: TMockServer;
let server: TServer;
let client: ReturnType<typeof taskClient>;

describe.skipIf(!isPostgresPass())("a task's pg-boss job expiring while the task still runs", () => {
  beforeAll(async () => {
    const slow = await startSlowLlm();
    mock = slow.mock;
    const env = { ...slow.env, JOB_CONCURRENCY: "1", JOB_EXPIRE_SECONDS: "2" };
    server = await startDeckforgeServer(env);
    client = taskClient(cliCreateKey(server.dataDir, "expiry@example.com", "expiry-tests", env));
  });

  afterAll(async () => {
    await server?.stop();
    await mock?.close();
  });

  it("does not free the slot for a second task: one runs at a time, each once", async () => {
    const first = await client.queue(server);
    await client.waitUntilMidGeneration(server, first);
    const second = await client.queue(server);
    let mostAtOnce = 0;
    const watching = (async () => {
      for (let open = true; open; ) {
        const row = await taskRow(server.dataDir, second);
        mostAtOnce = Math.max(mostAtOnce, Number(row.processingTasks));
        open = ["pending", "processing"].includes(String((row as Record<string, unknown>).status));
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    // Each 4-slide deck takes about five seconds of slow model calls, well past the 2 s expiry.
    const [a, b] = await Promise.all([client.waitForEnd(server, first), client.waitForEnd(server, second)]);
    await watching;
    expect(a.task.status).toBe("completed");
    expect(b.task.status).toBe("completed");
    expect(mostAtOnce).toBe(1);
    for (const id of [first, second])
      expect(await taskRow(server.dataDir, id)).toMatchObject({ attempts: 1 });
    // The slot was offered the second task's job while the first ran: that job was refused and retried.
    const url = databaseUrlOf(server.dataDir) ?? "";
    const jobs = await queryPostgres<{ retry_count: number; output: { message?: string } | null }>(
      url,
      `SELECT retry_count, output FROM "${postgresSchema(url)}_boss".job WHERE name = 'deckforge-tasks' AND data->>'taskId' = $1`,
      [second],
    );
    expect(jobs.some((job) => job.retry_count > 0)).toBe(true);
  }, 90_000);
});
