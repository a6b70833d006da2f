// The per-key rate limit: the in-memory sliding window on a fake clock, and withApiKey in-process
// against a real SQLite database (429 problem, Retry-After, RateLimit-* headers on every answer).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MemoryRateLimitStore } from "@/lib/api/memory-rate-limit-store";
import {
  checkRateLimit,
  rateLimitHeaders,
  rateLimitPerMinute,
  setRateLimitStore,
} from "@/lib/api/rate-limit";
import { openTestDb, type TTestDb } from "./credits-test-db";

describe("MemoryRateLimitStore (sliding window log)", () => {
  it("allows `limit` requests in any window, refuses the next, and gives one back as the oldest leaves", () => {
    const store = new MemoryRateLimitStore();
    expect(store.hit("k", 3, 60_000, 0)).toEqual({ allowed: true, remaining: 2, resetMs: 60_000 });
    expect(store.hit("k", 3, 60_000, 10_000)).toEqual({ allowed: true, remaining: 1, resetMs: 50_000 });
    expect(store.hit("k", 3, 60_000, 20_000)).toEqual({ allowed: true, remaining: 0, resetMs: 40_000 });
    expect(store.hit("k", 3, 60_000, 30_000)).toEqual({ allowed: false, remaining: 0, resetMs: 30_000 });
    // A refused request is not counted: the window still frees up at 60 s.
    expect(store.hit("k", 3, 60_000, 59_999)).toMatchObject({ allowed: false, resetMs: 1 });
    expect(store.hit("k", 3, 60_000, 60_000)).toEqual({ allowed: true, remaining: 0, resetMs: 10_000 });
    expect(store.hit("k", 3, 60_000, 60_001).allowed).toBe(false);
  });

  it("counts every key on its own and forgets idle keys", () => {
    const store = new MemoryRateLimitStore();
    expect(store.hit("a", 1, 60_000, 0).allowed).toBe(true);
    expect(store.hit("a", 1, 60_000, 1).allowed).toBe(false);
    expect(store.hit("b", 1, 60_000, 1).allowed).toBe(true);
    // Long after, both windows are empty again (and their logs were swept).
    expect(store.hit("a", 1, 60_000, 500_000)).toEqual({ allowed: true, remaining: 0, resetMs: 60_000 });
    expect(store.hit("b", 1, 60_000, 500_000).allowed).toBe(true);
  });
});

describe("rate limit settings and headers", () => {
  afterEach(() => {
    delete process.env.RATE_LIMIT_PER_MINUTE;
  });

  it("reads RATE_LIMIT_PER_MINUTE: default 120, 0 turns it off, nonsense is refused", async () => {
    expect(rateLimitPerMinute({})).toBe(120);
    expect(rateLimitPerMinute({ RATE_LIMIT_PER_MINUTE: " " })).toBe(120);
    expect(rateLimitPerMinute({ RATE_LIMIT_PER_MINUTE: "5" })).toBe(5);
    expect(() => rateLimitPerMinute({ RATE_LIMIT_PER_MINUTE: "-1" })).toThrow(/RATE_LIMIT_PER_MINUTE/);
    expect(() => rateLimitPerMinute({ RATE_LIMIT_PER_MINUTE: "fast" })).toThrow(/RATE_LIMIT_PER_MINUTE/);
    process.env.RATE_LIMIT_PER_MINUTE = "0";
    expect(await checkRateLimit("any")).toBeNull();
  });

  it("sends the draft's RateLimit-* headers in whole seconds, and Retry-After when refused", () => {
    expect(rateLimitHeaders({ allowed: true, limit: 120, remaining: 119, resetMs: 59_001 })).toEqual({
      "RateLimit-Limit": "120",
      "RateLimit-Remaining": "119",
      "RateLimit-Reset": "60",
    });
    expect(rateLimitHeaders({ allowed: false, limit: 5, remaining: 0, resetMs: 200 })).toEqual({
      "RateLimit-Limit": "5",
      "RateLimit-Remaining": "0",
      "RateLimit-Reset": "1",
      "Retry-After": "1",
    });
  });
});

describe("withApiKey rate limiting (in-process)", () => {
  type TRoute = (req: Request, ctx: { params: Promise<Record<string, never>> }) => Promise<Response>;
  let test: TTestDb;
  let credits: TRoute;
  let health: TRoute;
  let keys: string[];

  beforeAll(async () => {
    test = await openTestDb();
    ({ GET: credits } = (await import("@/app/api/v1/credits/route")) as unknown as { GET: TRoute });
    ({ GET: health } = (await import("@/app/api/health/route")) as unknown as { GET: TRoute });
    const { findOrCreateUser } = await import("@/lib/auth/users");
    const { createApiKey } = await import("@/lib/auth/api-keys");
    const user = await findOrCreateUser(test.db, "limited@example.com");
    keys = [
      (await createApiKey(test.db, user.id, "one")).secret,
      (await createApiKey(test.db, user.id, "two")).secret,
    ];
  });
  afterAll(() => test.close());
  afterEach(() => {
    delete process.env.RATE_LIMIT_PER_MINUTE;
    setRateLimitStore(new MemoryRateLimitStore());
  });

  const call = (route: TRoute, key: string | null, query = "") =>
    route(
      new Request(`http://localhost/api/v1/credits${query}`, {
        headers: key ? { authorization: `Bearer ${key}` } : {},
      }),
      { params: Promise.resolve({}) },
    );

  it("answers the request after the limit with a 429 problem, Retry-After and RateLimit-* headers", async () => {
    process.env.RATE_LIMIT_PER_MINUTE = "3";
    for (const remaining of ["2", "1", "0"]) {
      const ok = await call(credits, keys[0]);
      expect(ok.status).toBe(200);
      expect(ok.headers.get("ratelimit-limit")).toBe("3");
      expect(ok.headers.get("ratelimit-remaining")).toBe(remaining);
      expect(Number(ok.headers.get("ratelimit-reset"))).toBeGreaterThanOrEqual(59);
    }
    const limited = await call(credits, keys[0]);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("content-type")).toBe("application/problem+json");
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get("ratelimit-limit")).toBe("3");
    expect(limited.headers.get("ratelimit-remaining")).toBe("0");
    expect(limited.headers.get("ratelimit-reset")).toBe(String(retryAfter));
    expect(await limited.json()).toMatchObject({
      status: 429,
      code: "rate_limited",
      title: "Too many requests",
    });
    // Per key: the account's other key is not limited.
    expect((await call(credits, keys[1])).status).toBe(200);
  });

  it("puts the headers on error answers after authentication, not on a 401", async () => {
    process.env.RATE_LIMIT_PER_MINUTE = "10";
    const invalid = await call(credits, keys[0], "?limit=0");
    expect(invalid.status).toBe(422);
    expect(invalid.headers.get("ratelimit-remaining")).toBe("9");
    const unauthorized = await call(credits, "df_not-a-key");
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get("ratelimit-limit")).toBeNull();
  });

  it("sends no headers and never refuses when RATE_LIMIT_PER_MINUTE=0", async () => {
    process.env.RATE_LIMIT_PER_MINUTE = "0";
    for (let i = 0; i < 5; i++) {
      const res = await call(credits, keys[0]);
      expect(res.status).toBe(200);
      expect(res.headers.get("ratelimit-limit")).toBeNull();
    }
  });

  it("does not limit /api/health", async () => {
    process.env.RATE_LIMIT_PER_MINUTE = "1";
    for (let i = 0; i < 5; i++) {
      const res = await call(health, keys[0]);
      expect(res.status).toBe(200);
      expect(res.headers.get("ratelimit-limit")).toBeNull();
    }
  });
});
