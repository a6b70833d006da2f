// Credits against a real SQLite file: atomic reservations under concurrency (in one process and
// across processes), settle, refund, the grant on creation, enforcement off, and the invariant
// balance = sum of the ledger.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { errorResponse } from "@/lib/api/respond";
import { findOrCreateUser } from "@/lib/auth/users";
import { adjustCredits } from "@/lib/credits/adjust-credits";
import { refundCredits } from "@/lib/credits/refund-credits";
import { reserveCredits } from "@/lib/credits/reserve-credits";
import { settleCredits } from "@/lib/credits/settle-credits";
import type { Db } from "@/lib/db";
import { balanceAndLedger, openTestDb, type TTestDb } from "./credits-test-db";

let test: TTestDb;
let db: Db;
beforeAll(async () => {
  test = await openTestDb();
  db = test.db;
});
afterAll(() => test.close());

const ENV = ["CREDITS_GRANT", "CREDITS_ENFORCE"];
afterEach(() => {
  for (const name of ENV) delete process.env[name];
});

let accounts = 0;
/** A new account holding exactly `balance` credits (grant, then an adjustment). */
async function account(balance: number) {
  const user = await findOrCreateUser(db, `user${++accounts}@example.com`);
  const delta = balance - 100;
  if (delta !== 0) await adjustCredits(db, user.id, delta, "adjustment");
  return user.id;
}

const entriesOf = (userId: string) =>
  db.creditEntry.findMany({ where: { userId }, orderBy: { createdAt: "asc" } });

async function expectInvariant(userId: string) {
  const { balance, ledger } = await balanceAndLedger(db, userId);
  expect(balance).toBe(ledger);
  return balance;
}

describe("grant on account creation", () => {
  it("gives a new account CREDITS_GRANT (default 100) as one 'grant' entry, once", async () => {
    const first = await findOrCreateUser(db, "Grant@Example.com");
    const again = await findOrCreateUser(db, "grant@example.com");
    expect(again.id).toBe(first.id);
    const entries = await entriesOf(first.id);
    expect(entries.map((e) => [e.delta, e.reason])).toEqual([[100, "grant"]]);
    expect(await expectInvariant(first.id)).toBe(100);
  });

  it("honours CREDITS_GRANT, and a zero grant records no entry", async () => {
    process.env.CREDITS_GRANT = "7";
    const seven = await findOrCreateUser(db, "seven@example.com");
    expect(await expectInvariant(seven.id)).toBe(7);
    process.env.CREDITS_GRANT = "0";
    const none = await findOrCreateUser(db, "none@example.com");
    expect(await entriesOf(none.id)).toEqual([]);
    expect(await expectInvariant(none.id)).toBe(0);
  });

  it("creates one account and one grant when ten requests create the same account at once", async () => {
    const users = await Promise.all(
      Array.from({ length: 10 }, () => findOrCreateUser(db, "burst@example.com")),
    );
    expect(new Set(users.map((u) => u.id)).size).toBe(1);
    expect(await entriesOf(users[0].id)).toHaveLength(1);
    expect(await expectInvariant(users[0].id)).toBe(100);
  });

  it("refuses a malformed CREDITS_GRANT with an error naming it", async () => {
    process.env.CREDITS_GRANT = "lots";
    await expect(findOrCreateUser(db, "bad-grant@example.com")).rejects.toThrow(/CREDITS_GRANT/);
    expect(await db.user.findUnique({ where: { email: "bad-grant@example.com" } })).toBeNull();
  });
});

describe("reserveCredits", () => {
  it("lets exactly 10 of 50 parallel one-credit reservations through on a balance of 10", async () => {
    const userId = await account(10);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => reserveCredits(db, userId, 1, { reason: "generation" })),
    );
    const ok = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected");
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) {
      const error = (r as PromiseRejectedResult).reason;
      expect(error).toBeInstanceOf(ApiError);
      expect(error.code).toBe("insufficient_credits");
      expect(error.status).toBe(402);
      expect(error.details.extensions).toEqual({ balance: 0, required: 1 });
    }
    expect(await expectInvariant(userId)).toBe(0);
    const generations = (await entriesOf(userId)).filter((e) => e.reason === "generation");
    expect(generations.map((e) => e.delta)).toEqual(Array(10).fill(-1));
  });

  it("never overdraws with mixed amounts: 30 parallel reservations of 3 on a balance of 10", async () => {
    const userId = await account(10);
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () => reserveCredits(db, userId, 3, { reason: "generation" })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    expect(await expectInvariant(userId)).toBe(1);
  });

  it("is atomic across processes: 3 processes × 20 reservations on a balance of 10 → exactly 10", async () => {
    const userId = await account(10);
    const root = path.resolve(import.meta.dirname, "../..");
    const tsx = createRequire(import.meta.url).resolve("tsx/cli");
    const startAt = Date.now() + 5000;
    const run = () =>
      new Promise<{ ok: number; refused: number }>((resolve, reject) => {
        let out = "";
        let err = "";
        const child = spawn(
          process.execPath,
          [
            tsx,
            "--conditions=react-server",
            "--tsconfig",
            path.join(root, "tsconfig.json"),
            path.join(root, "tests/unit/credits-reserve-worker.ts"),
            userId,
            "20",
            "1",
            String(startAt),
          ],
          { cwd: root, env: { ...process.env, DATA_DIR: test.dataDir } },
        );
        child.stdout.on("data", (chunk) => (out += chunk));
        child.stderr.on("data", (chunk) => (err += chunk));
        child.on("exit", (code) =>
          code === 0 ? resolve(JSON.parse(out.trim().split("\n").at(-1) as string)) : reject(new Error(err)),
        );
      });
    const counts = await Promise.all([run(), run(), run()]);
    expect(counts.reduce((n, c) => n + c.ok, 0)).toBe(10);
    expect(counts.reduce((n, c) => n + c.refused, 0)).toBe(50);
    expect(await expectInvariant(userId)).toBe(0);
  }, 60_000);

  it("checks the balance inside the UPDATE itself (one conditional statement)", async () => {
    const { PrismaClient } = await import("@/lib/generated/prisma/client");
    const { PrismaLibSql } = await import("@prisma/adapter-libsql");
    const logged = new PrismaClient({
      adapter: new PrismaLibSql({ url: `file:${path.join(test.dataDir, "deckforge.db")}` }),
      log: [{ emit: "event", level: "query" }],
    });
    const queries: string[] = [];
    logged.$on("query", (event) => queries.push(event.query));
    const userId = await account(5);
    await reserveCredits(logged as unknown as Db, userId, 2, { reason: "generation" });
    await logged.$disconnect();
    const update = queries.filter((q) => q.startsWith("UPDATE"));
    expect(update).toHaveLength(1);
    expect(update[0]).toMatch(/`creditBalance` >= \?/);
  });

  it("records the task id and refuses amounts that are not whole non-negative numbers", async () => {
    const userId = await account(10);
    const task = await db.task.create({ data: { userId, kind: "generate_presentation", input: "{}" } });
    const { entryId } = await reserveCredits(db, userId, 4, { reason: "generation", taskId: task.id });
    expect(await db.creditEntry.findUnique({ where: { id: entryId } })).toMatchObject({
      delta: -4,
      reason: "generation",
      taskId: task.id,
    });
    await expect(reserveCredits(db, userId, -1, { reason: "generation" })).rejects.toThrow(/non-negative/);
    await expect(reserveCredits(db, userId, 1.5, { reason: "generation" })).rejects.toThrow(/non-negative/);
    expect(await expectInvariant(userId)).toBe(6);
  });

  it("answers a short balance as a 402 problem with the balance and the credits needed", async () => {
    const userId = await account(3);
    const error = await reserveCredits(db, userId, 9, { reason: "generation" }).catch((e: unknown) => e);
    const res = errorResponse(error, "req-1");
    expect(res.status).toBe(402);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(await res.json()).toEqual({
      type: "/docs/errors#insufficient_credits",
      title: "Not enough credits",
      status: 402,
      detail: "This needs 9 credits and the account has 3.",
      code: "insufficient_credits",
      balance: 3,
      required: 9,
      request_id: "req-1",
    });
    expect(await expectInvariant(userId)).toBe(3);
    expect(await db.creditEntry.count({ where: { userId, reason: "generation" } })).toBe(0);
  });
});

describe("settleCredits", () => {
  it("charges the actual cost, returns the difference to the balance and links the presentation", async () => {
    const userId = await account(20);
    const { entryId } = await reserveCredits(db, userId, 12, { reason: "generation" });
    expect(await expectInvariant(userId)).toBe(8);
    const presentation = await db.presentation.create({
      data: { userId, title: "T", deck: "{}" },
      select: { id: true },
    });
    expect(await settleCredits(db, entryId, 9, { presentationId: presentation.id })).toBe(9);
    expect(await db.creditEntry.findUnique({ where: { id: entryId } })).toMatchObject({
      delta: -9,
      presentationId: presentation.id,
    });
    expect(await expectInvariant(userId)).toBe(11);
  });

  it("never charges past the reservation", async () => {
    const userId = await account(20);
    const { entryId } = await reserveCredits(db, userId, 5, { reason: "generation" });
    expect(await settleCredits(db, entryId, 8, {})).toBe(5);
    expect(await expectInvariant(userId)).toBe(15);
  });

  it("refuses a refunded entry, a credit entry and an unknown id", async () => {
    const userId = await account(20);
    const { entryId } = await reserveCredits(db, userId, 5, { reason: "generation" });
    await refundCredits(db, entryId);
    await expect(settleCredits(db, entryId, 1, {})).rejects.toThrow(/refunded/);
    const grant = (await entriesOf(userId)).find((e) => e.reason === "grant");
    await expect(settleCredits(db, grant?.id as string, 1, {})).rejects.toThrow(/not a reservation/);
    await expect(settleCredits(db, "no-such-entry", 1, {})).rejects.toThrow(/no ledger entry/);
    expect(await expectInvariant(userId)).toBe(20);
  });
});

describe("refundCredits", () => {
  it("returns the whole reservation and marks the entry refunded; again changes nothing", async () => {
    const userId = await account(10);
    const { entryId } = await reserveCredits(db, userId, 4, { reason: "generation" });
    await refundCredits(db, entryId);
    await refundCredits(db, entryId);
    expect(await db.creditEntry.findUnique({ where: { id: entryId } })).toMatchObject({
      delta: 0,
      reason: "generation_refunded",
    });
    expect(await expectInvariant(userId)).toBe(10);
  });

  it("refunds once when ten refunds of the same entry race", async () => {
    const userId = await account(10);
    const { entryId } = await reserveCredits(db, userId, 6, { reason: "generation" });
    await Promise.all(Array.from({ length: 10 }, () => refundCredits(db, entryId)));
    expect(await expectInvariant(userId)).toBe(10);
  });

  it("gives back a settled charge too (a task given up after its deck was saved)", async () => {
    const userId = await account(10);
    const { entryId } = await reserveCredits(db, userId, 6, { reason: "generation" });
    await settleCredits(db, entryId, 4, {});
    await refundCredits(db, entryId);
    expect(await expectInvariant(userId)).toBe(10);
  });
});

describe("enforcement off (CREDITS_ENFORCE=false)", () => {
  it("records every charge and lets the balance go negative; turned back on, a negative balance refuses", async () => {
    const userId = await account(2);
    process.env.CREDITS_ENFORCE = "false";
    const { entryId } = await reserveCredits(db, userId, 5, { reason: "generation" });
    await reserveCredits(db, userId, 1, { reason: "generation" });
    expect(await settleCredits(db, entryId, 5, {})).toBe(5);
    expect(await expectInvariant(userId)).toBe(-4);
    expect((await entriesOf(userId)).filter((e) => e.reason === "generation")).toHaveLength(2);
    process.env.CREDITS_ENFORCE = "true";
    await expect(reserveCredits(db, userId, 1, { reason: "generation" })).rejects.toMatchObject({
      code: "insufficient_credits",
      details: { extensions: { balance: -4, required: 1 } },
    });
  });

  it("rejects a value that is not a yes/no", async () => {
    const userId = await account(2);
    process.env.CREDITS_ENFORCE = "sometimes";
    await expect(reserveCredits(db, userId, 1, { reason: "generation" })).rejects.toThrow(/CREDITS_ENFORCE/);
  });
});

describe("adjustCredits", () => {
  it("adds and takes credits with a ledger entry each, and keeps the balance in range", async () => {
    const userId = await account(100);
    expect((await adjustCredits(db, userId, 50, "adjustment: promo")).balance).toBe(150);
    expect((await adjustCredits(db, userId, -200, "adjustment")).balance).toBe(-50);
    await expect(adjustCredits(db, userId, 0, "adjustment")).rejects.toThrow(/non-zero/);
    await adjustCredits(db, userId, 1_000_000_000, "adjustment");
    await adjustCredits(db, userId, 1_000_000_000, "adjustment");
    await expect(adjustCredits(db, userId, 1_000_000_000, "adjustment")).rejects.toThrow(/range/);
    await expect(adjustCredits(db, userId, 2_000_000_000, "adjustment")).rejects.toThrow(/between/);
    expect(await expectInvariant(userId)).toBe(1_999_999_950);
  });
});

describe("the invariant balance = sum(ledger)", () => {
  it("holds after a seeded random mix of parallel reserves, settles, refunds, adjustments and enforcement switches", async () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const users = [await account(30), await account(5), await account(0)];
    const open: string[] = [];
    for (let round = 0; round < 12; round++) {
      process.env.CREDITS_ENFORCE = random() < 0.25 ? "false" : "true";
      const ops = Array.from({ length: 15 }, async () => {
        const userId = users[Math.floor(random() * users.length)];
        const pick = random();
        if (pick < 0.45) {
          const reserved = await reserveCredits(db, userId, Math.floor(random() * 6), {
            reason: "generation",
          }).catch((e: ApiError) => {
            if (e.code !== "insufficient_credits") throw e;
            return null;
          });
          if (reserved) open.push(reserved.entryId);
        } else if (pick < 0.7 && open.length > 0) {
          const entryId = open.splice(Math.floor(random() * open.length), 1)[0];
          await settleCredits(db, entryId, Math.floor(random() * 6), {}).catch((e: Error) => {
            if (!/refunded|changed while/.test(e.message)) throw e;
          });
        } else if (pick < 0.9 && open.length > 0) {
          await refundCredits(db, open[Math.floor(random() * open.length)]);
        } else {
          await adjustCredits(db, userId, Math.floor(random() * 21) - 10 || 1, "adjustment");
        }
      });
      await Promise.all(ops);
      for (const userId of users) await expectInvariant(userId);
    }
  });
});
