// withIdempotency on a real SQLite file: one run per key and account, replays marked as such,
// 409 while the first request runs, 422 for the key on another request, failures free the key,
// keys expire after 24 hours.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { hashRequest } from "@/lib/idempotency/hash-request";
import { IDEMPOTENCY_TTL_MS, purgeIdempotencyKeys } from "@/lib/idempotency/purge-idempotency-keys";
import { IDEMPOTENCY_STALE_MS, withIdempotency } from "@/lib/idempotency/with-idempotency";
import { openTestDb, type TTestDb } from "./credits-test-db";

let t: TTestDb;
let alice: string;
let bob: string;

beforeAll(async () => {
  t = await openTestDb();
  alice = (await t.db.user.create({ data: { email: "alice@example.com" }, select: { id: true } })).id;
  bob = (await t.db.user.create({ data: { email: "bob@example.com" }, select: { id: true } })).id;
});
afterAll(async () => t?.close());

function req(key: string | null, path = "/api/v1/ppt/presentation/generate") {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (key !== null) headers["idempotency-key"] = key;
  return new Request(`http://deckforge.test${path}`, { method: "POST", headers });
}

/** A handler that counts its runs and answers with the run number. */
function counter(status = 200) {
  const state = { runs: 0 };
  const run = async () => {
    state.runs += 1;
    return Response.json({ run: state.runs }, { status });
  };
  return { state, run };
}

async function call(
  key: string | null,
  body: unknown,
  run: () => Promise<Response>,
  userId = alice,
  path?: string,
) {
  const res = await withIdempotency({ req: req(key, path), db: t.db, userId }, body, run);
  return { status: res.status, replayed: res.headers.get("idempotent-replayed"), json: await res.json() };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe("withIdempotency", () => {
  it("runs without a key every time", async () => {
    const { state, run } = counter();
    await call(null, { a: 1 }, run);
    await call(null, { a: 1 }, run);
    expect(state.runs).toBe(2);
  });

  it("answers a repeat with the stored status and body, marked Idempotent-Replayed, without running again", async () => {
    const { state, run } = counter(202);
    const first = await call("key-replay", { a: 1, b: [1, 2] }, run);
    expect(first).toEqual({ status: 202, replayed: null, json: { run: 1 } });
    // The same request spelled differently (key order) is the same request.
    const again = await call("key-replay", { b: [1, 2], a: 1 }, run);
    expect(again).toEqual({ status: 202, replayed: "true", json: { run: 1 } });
    expect(state.runs).toBe(1);
  });

  it("keeps keys per account", async () => {
    const { state, run } = counter();
    await call("shared-key", { a: 1 }, run, alice);
    const other = await call("shared-key", { a: 1 }, run, bob);
    expect(other).toMatchObject({ replayed: null, json: { run: 2 } });
    expect(state.runs).toBe(2);
  });

  it("refuses the key with another body or on another route (422), and a malformed key (400)", async () => {
    const { run } = counter();
    await call("key-mismatch", { a: 1 }, run);
    const body = await failure(call("key-mismatch", { a: 2 }, run));
    expect(body).toMatchObject({ code: "invalid_field", status: 422 });
    expect(body.message).toMatch(/different request body/);
    const route = await failure(call("key-mismatch", { a: 1 }, run, alice, "/api/v3/presentation/generate"));
    expect(route.status).toBe(422);
    expect(route.message).toMatch(/POST \/api\/v1\/ppt\/presentation\/generate/);
    for (const bad of ["", "has space", "x".repeat(256), "naïve"]) {
      const error = await failure(call(bad, { a: 1 }, run));
      expect(error).toMatchObject({ code: "bad_request", status: 400 });
      expect(error.details?.errors?.[0].path).toBe("Idempotency-Key");
    }
    expect((await call("x".repeat(255), { a: 1 }, run)).status).toBe(200);
  });

  it("answers 409 with Retry-After while the first request runs, then replays its answer", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let runs = 0;
    const slow = async () => {
      runs += 1;
      await gate;
      return Response.json({ done: true });
    };
    const first = call("key-busy", { a: 1 }, slow);
    await new Promise((r) => setTimeout(r, 50));
    const busy = await failure(call("key-busy", { a: 1 }, slow));
    expect(busy).toMatchObject({ code: "conflict", status: 409 });
    expect(Number(busy.details?.headers?.["retry-after"])).toBeGreaterThan(0);
    release();
    expect(await first).toMatchObject({ status: 200, json: { done: true } });
    expect(await call("key-busy", { a: 1 }, slow)).toMatchObject({ replayed: "true", json: { done: true } });
    expect(runs).toBe(1);
  });

  it("lets exactly one of many simultaneous first requests run", async () => {
    const { state, run } = counter();
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () =>
        call("key-race", { a: 1 }, run).then(
          (res) => res.status,
          (error: ApiError) => error.status,
        ),
      ),
    );
    expect(state.runs).toBe(1);
    expect(outcomes.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    expect(outcomes.every((status) => status === 200 || status === 409)).toBe(true);
  });

  it("stores no failure: a thrown error or an error answer frees the key for a retry", async () => {
    let runs = 0;
    const flaky = async () => {
      runs += 1;
      if (runs === 1) throw new ApiError("provider_unavailable", "down");
      if (runs === 2) return Response.json({ detail: "no" }, { status: 402 });
      return Response.json({ ok: runs });
    };
    expect((await failure(call("key-flaky", { a: 1 }, flaky))).status).toBe(503);
    expect((await call("key-flaky", { a: 1 }, flaky)).status).toBe(402);
    expect(await call("key-flaky", { a: 1 }, flaky)).toMatchObject({
      status: 200,
      replayed: null,
      json: { ok: 3 },
    });
    expect(await call("key-flaky", { a: 1 }, flaky)).toMatchObject({ replayed: "true", json: { ok: 3 } });
    expect(runs).toBe(3);
  });

  it("forgets a key after 24 hours (purged, or reused afresh) and takes over one whose request died", async () => {
    const { state, run } = counter();
    const old = new Date(Date.now() - IDEMPOTENCY_TTL_MS - 1000);
    await t.db.idempotencyKey.create({
      data: {
        userId: alice,
        key: "key-expired",
        route: "POST /elsewhere",
        requestHash: "x",
        status: "done",
        responseStatus: 200,
        responseBody: "{}",
        createdAt: old,
      },
    });
    // Expired: another route and body are fine now, and it runs.
    expect(await call("key-expired", { a: 1 }, run)).toMatchObject({ replayed: null, json: { run: 1 } });

    await t.db.idempotencyKey.create({
      data: {
        userId: alice,
        key: "key-dead",
        route: "POST /api/v1/ppt/presentation/generate",
        requestHash: hashRequest({ a: 1 }),
        createdAt: new Date(Date.now() - IDEMPOTENCY_STALE_MS - 1000),
      },
    });
    expect(await call("key-dead", { a: 1 }, run)).toMatchObject({ replayed: null, json: { run: 2 } });
    expect(state.runs).toBe(2);

    await t.db.idempotencyKey.create({
      data: { userId: bob, key: "key-old", route: "r", requestHash: "h", createdAt: old },
    });
    expect(await purgeIdempotencyKeys(t.db)).toBe(1);
    expect(await t.db.idempotencyKey.count({ where: { key: "key-old" } })).toBe(0);
    expect(await t.db.idempotencyKey.count({ where: { key: "key-dead" } })).toBe(1);
  });
});
