// A real SQLite database for the credit tests: a fresh DATA_DIR, migrated and opened by lib/db
// exactly as the server does (runtime migrator, libsql adapter with BEGIN IMMEDIATE transactions).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TGenerateFromSlidesRequest } from "@/lib/api/schemas/generate";
import { ZGenerateFromSlidesRequest } from "@/lib/api/schemas/generate";
import type { Db } from "@/lib/db";

export type TTestDb = { db: Db; dataDir: string; close: () => Promise<void> };

/** Opens a migrated database in a temporary DATA_DIR; `close` disconnects and removes it. */
export async function openTestDb(): Promise<TTestDb> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "deckforge-credits-"));
  const previous = process.env.DATA_DIR;
  process.env.DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
  (globalThis as { deckforgeDb?: unknown }).deckforgeDb = undefined;
  const { getDb } = await import("@/lib/db");
  const db = await getDb();
  return {
    db,
    dataDir,
    async close() {
      await db.$disconnect();
      (globalThis as { deckforgeDb?: unknown }).deckforgeDb = undefined;
      if (previous === undefined) delete process.env.DATA_DIR;
      else process.env.DATA_DIR = previous;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The account's balance and the sum of its ledger deltas (equal, always). */
export async function balanceAndLedger(db: Db, userId: string) {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { creditBalance: true } });
  const sum = await db.creditEntry.aggregate({ where: { userId }, _sum: { delta: true } });
  return { balance: user.creditBalance, ledger: sum._sum.delta ?? 0 };
}

/**
 * Makes accounts `<label>N@example.com` on the test database, each starting with `balance` credits
 * held as one grant entry (so the balance equals the ledger).
 */
export function accountMaker(test: () => TTestDb, label: string) {
  let made = 0;
  return async (balance = 100): Promise<string> => {
    made += 1;
    const user = await test().db.user.create({
      data: {
        email: `${label}${made}@example.com`,
        creditBalance: balance,
        ledger: { create: { delta: balance, reason: "grant" } },
      },
      select: { id: true },
    });
    return user.id;
  };
}

/** A generate-from-slides request with one slide per content string. */
export function slides(...contents: string[]): TGenerateFromSlidesRequest {
  return ZGenerateFromSlidesRequest.parse({ slides: contents.map((content) => ({ content })) });
}
