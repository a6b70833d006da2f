// The shared rate limit store's behaviour, run on SQLite (rate-limit-database.test.ts) and on
// PostgreSQL (postgres-rate-limit.test.ts; a file of its own because lib/config caches the
// database URL per process).
import { afterAll, beforeAll, expect, it } from "vitest";
import { DatabaseRateLimitStore } from "@/lib/api/database-rate-limit-store";
import type { Db } from "@/lib/db";
import type { TDatabaseKind } from "@/lib/db/database-kind";

/** The same sliding window as the memory store on a fake clock; two instances share one count. */
export function behavesLikeTheSlidingWindow(
  open: () => Promise<{ db: Db; close: () => Promise<void> }>,
  dialect: TDatabaseKind,
) {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await open());
  }, 120_000);
  afterAll(async () => {
    await close?.();
  });
  const store = () => new DatabaseRateLimitStore({ db: async () => db, dialect });

  it("allows `limit` requests in any window, refuses the next, and gives one back as the oldest leaves", async () => {
    const s = store();
    expect(await s.hit("k", 3, 60_000, 0)).toEqual({ allowed: true, remaining: 2, resetMs: 60_000 });
    expect(await s.hit("k", 3, 60_000, 10_000)).toEqual({ allowed: true, remaining: 1, resetMs: 50_000 });
    expect(await s.hit("k", 3, 60_000, 20_000)).toEqual({ allowed: true, remaining: 0, resetMs: 40_000 });
    expect(await s.hit("k", 3, 60_000, 30_000)).toEqual({ allowed: false, remaining: 0, resetMs: 30_000 });
    expect(await s.hit("k", 3, 60_000, 59_999)).toMatchObject({ allowed: false, resetMs: 1 });
    expect(await s.hit("k", 3, 60_000, 60_000)).toEqual({ allowed: true, remaining: 0, resetMs: 10_000 });
    expect((await s.hit("k", 3, 60_000, 60_001)).allowed).toBe(false);
    // Expired hits are removed as the key is hit: three remain counted.
    expect(await db.rateLimitHit.count({ where: { key: "k" } })).toBe(3);
  });

  it("shares one count between instances and lets exactly `limit` of 30 parallel hits through", async () => {
    const [a, b] = [store(), store()];
    const now = 1_000_000;
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? a : b).hit("shared", 10, 60_000, now)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect((await b.hit("shared", 10, 60_000, now + 1)).allowed).toBe(false);
    expect((await a.hit("other", 10, 60_000, now + 1)).allowed).toBe(true);
  });
}
