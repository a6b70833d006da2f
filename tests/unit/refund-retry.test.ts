// A failed request's refund when the database is busy: the first try fails after the busy timeout
// (another writer holds SQLite's write lock), the request is not kept waiting, and a later try in
// the background gives the credits back once the lock is released — once.
import path from "node:path";
import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refundOrRetry } from "@/lib/credits/refund-credits";
import { reserveCredits } from "@/lib/credits/reserve-credits";
import { accountMaker, balanceAndLedger, openTestDb, type TTestDb } from "./credits-test-db";

let t: TTestDb;
const makeAccount = accountMaker(() => t, "refund");

describe("refundOrRetry", () => {
  beforeAll(async () => {
    process.env.DATABASE_BUSY_TIMEOUT_MS = "300";
    t = await openTestDb();
  });
  afterAll(async () => {
    await t?.close();
    delete process.env.DATABASE_BUSY_TIMEOUT_MS;
  });

  it("refunds at once when the database answers", async () => {
    const userId = await makeAccount(20);
    const { entryId } = await reserveCredits(t.db, userId, 7, { reason: "generation" });
    expect(await refundOrRetry(t.db, entryId, [])).toBe(true);
    expect(await balanceAndLedger(t.db, userId)).toEqual({ balance: 20, ledger: 20 });
  });

  it("keeps trying while another writer holds the database, and refunds once it is free", async () => {
    const userId = await makeAccount(20);
    const { entryId } = await reserveCredits(t.db, userId, 7, { reason: "generation" });
    const other = createClient({ url: `file:${path.join(t.dataDir, "deckforge.db")}` });
    const held = await other.transaction("write");
    await held.execute(`UPDATE "User" SET "name" = "name"`);
    const started = Date.now();
    expect(await refundOrRetry(t.db, entryId, [5_000, 400, 400, 400])).toBe(false);
    // The caller got its answer after one try (a 300 ms busy timeout), not after the 5 s wait.
    expect(Date.now() - started).toBeLessThan(4_000);
    expect((await balanceAndLedger(t.db, userId)).balance).toBe(13);
    await held.rollback();
    other.close();
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
      if ((await balanceAndLedger(t.db, userId)).balance === 20) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await balanceAndLedger(t.db, userId)).toEqual({ balance: 20, ledger: 20 });
    const entry = await t.db.creditEntry.findUniqueOrThrow({ where: { id: entryId } });
    expect(entry).toMatchObject({ delta: 0, reason: "generation_refunded" });
    // Later tries find it refunded and change nothing.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await balanceAndLedger(t.db, userId)).toEqual({ balance: 20, ledger: 20 });
  }, 30_000);
});
