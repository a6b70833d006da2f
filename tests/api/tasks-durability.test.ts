// Durable async tasks for real: a server is killed with SIGKILL while a task is being generated
// (an LLM provider on a slow local mock keeps it busy), and a new server on the same data
// directory takes the task back at once — completing it as attempt 2, or, past the attempt limit,
// failing it with its reserved credits refunded. No task is ever left in processing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TMockServer } from "../llm/mock-openai-server";
import { kindOf } from "../llm/scripted-model";
import { cliCreateKey, startDeckforgeServer } from "./global-setup";
import { startSlowLlm, type TServer, taskClient, taskRow } from "./slow-task-client";

let mock: TMockServer;
let env: Record<string, string>;
const servers: TServer[] = [];
let client: ReturnType<typeof taskClient>;

beforeAll(async () => {
  ({ mock, env } = await startSlowLlm());
  servers.push(await startDeckforgeServer(env));
  client = taskClient(cliCreateKey(servers[0].dataDir, "durable@example.com", "durable-tests", env));
});

afterAll(async () => {
  // The first server owns the data directory: stopped last, it removes it.
  for (const server of [...servers].reverse()) await server.stop();
  await mock?.close();
});

const balance = (server: TServer) => client.balance(server);
const ledgerEntry = (server: TServer, id: string) => client.ledgerEntry(server, id);
const queue = (server: TServer) => client.queue(server);
const waitUntilMidGeneration = (server: TServer, id: string) => client.waitUntilMidGeneration(server, id);
const waitForEnd = (server: TServer, id: string) => client.waitForEnd(server, id);

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
    const deck = await client.call(second, `/api/v1/ppt/presentation/${task.data.presentation_id}`);
    expect(deck.json.deck.slides).toHaveLength(5);
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
