// Idempotency-Key on the generation POSTs: a repeat gets the first answer again (same status and
// body, Idempotent-Replayed: true) and is neither worked nor charged twice; the key with another
// request is a 422; a repeat while the first runs is a 409 (or the same answer); keys are per account.
import crypto from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { cliCreateKey } from "./global-setup";
import { api } from "./helpers";
import { SAMPLE_CONTENT } from "./sample-content";

const GENERATE = "/api/v1/ppt/presentation/generate";

// An account of its own, so its ledger holds only this file's generations.
let mine: string;
beforeAll(() => {
  mine = cliCreateKey(inject("dataDir"), "idempotency@example.com", "idempotency-tests");
});

function newKey(): string {
  return `test-${crypto.randomUUID()}`;
}

function withKey(key: string, body: unknown, account = mine) {
  return { body, headers: { "idempotency-key": key }, key: account };
}

async function credits() {
  const res = await api("/api/v1/credits?limit=100", { key: mine });
  expect(res.status).toBe(200);
  return res.json as {
    balance: number;
    entries: { delta: number; reason: string; presentation_id: string | null; task_id: string | null }[];
  };
}

describe("Idempotency-Key", () => {
  it("replays a synchronous generation: same answer, one deck, one charge", async () => {
    const key = newKey();
    const body = { content: SAMPLE_CONTENT, n_slides: 3 };
    const before = await credits();
    const first = await api(GENERATE, withKey(key, body));
    expect(first.status).toBe(200);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await api(GENERATE, withKey(key, { n_slides: 3, content: SAMPLE_CONTENT }));
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.json).toEqual(first.json);

    const after = await credits();
    expect(before.balance - after.balance).toBe(first.json.credits_consumed);
    const charges = after.entries.filter((e) => e.presentation_id === first.json.presentation_id);
    expect(charges).toEqual([
      expect.objectContaining({ delta: -first.json.credits_consumed, reason: "generation" }),
    ]);
    // Exactly one generation was recorded between the two balance reads.
    expect(after.entries.length - before.entries.length).toBe(1);
  });

  it("replays an async request with the same task id and queues one task", async () => {
    const key = newKey();
    const body = { slides: [{ content: "## Once\n- only once" }, { content: "## Twice\n- never" }] };
    const first = await api("/api/v3/presentation/generate/async", withKey(key, body));
    expect(first.status).toBe(202);
    const again = await api("/api/v3/presentation/generate/async", withKey(key, body));
    expect(again.status).toBe(202);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.json.id).toBe(first.json.id);
    expect(again.json).toEqual(first.json);
    const reservations = (await credits()).entries.filter((e) => e.task_id === first.json.id);
    expect(reservations).toHaveLength(1);
  });

  it("refuses the key with another body or on another route (422)", async () => {
    const key = newKey();
    expect((await api(GENERATE, withKey(key, { content: SAMPLE_CONTENT, n_slides: 2 }))).status).toBe(200);
    const otherBody = await api(GENERATE, withKey(key, { content: SAMPLE_CONTENT, n_slides: 3 }));
    expect(otherBody.status).toBe(422);
    expect(otherBody.headers.get("content-type")).toContain("application/problem+json");
    expect(otherBody.json).toMatchObject({ status: 422, code: "invalid_field" });
    expect(otherBody.json.errors[0].path).toBe("Idempotency-Key");
    const otherRoute = await api(
      "/api/v1/ppt/presentation/generate/async",
      withKey(key, { content: SAMPLE_CONTENT, n_slides: 2 }),
    );
    expect(otherRoute.status).toBe(422);
    expect(otherRoute.json.detail).toContain(GENERATE);
  });

  it("answers a repeat sent while the first still runs with 409 and Retry-After, or with the same answer", async () => {
    const key = newKey();
    const body = { content: SAMPLE_CONTENT, n_slides: 12, export_as: "pdf" };
    const before = await credits();
    const [a, b] = await Promise.all([api(GENERATE, withKey(key, body)), api(GENERATE, withKey(key, body))]);
    const statuses = [a.status, b.status].sort();
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    const done = a.status === 200 ? a : b;
    const other = a === done ? b : a;
    if (other.status === 409) {
      expect(other.json.code).toBe("conflict");
      expect(Number(other.headers.get("retry-after"))).toBeGreaterThan(0);
    } else {
      expect(other.json).toEqual(done.json);
    }
    // Either way the deck was made and charged once; a later repeat replays it.
    const after = await credits();
    expect(before.balance - after.balance).toBe(done.json.credits_consumed);
    const replay = await api(GENERATE, withKey(key, body));
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.json).toEqual(done.json);
  });

  it("keeps keys per account", async () => {
    const key = newKey();
    const body = { slides: [{ content: "## Shared key\n- per account" }] };
    const ours = await api("/api/v3/presentation/generate", withKey(key, body));
    const theirs = await api("/api/v3/presentation/generate", withKey(key, body, inject("keyB")));
    expect(ours.status).toBe(200);
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
    expect(theirs.json.presentation_id).not.toBe(ours.json.presentation_id);
  });

  it("covers create/from-json and outlines, and runs every time without a key", async () => {
    const key = newKey();
    const deck = { slides: [{ layout: "bullets", content: { title: "JSON", bullets: ["one"] } }] };
    const json1 = await api("/api/v1/ppt/presentation/create/from-json", withKey(key, deck));
    const json2 = await api("/api/v1/ppt/presentation/create/from-json", withKey(key, deck));
    expect(json1.status).toBe(200);
    expect(json2.headers.get("idempotent-replayed")).toBe("true");
    expect(json2.json.presentation_id).toBe(json1.json.presentation_id);

    const outlineKey = newKey();
    const outline = { content: SAMPLE_CONTENT, n_slides: 3 };
    const o1 = await api("/api/v3/presentation/outlines/generate", withKey(outlineKey, outline));
    const o2 = await api("/api/v3/presentation/outlines/generate", withKey(outlineKey, outline));
    expect(o1.status).toBe(200);
    expect(o2.headers.get("idempotent-replayed")).toBe("true");
    expect(o2.json).toEqual(o1.json);

    const plain1 = await api("/api/v1/ppt/presentation/create/from-json", { body: deck, key: mine });
    const plain2 = await api("/api/v1/ppt/presentation/create/from-json", { body: deck, key: mine });
    expect(plain2.json.presentation_id).not.toBe(plain1.json.presentation_id);
  });

  it("refuses a malformed key (400) before any work", async () => {
    for (const bad of ["has space", "x".repeat(256)]) {
      const res = await api(GENERATE, withKey(bad, { content: SAMPLE_CONTENT, n_slides: 2 }));
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: "bad_request", errors: [{ path: "Idempotency-Key" }] });
    }
  });

  it("frees the key of a failed request, so the same key can be retried", async () => {
    const key = newKey();
    const failing = { slides: [{ content: "## Mood\n- good", layout: "chart" }] };
    const failed = await api("/api/v3/presentation/generate", withKey(key, failing));
    expect(failed.status).toBe(422);
    // Not stored: the same request is worked again (and fails again), not replayed.
    const again = await api("/api/v3/presentation/generate", withKey(key, failing));
    expect(again.status).toBe(422);
    expect(again.headers.get("idempotent-replayed")).toBeNull();
  });
});
