// Webhooks through the real server: subscriptions, signed deliveries of generation events (sync and
// async) to a real receiver on 127.0.0.1, retries, isolation between accounts, redelivery.
import type { ServerResponse } from "node:http";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { startMockServer, type TMockServer, type TRecordedRequest } from "../unit/net-mock-server";
import { api, UUID } from "./helpers";
import { SAMPLE_CONTENT } from "./sample-content";

const COMPLETED = "presentation.generation.completed";
const FAILED = "presentation.generation.failed";

let receiver: TMockServer;
/** Hits per receiver path. */
const hits = new Map<string, number>();

/** /flaky answers 500 twice then 200; /down always 500; anything else 200. */
function answer(pathname: string, response: ServerResponse): void {
  const count = (hits.get(pathname) ?? 0) + 1;
  hits.set(pathname, count);
  const status = pathname === "/down" || (pathname === "/flaky" && count <= 2) ? 500 : 200;
  response.writeHead(status, { "content-type": "text/plain" });
  response.end(`${pathname} ${status} #${count}`);
}

beforeAll(async () => {
  receiver = await startMockServer((request, response) => answer(request.url ?? "", response));
});

afterAll(async () => {
  await receiver?.close();
});

/** Every test starts with no subscriptions on either account and an empty receiver log. */
beforeEach(async () => {
  for (const key of [inject("keyA"), inject("keyB")]) {
    const listed = await api("/api/v1/webhook/all", { key });
    for (const subscription of listed.json) {
      await api("/api/v1/webhook/unsubscribe", { key, method: "DELETE", body: { id: subscription.id } });
    }
  }
  receiver.requests.length = 0;
  hits.clear();
});

async function subscribe(pathname: string, event = COMPLETED, key = inject("keyA")) {
  const res = await api("/api/v1/webhook/subscribe", {
    key,
    body: { url: `${receiver.origin}${pathname}`, event },
  });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: string; secret: string };
}

const requestsTo = (pathname: string): TRecordedRequest[] =>
  receiver.requests.filter((r) => r.url === pathname);

async function waitFor<T>(check: () => Promise<T | undefined | false> | T | undefined | false, ms = 20_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value as T;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Verifies a received request with the standardwebhooks library and returns its parsed body. */
function verified(request: TRecordedRequest, secret: string) {
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary webhook bodies
  return new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as any;
}

/** A pause long enough for a delivery that should not happen to have happened (retries are 200 ms). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

async function pollTask(id: string) {
  for (let i = 0; i < 300; i++) {
    const res = await api(`/api/v3/async-task/status/${id}`);
    if (res.json.status === "completed" || res.json.status === "error") return res.json;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("task did not finish");
}

const generation = { content: SAMPLE_CONTENT, n_slides: 2, include_title_slide: false };

describe("webhook subscriptions", () => {
  it("subscribe (v1 and v3) answers 201 with a whsec_ secret shown once; /all lists fragments", async () => {
    const v1 = await subscribe("/a");
    expect(v1).toEqual({
      id: expect.stringMatching(UUID),
      url: `${receiver.origin}/a`,
      event: COMPLETED,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      created_at: expect.any(String),
    });
    const v3 = await api("/api/v3/webhook/subscribe", {
      body: { url: `${receiver.origin}/b`, event: FAILED },
    });
    expect(v3.status).toBe(201);
    const listed = await api("/api/v3/webhook/all");
    expect(listed.status).toBe(200);
    expect(listed.json.map((s: { id: string }) => s.id).sort()).toEqual([v1.id, v3.json.id].sort());
    expect(listed.json.find((s: { id: string }) => s.id === v1.id).secret_hint).toBe(
      `${v1.secret.slice(0, 10)}…`,
    );
    expect(listed.text).not.toContain(v1.secret);
    expect((await api("/api/v1/webhook/all", { key: inject("keyB") })).json).toEqual([]);
  });

  it("answers 422 problems for an unknown event (listing the valid ones) and an invalid secret", async () => {
    const event = await api("/api/v1/webhook/subscribe", {
      body: { url: `${receiver.origin}/a`, event: "deck.made" },
    });
    expect(event.status).toBe(422);
    expect(event.headers.get("content-type")).toBe("application/problem+json");
    expect(event.json.errors).toEqual([
      { path: "event", message: `Unknown event. Valid events: '${COMPLETED}', '${FAILED}'.` },
    ]);
    const secret = await api("/api/v1/webhook/subscribe", {
      body: { url: `${receiver.origin}/a`, event: COMPLETED, secret: "whsec_tooshort" },
    });
    expect(secret.status).toBe(422);
    expect(secret.json.errors[0].path).toBe("secret");
  });

  it("hides another account's subscription behind 404s; unsubscribe answers 204 (v1 and v3)", async () => {
    const hook = await subscribe("/a");
    const other = { key: inject("keyB") };
    const gone = await api("/api/v1/webhook/unsubscribe", {
      ...other,
      method: "DELETE",
      body: { id: hook.id },
    });
    expect(gone.status).toBe(404);
    expect(gone.json.code).toBe("not_found");
    expect((await api(`/api/v1/webhook/${hook.id}/deliveries`, other)).status).toBe(404);
    const removed = await api("/api/v3/webhook/unsubscribe", { method: "DELETE", body: { id: hook.id } });
    expect(removed.status).toBe(204);
    expect(removed.text).toBe("");
    expect((await api("/api/v1/webhook/all")).json).toEqual([]);
  });
});

describe("webhook deliveries", () => {
  it("sync generation with trigger_webhook: the completed event arrives signed with the subscription's secret", async () => {
    const hook = await subscribe("/sync");
    const failedHook = await subscribe("/sync-failed", FAILED);
    const res = await api("/api/v1/ppt/presentation/generate", {
      body: { ...generation, trigger_webhook: true },
    });
    expect(res.status).toBe(200);
    const [request] = await waitFor(() => requestsTo("/sync").length > 0 && requestsTo("/sync"));
    expect(request.headers["webhook-id"]).toMatch(/^msg_/);
    expect(Number(request.headers["webhook-timestamp"])).toBeCloseTo(Date.now() / 1000, -2);
    const body = verified(request, hook.secret);
    expect(body).toEqual({ type: COMPLETED, timestamp: expect.any(String), data: res.json });
    expect(() => verified(request, failedHook.secret)).toThrow();
    await settle();
    expect(receiver.requests).toHaveLength(1);
  });

  it("without trigger_webhook nothing is sent", async () => {
    await subscribe("/quiet");
    const res = await api("/api/v1/ppt/presentation/generate", { body: generation });
    expect(res.status).toBe(200);
    const queued = await api("/api/v1/ppt/presentation/generate/async", {
      body: { ...generation, trigger_webhook: false },
    });
    await pollTask(queued.json.id);
    await settle();
    expect(receiver.requests).toHaveLength(0);
  });

  it("async generation: the completed event carries the task id and the task's result", async () => {
    const hook = await subscribe("/async");
    const queued = await api("/api/v1/ppt/presentation/generate/async", {
      body: { ...generation, trigger_webhook: true },
    });
    expect(queued.status).toBe(202);
    const task = await pollTask(queued.json.id);
    expect(task.status).toBe("completed");
    const [request] = await waitFor(() => requestsTo("/async").length > 0 && requestsTo("/async"));
    expect(verified(request, hook.secret)).toEqual({
      type: COMPLETED,
      timestamp: expect.any(String),
      data: { ...task.data, task_id: queued.json.id },
    });
  });

  it("a failed async generation sends presentation.generation.failed with the problem", async () => {
    await subscribe("/failed-completed");
    const hook = await subscribe("/failed", FAILED);
    // A chart layout for text without numbers is found out while the slides are written.
    const queued = await api("/api/v3/presentation/generate/async", {
      body: { slides: [{ content: "## Mood\n- good", layout: "chart" }], trigger_webhook: true },
    });
    expect(queued.status, queued.text).toBe(202);
    const task = await pollTask(queued.json.id);
    expect(task.status).toBe("error");
    const [request] = await waitFor(() => requestsTo("/failed").length > 0 && requestsTo("/failed"));
    const body = verified(request, hook.secret);
    expect(body).toEqual({
      type: FAILED,
      timestamp: expect.any(String),
      data: {
        task_id: queued.json.id,
        error: expect.objectContaining({ status: 422, code: "invalid_field" }),
      },
    });
    expect(body.data.error.detail).toBe(task.error.detail);
    await settle();
    expect(requestsTo("/failed-completed")).toHaveLength(0);
  });

  it("retries a receiver that answers 500 twice: 3 attempts, one webhook-id, all in the delivery log", async () => {
    const hook = await subscribe("/flaky");
    const res = await api("/api/v1/ppt/presentation/generate", {
      body: { ...generation, trigger_webhook: true },
    });
    expect(res.status).toBe(200);
    await waitFor(() => requestsTo("/flaky").length >= 3);
    const sent = requestsTo("/flaky");
    expect(new Set(sent.map((r) => r.headers["webhook-id"])).size).toBe(1);
    for (const request of sent) expect(verified(request, hook.secret).data).toEqual(res.json);
    const [delivery] = await waitFor(async () => {
      const log = await api(`/api/v1/webhook/${hook.id}/deliveries`);
      return log.json[0]?.status === "succeeded" && log.json;
    });
    expect(delivery).toMatchObject({
      event: COMPLETED,
      attempts: 3,
      message_id: sent[0].headers["webhook-id"],
    });
    expect(delivery.attempt_log.map((a: { status: number }) => a.status)).toEqual([500, 500, 200]);
    expect(delivery.attempt_log.map((a: { response: string }) => a.response)).toEqual([
      "/flaky 500 #1",
      "/flaky 500 #2",
      "/flaky 200 #3",
    ]);
    expect(delivery.attempt_log[0].error).toBe("The endpoint answered 500.");
    await settle();
    expect(requestsTo("/flaky")).toHaveLength(3);
  });

  it("gives up after WEBHOOK_MAX_ATTEMPTS (4 on the test server) and marks the delivery failed", async () => {
    const hook = await subscribe("/down");
    await api("/api/v1/ppt/presentation/generate", { body: { ...generation, trigger_webhook: true } });
    const [delivery] = await waitFor(async () => {
      const log = await api(`/api/v3/webhook/${hook.id}/deliveries?status=failed`);
      return log.json.length > 0 && log.json;
    });
    expect(delivery.attempts).toBe(4);
    expect(delivery.attempt_log).toHaveLength(4);
    expect(requestsTo("/down")).toHaveLength(4);
  });

  it("another account's subscription receives nothing", async () => {
    await subscribe("/bob", COMPLETED, inject("keyB"));
    await subscribe("/alice");
    await api("/api/v1/ppt/presentation/generate", { body: { ...generation, trigger_webhook: true } });
    await waitFor(() => requestsTo("/alice").length > 0);
    await settle();
    expect(requestsTo("/bob")).toHaveLength(0);
  });

  it("unsubscribe stops deliveries", async () => {
    const hook = await subscribe("/stopped");
    expect((await api(`/api/v1/webhook/unsubscribe?id=${hook.id}`, { method: "DELETE" })).status).toBe(204);
    await api("/api/v1/ppt/presentation/generate", { body: { ...generation, trigger_webhook: true } });
    await settle();
    expect(receiver.requests).toHaveLength(0);
  });

  it("redeliver sends the same event again under the same webhook-id; 404 for another account", async () => {
    const hook = await subscribe("/again");
    await api("/api/v1/ppt/presentation/generate", { body: { ...generation, trigger_webhook: true } });
    const [first] = await waitFor(async () => {
      const log = await api(`/api/v1/webhook/${hook.id}/deliveries`);
      return log.json[0]?.status === "succeeded" && log.json;
    });
    const other = await api(`/api/v1/webhook/deliveries/${first.id}/redeliver`, {
      key: inject("keyB"),
      method: "POST",
    });
    expect(other.status).toBe(404);
    const again = await api(`/api/v3/webhook/deliveries/${first.id}/redeliver`, { method: "POST" });
    expect(again.status).toBe(202);
    expect(again.json).toMatchObject({ message_id: first.message_id, body: first.body });
    expect(again.json.id).not.toBe(first.id);
    await waitFor(() => requestsTo("/again").length >= 2);
    const [one, two] = requestsTo("/again");
    expect(two.headers["webhook-id"]).toBe(one.headers["webhook-id"]);
    expect(two.body).toBe(one.body);
    expect(verified(two, hook.secret).type).toBe(COMPLETED);
  });
});
