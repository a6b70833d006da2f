// Cancelling a generation for real: a server whose LLM provider is a slow local mock keeps a task
// busy between slide calls; DELETE on its status (REST) or notifications/cancelled from the MCP
// SDK's Client (the call aborted) ends it in `error` with a `cancelled` problem, refunds every
// reserved credit, keeps no presentation, and the worker stops calling the model. A finished task
// cannot be cancelled (409), another account's is a 404.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TMockServer } from "../llm/mock-openai-server";
import { cliCreateKey, startDeckforgeServer } from "./global-setup";
import { startSlowLlm, type TServer, taskClient } from "./slow-task-client";

let mock: TMockServer;
let server: TServer;
let key: string;
let env: Record<string, string>;
let client: ReturnType<typeof taskClient>;

beforeAll(async () => {
  const slow = await startSlowLlm();
  mock = slow.mock;
  env = slow.env;
  server = await startDeckforgeServer(env);
  key = cliCreateKey(server.dataDir, "cancel@example.com", "cancel-tests", env);
  client = taskClient(key);
});

afterAll(async () => {
  await server?.stop();
  await mock?.close();
});

async function send(method: string, pathname: string, withKey = key) {
  const res = await fetch(`${server.baseUrl}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${withKey}` },
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary response bodies
  return { status: res.status, type: res.headers.get("content-type"), json: (await res.json()) as any };
}

async function presentationCount(): Promise<number> {
  const res = await client.call(server, "/api/v1/ppt/presentations");
  expect(res.status).toBe(200);
  return res.json.total;
}

/** Model calls over the next `ms`: none once the worker has stopped. */
async function modelCallsDuring(ms: number): Promise<number> {
  const before = mock.requests.length;
  await new Promise((resolve) => setTimeout(resolve, ms));
  return mock.requests.length - before;
}

/** What a cancelled task must leave: error/cancelled, credits back, no deck, a quiet model. */
async function expectCancelled(id: string, before: { balance: number; decks: number }) {
  const { task } = await client.waitForEnd(server, id);
  expect(task).toMatchObject({
    status: "error",
    message: "Cancelled",
    error: { code: "cancelled", status: 409, title: "Cancelled", type: "/docs/errors#cancelled" },
  });
  expect(task.error.detail).toContain("its credits were refunded");
  expect(task.data).toBeUndefined();
  expect(await client.balance(server)).toBe(before.balance);
  expect(await client.ledgerEntry(server, id)).toMatchObject({ delta: 0, reason: "generation_refunded" });
  // The worker stops at its next step: a slide call takes a second, so three quiet seconds show it.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(await modelCallsDuring(3000)).toBe(0);
  expect((await send("GET", `/api/v3/async-task/status/${id}`)).json.status).toBe("error");
  expect(await presentationCount()).toBe(before.decks);
  return task;
}

describe("cancelling a generation task", () => {
  it("DELETE on a running task's status cancels it: error/cancelled, refunded, no deck, the model no longer called", async () => {
    const before = { balance: await client.balance(server), decks: await presentationCount() };
    const id = await client.queue(server);
    expect(await client.balance(server)).toBeLessThan(before.balance);
    await client.waitUntilMidGeneration(server, id);

    const cancelled = await send("DELETE", `/api/v3/async-task/status/${id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ id, status: "error", error: { code: "cancelled" } });
    await expectCancelled(id, before);

    // Finished now: a second cancellation (on the v1 alias) is a 409 problem and changes nothing.
    const again = await send("DELETE", `/api/v1/ppt/presentation/status/${id}`);
    expect(again.status).toBe(409);
    expect(again.type).toContain("application/problem+json");
    expect(again.json).toMatchObject({ code: "conflict" });
    expect(again.json.detail).toContain("already finished (error)");
    expect(await client.balance(server)).toBe(before.balance);
  }, 120_000);

  it("a completed task cannot be cancelled, and another account's task is a 404", async () => {
    const id = await client.queue(server);
    const { task } = await client.waitForEnd(server, id);
    expect(task.status).toBe("completed");
    const balance = await client.balance(server);
    const late = await send("DELETE", `/api/v1/ppt/presentation/status/${id}`);
    expect(late.status).toBe(409);
    expect((await send("GET", `/api/v3/async-task/status/${id}`)).json.status).toBe("completed");
    expect(await client.balance(server)).toBe(balance);

    const other = cliCreateKey(server.dataDir, "other@example.com", "other-tests", env);
    expect((await send("DELETE", `/api/v3/async-task/status/${id}`, other)).status).toBe(404);
    expect((await send("DELETE", "/api/v3/async-task/status/not-a-task")).status).toBe(404);
  }, 120_000);

  it("an MCP client that cancels generate_presentation cancels its task the same way", async () => {
    const mcp = new Client({ name: "deckforge-cancel-tests", version: "1.0.0" });
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/api/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      }),
    );
    try {
      const before = { balance: await client.balance(server), decks: await presentationCount() };
      const abort = new AbortController();
      let taskId: string | undefined;
      const call = mcp.callTool(
        {
          name: "generate_presentation",
          arguments: {
            content: "Heat pumps move heat instead of making it. A household saves about 1,200 euros a year.",
            n_slides: 5,
            language: "French",
          },
        },
        undefined,
        {
          signal: abort.signal,
          onprogress: (report) => {
            taskId ??= /\(task ([0-9a-f-]{36})\)$/.exec(report.message ?? "")?.[1];
            // Cancelled between two slide calls, as a user pressing stop would.
            if (/Generating slides [1-3]\/4/.test(report.message ?? "")) abort.abort("the user pressed stop");
          },
        },
      );
      await expect(call).rejects.toThrow(/the user pressed stop/);
      expect(taskId).toBeDefined();
      const task = await expectCancelled(taskId as string, before);
      expect(task.error.detail).toContain(
        "the MCP client cancelled generate_presentation: the user pressed stop",
      );
    } finally {
      await mcp.close();
    }
  }, 120_000);
});
