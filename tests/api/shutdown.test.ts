// Graceful shutdown of the real server (next start) on SIGTERM, with an LLM provider on a slow local
// mock keeping a task busy: readiness turns 503 at once while the server still answers; a task that
// ends within SHUTDOWN_GRACE_MS completes before the process exits; one that does not is released to
// `pending` (never left `processing`, its attempt not counted) and the next start on the same data
// directory completes it, charged once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TMockServer } from "../llm/mock-openai-server";
import { cliCreateKey, startDeckforgeServer } from "./global-setup";
import { startSlowLlm, type TServer, taskClient, taskRow } from "./slow-task-client";

let mock: TMockServer;
let env: Record<string, string>;
const servers: TServer[] = [];
let client: ReturnType<typeof taskClient>;

beforeAll(async () => {
  ({ mock, env } = await startSlowLlm());
  servers.push(await startDeckforgeServer({ ...env, SHUTDOWN_GRACE_MS: "30000" }));
  client = taskClient(cliCreateKey(servers[0].dataDir, "shutdown@example.com", "shutdown-tests", env));
});

afterAll(async () => {
  // The first server owns the data directory: stopped last, it removes it.
  for (const server of [...servers].reverse()) await server.stop();
  await mock?.close();
});

const call = (server: TServer, pathname: string, body?: unknown) => client.call(server, pathname, body);
const balance = (server: TServer) => client.balance(server);
const queue = (server: TServer) => client.queue(server);
const waitUntilMidGeneration = (server: TServer, id: string) => client.waitUntilMidGeneration(server, id);
const waitForEnd = async (server: TServer, id: string) => (await client.waitForEnd(server, id)).task;

describe("graceful shutdown (SIGTERM)", () => {
  it("turns not ready at once, keeps answering, and lets a task within the grace period complete", async () => {
    const first = servers[0];
    const ready = await fetch(`${first.baseUrl}/api/health/ready`);
    expect(ready.status).toBe(200);
    const id = await queue(first);
    await waitUntilMidGeneration(first, id);

    const started = Date.now();
    const exited = first.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
    const during = await fetch(`${first.baseUrl}/api/health/ready`);
    expect(during.status).toBe(503);
    const body = await during.json();
    expect(body).toMatchObject({
      status: "not_ready",
      failing: ["queue"],
      checks: {
        database: { status: "ok" },
        storage: { status: "ok" },
        queue: { status: "error", detail: "this server is shutting down" },
      },
    });
    // Liveness and the API still answer while the task finishes.
    expect((await fetch(`${first.baseUrl}/api/health`)).status).toBe(200);
    const polled = await call(first, `/api/v3/async-task/status/${id}`);
    expect(polled.status).toBe(200);
    expect(polled.json.status).toBe("processing");
    // Accepted, but left for another instance: this one claims nothing more.
    const late = await queue(first);

    await exited;
    const took = Date.now() - started;
    // The task needed a few more seconds, far less than the 30 s grace period.
    expect(took).toBeLessThan(20_000);
    expect(await taskRow(first.dataDir, id)).toMatchObject({ status: "completed", attempts: 1 });
    expect(await taskRow(first.dataDir, late)).toMatchObject({
      status: "pending",
      attempts: 0,
      processingTasks: 0,
    });
    expect(first.log()).toMatch(/\[deckforge\] shutdown: SIGTERM received/);
    expect(first.log()).toMatch(/1 task\(s\) finished in the grace period, 0 released/);
    // Next's own SIGTERM handling ran after the drain: it closed the HTTP server and exited.
    expect(first.log()).toMatch(/shutdown: closing the HTTP server and exiting/);
    expect(first.log()).not.toMatch(/did not close within/);

    // The next start takes the late task.
    const second = await startDeckforgeServer(
      { ...env, SHUTDOWN_GRACE_MS: "1000" },
      { dataDir: first.dataDir },
    );
    servers.push(second);
    expect((await waitForEnd(second, late)).status).toBe("completed");
  }, 180_000);

  it("releases a task outliving the grace period to pending; the next start completes it, charged once", async () => {
    const second = servers[1];
    expect(second).toBeDefined();
    const before = await balance(second);
    const id = await queue(second);
    await waitUntilMidGeneration(second, id);
    // Every call from now on takes 20 s: the task cannot end within the 1 s grace period.
    mock.setOptions({ latencyMs: 20_000 });

    const started = Date.now();
    await second.kill("SIGTERM");
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(1000 + 6_000);
    expect(await taskRow(second.dataDir, id)).toMatchObject({
      status: "pending",
      attempts: 0,
      lockedBy: null,
      lockedAt: null,
      processingTasks: 0,
    });
    expect(second.log()).toMatch(/0 task\(s\) finished in the grace period, 1 released to the queue/);

    mock.setOptions({ latencyMs: 50 });
    const third = await startDeckforgeServer(env, { dataDir: second.dataDir });
    servers.push(third);
    const task = await waitForEnd(third, id);
    expect(task.status).toBe("completed");
    expect(task.data.credits_consumed).toBe(5);
    expect(await balance(third)).toBe(before - 5);
    const ledger = (await call(third, "/api/v1/credits?limit=100")).json.entries.filter(
      (entry: { task_id: string | null }) => entry.task_id === id,
    );
    expect(ledger).toEqual([expect.objectContaining({ delta: -5, reason: "generation" })]);
    // Run once to the end, as its first counted attempt.
    expect(await taskRow(third.dataDir, id)).toMatchObject({ status: "completed", attempts: 1 });
  }, 180_000);
});
