// GET /api/v1/credits and /credits/rules (and their v3 aliases) in-process against a real SQLite
// database: the balance, the rules in force, and the ledger paged newest first without gaps.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ZCreditRulesResponse, ZCreditsResponse } from "@/lib/api/schemas/credits";
import type { Db } from "@/lib/db";
import { openTestDb, type TTestDb } from "./credits-test-db";

type TRoute = (req: Request, ctx: { params: Promise<Record<string, never>> }) => Promise<Response>;
let test: TTestDb;
let db: Db;
let routes: { v1: TRoute; v3: TRoute; rulesV1: TRoute; rulesV3: TRoute };
let alice: { id: string; key: string };
let bob: { id: string; key: string };

beforeAll(async () => {
  test = await openTestDb();
  db = test.db;
  const load = async (path: string) => ((await import(path)) as { GET: TRoute }).GET;
  routes = {
    v1: await load("@/app/api/v1/credits/route"),
    v3: await load("@/app/api/v3/credits/route"),
    rulesV1: await load("@/app/api/v1/credits/rules/route"),
    rulesV3: await load("@/app/api/v3/credits/rules/route"),
  };
  const { findOrCreateUser } = await import("@/lib/auth/users");
  const { createApiKey } = await import("@/lib/auth/api-keys");
  const { adjustCredits } = await import("@/lib/credits/adjust-credits");
  const { reserveCredits } = await import("@/lib/credits/reserve-credits");
  const account = async (email: string) => {
    const user = await findOrCreateUser(db, email);
    return { id: user.id, key: (await createApiKey(db, user.id, "tests")).secret };
  };
  alice = await account("alice@example.com");
  bob = await account("bob@example.com");
  // Alice: the grant, then 24 movements, some within the same millisecond.
  for (let i = 1; i <= 12; i++) await adjustCredits(db, alice.id, i, `adjustment: n${i}`);
  await Promise.all(
    Array.from({ length: 12 }, () => reserveCredits(db, alice.id, 1, { reason: "generation" })),
  );
});
afterAll(() => test.close());
afterEach(() => {
  delete process.env.CREDITS_ENFORCE;
  delete process.env.CREDITS_PER_SLIDE;
});

async function get(route: TRoute, key: string, query = "") {
  const res = await route(
    new Request(`http://localhost/api/v1/credits${query}`, { headers: { authorization: `Bearer ${key}` } }),
    { params: Promise.resolve({}) },
  );
  return { status: res.status, body: await res.json() };
}

describe("GET /api/v1/credits", () => {
  it("answers the balance, enforcement and rules, with the newest 20 entries by default", async () => {
    process.env.CREDITS_PER_SLIDE = "2";
    const { status, body } = await get(routes.v1, alice.key);
    expect(status).toBe(200);
    expect(ZCreditsResponse.parse(body)).toEqual(body);
    expect(body.balance).toBe(100 + 78 - 12);
    expect(body.enforce).toBe(true);
    expect(body.rules).toEqual({ per_slide: 2, per_ai_image: 2, per_ai_edit: 1, per_document_page: 0 });
    expect(body.entries).toHaveLength(20);
    expect(body.next_cursor).toEqual(expect.any(String));
  });

  it("pages through the whole ledger newest first, each entry once, summing to the balance", async () => {
    const seen: { id: string; delta: number; created_at: string }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const { status, body } = await get(
        routes.v1,
        alice.key,
        `?limit=7${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(status).toBe(200);
      expect(body.entries.length).toBeLessThanOrEqual(7);
      seen.push(...body.entries);
      cursor = body.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(4);
    expect(seen).toHaveLength(25);
    expect(new Set(seen.map((e) => e.id)).size).toBe(25);
    const times = seen.map((e) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(seen.at(-1)).toMatchObject({ delta: 100, reason: "grant" });
    expect(seen.reduce((sum, e) => sum + e.delta, 0)).toBe((await get(routes.v1, alice.key)).body.balance);
  });

  it("shows only the key's own account", async () => {
    const { body } = await get(routes.v1, bob.key, "?limit=100");
    expect(body.balance).toBe(100);
    expect(body.entries).toHaveLength(1);
    expect(body.next_cursor).toBeNull();
  });

  it("refuses a bad limit or cursor with a 422 naming the field", async () => {
    for (const [query, path] of [
      ["?limit=0", "limit"],
      ["?limit=101", "limit"],
      ["?limit=ten", "limit"],
      ["?cursor=nonsense", "cursor"],
    ]) {
      const { status, body } = await get(routes.v1, alice.key, query);
      expect(status, query).toBe(422);
      expect(body.code).toBe("invalid_field");
      expect(body.errors[0].path).toBe(path);
    }
  });

  it("says when enforcement is off, and /api/v3/credits answers the same", async () => {
    process.env.CREDITS_ENFORCE = "false";
    const v1 = await get(routes.v1, bob.key);
    const v3 = await get(routes.v3, bob.key);
    expect(v1.body.enforce).toBe(false);
    expect(v3).toEqual(v1);
  });
});

describe("GET /api/v1/credits/rules", () => {
  it("lists the documented rule table with the values in force, and the grant", async () => {
    process.env.CREDITS_PER_SLIDE = "3";
    const { status, body } = await get(routes.rulesV1, bob.key);
    expect(status).toBe(200);
    expect(ZCreditRulesResponse.parse(body)).toEqual(body);
    expect(body.rules.map((r: { rule: string; credits: number }) => [r.rule, r.credits])).toEqual([
      ["per_slide", 3],
      ["per_ai_image", 2],
      ["per_ai_edit", 1],
      ["per_document_page", 0],
    ]);
    expect(body).toMatchObject({ grant: 100, enforce: true });
    expect(await get(routes.rulesV3, bob.key)).toEqual({ status, body });
  });
});
