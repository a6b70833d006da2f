// The repository code itself on PostgreSQL (DATABASE_URL=postgresql://…, runtime migrator,
// adapter-pg client): accounts, credits under concurrency, task claims, the job worker end to end,
// and the editor's optimistic concurrency. PostgreSQL runs these at READ COMMITTED with real
// parallel connections, unlike SQLite's one writer, so each race here is a real one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { ZGenerateFromSlidesRequest } from "@/lib/api/schemas/generate";
import { ZSaveDeckRequest } from "@/lib/api/schemas/presentations";
import { findOrCreateUser } from "@/lib/auth/users";
import { refundCredits } from "@/lib/credits/refund-credits";
import { reserveCredits } from "@/lib/credits/reserve-credits";
import { settleCredits } from "@/lib/credits/settle-credits";
import type { Db } from "@/lib/db";
import { claimNextTask } from "@/lib/jobs/claim-next-task";
import { enqueueTask } from "@/lib/jobs/enqueue-task";
import { stopBoss } from "@/lib/jobs/pg-boss-client";
import { stopWorker } from "@/lib/jobs/worker";
import { saveDeck } from "@/lib/presentations/save-deck";
import { openPostgresTestDb, type TPostgresTestDb } from "@/tests/pg/open-postgres-db";
import { skipWithoutPostgres } from "@/tests/pg/start-postgres";

const unavailable = skipWithoutPostgres("postgres-repositories");

const ENV = { CREDITS_GRANT: "10", JOB_POLL_MS: "50", JOB_CONCURRENCY: "2" };
let t: TPostgresTestDb;
let db: Db;

async function balanceAndLedger(userId: string) {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { creditBalance: true } });
  const sum = await db.creditEntry.aggregate({ where: { userId }, _sum: { delta: true } });
  return { balance: user.creditBalance, ledger: sum._sum.delta ?? 0 };
}

describe.skipIf(unavailable)("repositories on PostgreSQL", () => {
  beforeAll(async () => {
    Object.assign(process.env, ENV);
    t = await openPostgresTestDb();
    db = t.db;
  }, 120_000);
  afterAll(async () => {
    await stopWorker();
    await stopBoss();
    await t?.close();
    for (const name of Object.keys(ENV)) delete process.env[name];
  });

  it("runs on the PostgreSQL client (the adapter is pg, not libsql)", async () => {
    expect(t.url).toMatch(/^postgresql:\/\//);
    const [row] = await db.$queryRawUnsafe<{ version: string }[]>("SELECT version() AS version");
    expect(row.version).toMatch(/^PostgreSQL/);
  });

  it("creates an account once, with its grant, even when created concurrently; secrets stay omitted", async () => {
    const users = await Promise.all(
      Array.from({ length: 8 }, () => findOrCreateUser(db, "  Race@Example.com ", "Race")),
    );
    expect(new Set(users.map((u) => u.id)).size).toBe(1);
    expect(users[0]).toMatchObject({ email: "race@example.com", name: "Race" });
    expect(users[0].createdAt).toBeInstanceOf(Date);
    expect(await balanceAndLedger(users[0].id)).toEqual({ balance: 10, ledger: 10 });
    expect(await db.creditEntry.count({ where: { userId: users[0].id } })).toBe(1);
    const full = await db.user.findUniqueOrThrow({ where: { id: users[0].id } });
    expect(full).not.toHaveProperty("passwordHash");
  });

  it("20 parallel reservations of 1 on a balance of 10: exactly 10 succeed, the rest are 402", async () => {
    const { id } = await findOrCreateUser(db, "reserve@example.com");
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => reserveCredits(db, id, 1, { reason: "generation" })),
    );
    const ok = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected");
    expect(ok.length).toBe(10);
    for (const r of refused) {
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(ApiError);
      expect(((r as PromiseRejectedResult).reason as ApiError).status).toBe(402);
    }
    expect(await balanceAndLedger(id)).toEqual({ balance: 0, ledger: 0 });
  });

  it("settles and refunds concurrently without paying anything back twice", async () => {
    const { id } = await findOrCreateUser(db, "settle@example.com");
    const { entryId } = await reserveCredits(db, id, 6, { reason: "generation" });
    // Five concurrent settles of the same reservation to 2: one wins, the others fail loudly.
    const settles = await Promise.allSettled(
      Array.from({ length: 5 }, () => settleCredits(db, entryId, 2, {})),
    );
    expect(
      settles.filter((r) => r.status === "fulfilled").map((r) => (r as PromiseFulfilledResult<number>).value),
    ).toEqual([2]);
    expect(await balanceAndLedger(id)).toEqual({ balance: 8, ledger: 8 });
    const second = await reserveCredits(db, id, 3, { reason: "generation" });
    await Promise.allSettled(Array.from({ length: 5 }, () => refundCredits(db, second.entryId)));
    expect(await balanceAndLedger(id)).toEqual({ balance: 8, ledger: 8 });
  });

  it("two claimers never get the same task (40 tasks, 8 claimers racing)", async () => {
    const { id: userId } = await findOrCreateUser(db, "claims@example.com");
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) {
      const task = await db.task.create({
        data: {
          userId,
          kind: "generate_from_slides",
          input: "{}",
          createdAt: new Date(Date.now() - 60_000 + i),
        },
        select: { id: true },
      });
      ids.push(task.id);
    }
    const claimed: { id: string; by: string }[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async (_, n) => {
        const by = `claimer-${n}`;
        for (let misses = 0; misses < 3; ) {
          const claim = await claimNextTask(db, by);
          if (claim) claimed.push({ id: claim.id, by });
          else misses++;
        }
      }),
    );
    expect(claimed.length).toBe(40);
    expect(new Set(claimed.map((c) => c.id)).size).toBe(40);
    expect(new Set(claimed.map((c) => c.id))).toEqual(new Set(ids));
    const rows = await db.task.findMany({
      where: { userId },
      select: { id: true, lockedBy: true, attempts: true },
    });
    for (const row of rows) {
      expect(row.attempts).toBe(1);
      expect(row.lockedBy).toBe(claimed.find((c) => c.id === row.id)?.by);
    }
    // Leave nothing pending for the worker test below.
    await db.task.deleteMany({ where: { userId } });
  });

  it("the job worker (pg-boss here) runs an enqueued task to completed on PostgreSQL, charging once", async () => {
    const { id: userId } = await findOrCreateUser(db, "worker@example.com");
    const request = ZGenerateFromSlidesRequest.parse({
      slides: [{ content: "## One\n- a point\n- another" }, { content: "## Two\n- more" }],
    });
    const task = await enqueueTask(
      db,
      userId,
      { kind: "generate_from_slides", request },
      "http://deckforge.test",
    );
    expect(task).toMatchObject({ status: "pending", progress: 0 });
    expect(await balanceAndLedger(userId)).toEqual({ balance: 8, ledger: 8 });
    let done = await db.task.findUniqueOrThrow({ where: { id: task.id } });
    for (const deadline = Date.now() + 60_000; !["completed", "error"].includes(done.status); ) {
      if (Date.now() > deadline) throw new Error(`task still ${done.status}`);
      await new Promise((r) => setTimeout(r, 50));
      done = await db.task.findUniqueOrThrow({ where: { id: task.id } });
    }
    expect(done).toMatchObject({ status: "completed", progress: 100, attempts: 1, lockedBy: null });
    const result = JSON.parse(done.result ?? "{}");
    expect(result.credits_consumed).toBe(2);
    expect(await balanceAndLedger(userId)).toEqual({ balance: 8, ledger: 8 });
    const presentation = await db.presentation.findUniqueOrThrow({ where: { id: result.presentation_id } });
    expect(presentation).toMatchObject({ userId, version: 1 });
  });

  it("save-deck: of two saves based on the same version one wins, the other is a 409 with current_version", async () => {
    const { id: userId } = await findOrCreateUser(db, "worker@example.com");
    const presentation = await db.presentation.findFirstOrThrow({ where: { userId } });
    const deck = JSON.parse(presentation.deck);
    const edit = (title: string) => ZSaveDeckRequest.parse({ version: 1, deck: { ...deck, title } });
    const results = await Promise.allSettled([
      saveDeck(db, userId, presentation.id, edit("Edit A")),
      saveDeck(db, userId, presentation.id, edit("Edit B")),
    ]);
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r) => r.status === "rejected") as PromiseRejectedResult[];
    expect(won.length).toBe(1);
    expect((won[0] as PromiseFulfilledResult<{ version: number }>).value.version).toBe(2);
    expect(lost[0].reason).toBeInstanceOf(ApiError);
    expect((lost[0].reason as ApiError).status).toBe(409);
    const after = await db.presentation.findUniqueOrThrow({ where: { id: presentation.id } });
    expect(after.version).toBe(2);
    expect(["Edit A", "Edit B"]).toContain(after.title);
    expect(JSON.parse(after.deck).title).toBe(after.title);
    // Another account's save is a 404, never a conflict that reveals the deck exists.
    const other = await findOrCreateUser(db, "other@example.com");
    await expect(saveDeck(db, other.id, presentation.id, edit("Nope"))).rejects.toMatchObject({
      status: 404,
    });
  });
});
