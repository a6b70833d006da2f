// Webhooks end to end in-process: the route handlers on a real SQLite database, the background
// delivery worker, and a real receiving HTTP server on 127.0.0.1 verifying signatures with the
// standardwebhooks library. (tests/api/webhooks.test.ts does the same through the built server.)
import fs from "node:fs";
import type { ServerResponse } from "node:http";
import os from "node:os";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "@/lib/db";
import { startMockServer, type TMockServer, type TRecordedRequest } from "./net-mock-server";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "deckforge-webhooks-"));
const ENV = {
  DATA_DIR: dataDir,
  ALLOW_PRIVATE_NETWORK_FETCH: "1",
  WEBHOOK_RETRY_BASE_MS: "100",
  WEBHOOK_MAX_ATTEMPTS: "3",
  WEBHOOK_TIMEOUT_MS: "700",
};
const previousEnv = Object.fromEntries(Object.keys(ENV).map((name) => [name, process.env[name]]));
const globalForDb = globalThis as { deckforgeDb?: Promise<Db> };

type TRoute = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const routes: Record<string, TRoute> = {};
let db: Db;
let emitWebhookEvent: typeof import("@/lib/webhooks/emit-webhook-event").emitWebhookEvent;
let stopWebhookWorker: () => void;
let alice: { id: string; key: string };
let bob: { id: string; key: string };
let receiver: TMockServer;
/** Per receiver path: how many times it has been hit. */
const hits = new Map<string, number>();

/** The receiver: /ok answers 200, /flaky 500 twice then 200, /down 500, /slow never, /moved a 302. */
function answer(pathname: string, response: ServerResponse): void {
  const count = (hits.get(pathname) ?? 0) + 1;
  hits.set(pathname, count);
  if (pathname.startsWith("/ok")) {
    response.writeHead(200, { "content-type": "text/plain" });
    response.end(`received ${count}`);
  } else if (pathname === "/flaky") {
    response.writeHead(count <= 2 ? 500 : 200, { "content-type": "text/plain" });
    response.end(count <= 2 ? `not yet (${count})` : "finally");
  } else if (pathname === "/down") {
    response.writeHead(500, { "content-type": "application/json" });
    response.end(JSON.stringify({ error: "database on fire", padding: "y".repeat(600) }));
  } else if (pathname === "/moved") {
    response.writeHead(302, { location: "/ok-moved" });
    response.end();
  }
  // /slow: left hanging; the attempt times out.
}

beforeAll(async () => {
  Object.assign(process.env, ENV);
  delete process.env.DATABASE_URL;
  globalForDb.deckforgeDb = undefined;
  receiver = await startMockServer((request, response) => answer(request.url ?? "", response));
  const { getDb } = await import("@/lib/db");
  const { findOrCreateUser } = await import("@/lib/auth/users");
  const { createApiKey } = await import("@/lib/auth/api-keys");
  ({ emitWebhookEvent } = await import("@/lib/webhooks/emit-webhook-event"));
  ({ stopWebhookWorker } = await import("@/lib/webhooks/webhook-worker"));
  const load = async (name: string, modulePath: string, method: string) => {
    const module = (await import(/* @vite-ignore */ modulePath)) as Record<string, TRoute>;
    routes[name] = module[method];
  };
  await load("subscribe", "@/app/api/v1/webhook/subscribe/route", "POST");
  await load("all", "@/app/api/v1/webhook/all/route", "GET");
  await load("unsubscribe", "@/app/api/v1/webhook/unsubscribe/route", "DELETE");
  await load("deliveries", "@/app/api/v1/webhook/[id]/deliveries/route", "GET");
  await load("redeliver", "@/app/api/v1/webhook/deliveries/[deliveryId]/redeliver/route", "POST");
  await load("v3subscribe", "@/app/api/v3/webhook/subscribe/route", "POST");
  await load("v3all", "@/app/api/v3/webhook/all/route", "GET");
  await load("v3unsubscribe", "@/app/api/v3/webhook/unsubscribe/route", "DELETE");
  await load("v3deliveries", "@/app/api/v3/webhook/[id]/deliveries/route", "GET");
  await load("v3redeliver", "@/app/api/v3/webhook/deliveries/[deliveryId]/redeliver/route", "POST");
  db = await getDb();
  const account = async (email: string) => {
    const user = await findOrCreateUser(db, email);
    return { id: user.id, key: (await createApiKey(db, user.id, "tests")).secret };
  };
  alice = await account("alice@example.com");
  bob = await account("bob@example.com");
});

afterAll(async () => {
  stopWebhookWorker?.();
  await receiver?.close();
  await db?.$disconnect();
  globalForDb.deckforgeDb = undefined;
  for (const [name, value] of Object.entries(previousEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  process.env.ALLOW_PRIVATE_NETWORK_FETCH = "1";
  await db.webhookSubscription.deleteMany({});
  receiver.requests.length = 0;
  hits.clear();
});

type TCall = { key?: string; body?: unknown; params?: Record<string, string>; query?: string; raw?: string };

/** Calls a route handler in-process as Next.js would. */
async function call(name: string, { key = alice.key, body, params = {}, query = "", raw }: TCall = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  if (body !== undefined || raw !== undefined) headers["content-type"] = "application/json";
  const method = name.includes("unsubscribe") ? "DELETE" : /all|deliveries$/.test(name) ? "GET" : "POST";
  const req = new Request(`http://localhost/api/webhook${query}`, {
    method,
    headers,
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const res = await routes[name](req, { params: Promise.resolve(params) });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

async function subscribe(pathname: string, event = "presentation.generation.completed", key = alice.key) {
  const res = await call("subscribe", { key, body: { url: `${receiver.origin}${pathname}`, event } });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: string; secret: string; url: string };
}

/** Waits until `check` returns a value (not undefined/false), or fails after `ms`. */
async function waitFor<T>(check: () => Promise<T | undefined | false> | T | undefined | false, ms = 10_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value as T;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const finished = (subscriptionId: string, count = 1) =>
  waitFor(async () => {
    const rows = await db.webhookDelivery.findMany({ where: { subscriptionId, status: { not: "pending" } } });
    return rows.length >= count ? rows : undefined;
  });

const requestsTo = (pathname: string): TRecordedRequest[] =>
  receiver.requests.filter((r) => r.url === pathname);

const RESULT = {
  presentation_id: "5b0f0c1e-2d3a-4b5c-8d9e-0f1a2b3c4d5e",
  path: "http://localhost/api/v1/ppt/exports/x/deck.pptx?sig=1",
  edit_path: "http://localhost/editor/5b0f0c1e-2d3a-4b5c-8d9e-0f1a2b3c4d5e",
  credits_consumed: 3,
};

describe("subscriptions", () => {
  it("subscribe answers 201 with a generated whsec_ secret once; listings show only a fragment", async () => {
    const created = await call("subscribe", {
      body: { url: `${receiver.origin}/ok`, event: "presentation.generation.completed" },
    });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: `${receiver.origin}/ok`,
      event: "presentation.generation.completed",
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      created_at: expect.any(String),
    });
    const listed = await call("all");
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual([
      {
        id: created.json.id,
        url: created.json.url,
        event: "presentation.generation.completed",
        secret_hint: `${created.json.secret.slice(0, 10)}…`,
        created_at: created.json.created_at,
      },
    ]);
    expect(JSON.stringify(listed.json)).not.toContain(created.json.secret);
    expect((await call("v3all")).json).toEqual(listed.json);
    expect((await call("all", { key: bob.key })).json).toEqual([]);
  });

  it("keeps a given valid secret and refuses an invalid one (422 at secret)", async () => {
    const secret = `whsec_${Buffer.alloc(32, 9).toString("base64")}`;
    const res = await call("v3subscribe", {
      body: { url: `${receiver.origin}/ok`, event: "presentation.generation.failed", secret },
    });
    expect(res.status).toBe(201);
    expect(res.json.secret).toBe(secret);
    const bad = await call("subscribe", {
      body: { url: `${receiver.origin}/ok`, event: "presentation.generation.completed", secret: "s3cret" },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.code).toBe("invalid_field");
    expect(bad.json.errors).toEqual([
      { path: "secret", message: expect.stringMatching(/^A webhook secret starts with 'whsec_'/) },
    ]);
  });

  it("refuses an unknown event listing the valid ones", async () => {
    const res = await call("subscribe", {
      body: { url: `${receiver.origin}/ok`, event: "presentation.deleted" },
    });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual([
      {
        path: "event",
        message:
          "Unknown event. Valid events: 'presentation.generation.completed', 'presentation.generation.failed'.",
      },
    ]);
  });

  it.each([
    ["http://127.0.0.1:9/hook", "127.0.0.1"],
    ["http://localhost:9/hook", "localhost"],
    ["http://169.254.169.254/latest/meta-data", "169.254.169.254"],
    ["http://10.0.0.5/hook", "10.0.0.5"],
    ["http://[::1]:9/hook", "::1"],
    ["http://[::ffff:192.168.0.1]/hook", "::ffff:c0a8:1"],
  ])("without the allowance, refuses %s as a non-public address", async (url, host) => {
    process.env.ALLOW_PRIVATE_NETWORK_FETCH = "";
    const res = await call("subscribe", { body: { url, event: "presentation.generation.completed" } });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual([
      { path: "url", message: expect.stringContaining(`${host} is not a public address`) },
    ]);
    expect(await db.webhookSubscription.count()).toBe(0);
  });

  it.each([
    ["ftp://example.com/hook", /http or https/],
    ["http://user:pw@example.com/hook", /no credentials/],
    ["http://no-such-host.invalid/hook", /does not resolve/],
  ])("refuses %s", async (url, message) => {
    const res = await call("subscribe", { body: { url, event: "presentation.generation.completed" } });
    expect(res.status).toBe(422);
    expect(res.json.errors[0]).toEqual({ path: "url", message: expect.stringMatching(message) });
  });

  it("refuses the same URL twice for one event (409) but not for the other event or another account", async () => {
    const first = await subscribe("/ok");
    const again = await call("subscribe", {
      body: { url: `${receiver.origin}/ok`, event: "presentation.generation.completed" },
    });
    expect(again.status).toBe(409);
    expect(again.json.detail).toContain(first.id);
    await subscribe("/ok", "presentation.generation.failed");
    await subscribe("/ok", "presentation.generation.completed", bob.key);
  });

  it("caps an account at 20 subscriptions", async () => {
    for (let i = 0; i < 20; i++) await subscribe(`/ok-${i}`);
    const res = await call("subscribe", {
      body: { url: `${receiver.origin}/ok-21`, event: "presentation.generation.failed" },
    });
    expect(res.status).toBe(422);
    expect(res.json.detail).toMatch(/at most 20/);
  });

  it("unsubscribe answers 204 by body or query, 404 for another account's or an unknown id", async () => {
    const one = await subscribe("/ok");
    const two = await subscribe("/ok", "presentation.generation.failed");
    expect((await call("unsubscribe", { key: bob.key, body: { id: one.id } })).status).toBe(404);
    expect((await call("unsubscribe", { body: { id: "nope" } })).status).toBe(404);
    expect((await call("unsubscribe", { body: {} })).status).toBe(422);
    expect((await call("unsubscribe", { body: { id: one.id } })).status).toBe(204);
    expect((await call("unsubscribe", { body: { id: one.id } })).status).toBe(404);
    expect((await call("v3unsubscribe", { query: `?id=${two.id}` })).status).toBe(204);
    expect((await call("all")).json).toEqual([]);
  });
});

describe("deliveries", () => {
  it("delivers a signed {type, timestamp, data} body to the account's matching subscriptions only", async () => {
    const hook = await subscribe("/ok");
    await subscribe("/ok-failed-only", "presentation.generation.failed");
    await subscribe("/ok-bob", "presentation.generation.completed", bob.key);
    await emitWebhookEvent(db, alice.id, "presentation.generation.completed", RESULT);
    await finished(hook.id);
    const [request] = requestsTo("/ok");
    expect(request.method).toBe("POST");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers["webhook-id"]).toMatch(/^msg_[0-9a-f]{32}$/);
    const body = new Webhook(hook.secret).verify(request.body, request.headers as Record<string, string>);
    expect(body).toEqual({
      type: "presentation.generation.completed",
      timestamp: expect.any(String),
      data: RESULT,
    });
    expect(Math.abs(Date.parse((body as { timestamp: string }).timestamp) - Date.now())).toBeLessThan(10_000);
    // Give a wrong delivery time to show up, then check nothing else was sent.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.requests.map((r) => r.url)).toEqual(["/ok"]);

    const log = await call("deliveries", { params: { id: hook.id } });
    expect(log.status).toBe(200);
    expect(log.json).toEqual([
      {
        id: expect.any(String),
        subscription_id: hook.id,
        event: "presentation.generation.completed",
        message_id: request.headers["webhook-id"],
        status: "succeeded",
        attempts: 1,
        next_attempt_at: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        body: JSON.parse(request.body),
        attempt_log: [
          {
            status: 200,
            duration_ms: expect.any(Number),
            response: "received 1",
            error: null,
            created_at: expect.any(String),
          },
        ],
      },
    ]);
  });

  it("retries a 500 with backoff under the same webhook-id, logging every attempt", async () => {
    const hook = await subscribe("/flaky");
    await emitWebhookEvent(db, alice.id, "presentation.generation.completed", RESULT);
    const [delivery] = await finished(hook.id);
    expect(delivery.status).toBe("succeeded");
    const sent = requestsTo("/flaky");
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((r) => r.headers["webhook-id"])).size).toBe(1);
    expect(new Set(sent.map((r) => r.body)).size).toBe(1);
    for (const request of sent) {
      expect(() =>
        new Webhook(hook.secret).verify(request.body, request.headers as Record<string, string>),
      ).not.toThrow();
    }
    const [view] = (await call("v3deliveries", { params: { id: hook.id } })).json;
    expect(view.attempts).toBe(3);
    expect(view.attempt_log.map((a: { status: number }) => a.status)).toEqual([500, 500, 200]);
    expect(view.attempt_log.map((a: { response: string }) => a.response)).toEqual([
      "not yet (1)",
      "not yet (2)",
      "finally",
    ]);
    expect(view.attempt_log[0].error).toBe("The endpoint answered 500.");
    // The second wait is twice the first (100 ms, then 200 ms; a few ms go to the send itself).
    const times = view.attempt_log.map((a: { created_at: string }) => Date.parse(a.created_at));
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(90);
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(190);
  });

  it("fails after WEBHOOK_MAX_ATTEMPTS; redeliver queues a copy with the same webhook-id that succeeds", async () => {
    const hook = await subscribe("/down");
    await emitWebhookEvent(db, alice.id, "presentation.generation.failed", {
      error: {
        type: "/docs/errors#invalid_field",
        title: "Invalid request",
        status: 422,
        detail: "x",
        code: "invalid_field",
      },
    });
    // Subscribed to completed only: the failed event goes nowhere.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.requests).toHaveLength(0);

    await emitWebhookEvent(db, alice.id, "presentation.generation.completed", RESULT);
    const [failed] = await finished(hook.id);
    expect(failed).toMatchObject({ status: "failed", attempts: 3, nextAttemptAt: null });
    const [view] = (await call("deliveries", { params: { id: hook.id }, query: "?status=failed" })).json;
    expect(view.attempt_log).toHaveLength(3);
    expect(view.attempt_log[0].response).toHaveLength(500);
    expect(view.attempt_log[0].response).toMatch(/^\{"error":"database on fire"/);

    // The endpoint is fixed: point the subscription at a working path and redeliver.
    await db.webhookSubscription.update({ where: { id: hook.id }, data: { url: `${receiver.origin}/ok` } });
    expect((await call("redeliver", { key: bob.key, params: { deliveryId: failed.id } })).status).toBe(404);
    const again = await call("redeliver", { params: { deliveryId: failed.id } });
    expect(again.status).toBe(202);
    expect(again.json).toMatchObject({
      subscription_id: hook.id,
      message_id: failed.messageId,
      body: view.body,
    });
    expect(again.json.id).not.toBe(failed.id);
    await waitFor(
      async () =>
        (await db.webhookDelivery.findUnique({ where: { id: again.json.id } }))?.status === "succeeded",
    );
    const [okRequest] = requestsTo("/ok");
    expect(okRequest.headers["webhook-id"]).toBe(failed.messageId);
    expect(okRequest.body).toBe(requestsTo("/down")[0].body);
    const list = (await call("deliveries", { params: { id: hook.id } })).json;
    expect(list.map((d: { status: string }) => d.status)).toEqual(["succeeded", "failed"]);
    expect((await call("v3redeliver", { params: { deliveryId: "not-a-uuid" } })).status).toBe(404);
  });

  it("redeliver moves a pending delivery's next attempt to now", async () => {
    const hook = await subscribe("/ok");
    const delivery = await db.webhookDelivery.create({
      data: {
        subscriptionId: hook.id,
        event: "presentation.generation.completed",
        messageId: "msg_waiting",
        payload: JSON.stringify({
          type: "presentation.generation.completed",
          timestamp: new Date().toISOString(),
          data: RESULT,
        }),
        attempts: 1,
        nextAttemptAt: new Date(Date.now() + 3_600_000),
      },
    });
    const res = await call("redeliver", { params: { deliveryId: delivery.id } });
    expect(res.status).toBe(202);
    expect(res.json.id).toBe(delivery.id);
    await waitFor(
      async () =>
        (await db.webhookDelivery.findUnique({ where: { id: delivery.id } }))?.status === "succeeded",
    );
    expect(requestsTo("/ok").map((r) => r.headers["webhook-id"])).toEqual(["msg_waiting"]);
  });

  it("logs a timeout, and a redirect as not followed", async () => {
    const slow = await subscribe("/slow");
    const moved = await subscribe("/moved");
    await emitWebhookEvent(db, alice.id, "presentation.generation.completed", RESULT);
    await finished(moved.id);
    const [movedView] = (await call("deliveries", { params: { id: moved.id } })).json;
    expect(movedView.attempt_log[0]).toMatchObject({
      status: null,
      error: expect.stringMatching(/do not follow redirects/),
    });
    expect(requestsTo("/ok-moved")).toHaveLength(0);
    await finished(slow.id);
    const [slowView] = (await call("deliveries", { params: { id: slow.id } })).json;
    expect(slowView.status).toBe("failed");
    expect(slowView.attempt_log[0]).toMatchObject({
      status: null,
      error: "No complete answer within 700 ms.",
    });
    expect(slowView.attempt_log[0].duration_ms).toBeGreaterThanOrEqual(650);
  });

  it("re-checks the address at delivery time: no request once private networks are no longer allowed", async () => {
    const hook = await subscribe("/ok");
    process.env.ALLOW_PRIVATE_NETWORK_FETCH = "0";
    const connections = receiver.connections();
    await emitWebhookEvent(db, alice.id, "presentation.generation.completed", RESULT);
    const [delivery] = await finished(hook.id);
    expect(delivery.status).toBe("failed");
    expect(receiver.connections()).toBe(connections);
    const [view] = (await call("deliveries", { params: { id: hook.id } })).json;
    expect(view.attempt_log[0].error).toMatch(/127\.0\.0\.1 is not a public address/);
  });

  it("unsubscribing stops deliveries, including retries already queued", async () => {
    const hook = await subscribe("/down");
    await emitWebhookEvent(db, alice.id, "presentation.generation.completed", RESULT);
    await waitFor(() => requestsTo("/down").length >= 1);
    expect((await call("unsubscribe", { body: { id: hook.id } })).status).toBe(204);
    const sent = requestsTo("/down").length;
    await emitWebhookEvent(db, alice.id, "presentation.generation.completed", RESULT);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(requestsTo("/down").length).toBeLessThanOrEqual(sent + 1);
    expect(await db.webhookDelivery.count({ where: { subscriptionId: hook.id } })).toBe(0);
    expect((await call("deliveries", { params: { id: hook.id } })).status).toBe(404);
  });

  it("hides another account's deliveries behind a 404 and checks the query", async () => {
    const hook = await subscribe("/ok");
    const other = await call("deliveries", { key: bob.key, params: { id: hook.id } });
    expect(other.status).toBe(404);
    expect(other.json.code).toBe("not_found");
    const bad = await call("deliveries", { params: { id: hook.id }, query: "?limit=500" });
    expect(bad.status).toBe(422);
    expect(bad.json.errors[0].path).toBe("limit");
  });

  it("emitWebhookEvent never throws into the generation that fired it", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = {
      webhookSubscription: { findMany: () => Promise.reject(new Error("database is gone")) },
    } as unknown as Db;
    await expect(
      emitWebhookEvent(broken, alice.id, "presentation.generation.completed", RESULT),
    ).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/could not be recorded/), expect.any(Error));
    error.mockRestore();
  });
});
