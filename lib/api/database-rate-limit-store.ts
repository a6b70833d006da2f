import "server-only";
import { getConfig } from "@/lib/config";
import { type Db, getDb } from "@/lib/db";
import { databaseKind, type TDatabaseKind } from "@/lib/db/database-kind";
import type { TRateLimitStore, TRateLimitWindow } from "./rate-limit";

/**
 * Sliding-window log in the database, shared by every instance on it: the same rule as
 * MemoryRateLimitStore (at most `limit` accepted requests in any `windowMs`; refused ones are not
 * recorded). Each hit is one transaction serialised per key — on PostgreSQL by a transaction-level
 * advisory lock on the key, on SQLite by the write lock every transaction takes (BEGIN IMMEDIATE) —
 * that drops the key's expired rows, counts the rest and records the request when it is allowed.
 */
export class DatabaseRateLimitStore implements TRateLimitStore {
  readonly #db: () => Promise<Db>;
  readonly #dialect: () => TDatabaseKind;

  /** By default the app's database (getDb) and its dialect from DATABASE_URL. */
  constructor(options: { db?: () => Promise<Db>; dialect?: TDatabaseKind } = {}) {
    this.#db = options.db ?? getDb;
    this.#dialect = () => options.dialect ?? databaseKind(getConfig().databaseUrl);
  }

  async hit(key: string, limit: number, windowMs: number, now: number): Promise<TRateLimitWindow> {
    const db = await this.#db();
    const postgres = this.#dialect() === "postgres";
    return db.$transaction(async (tx) => {
      if (postgres) await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`rate-limit:${key}`}))`;
      await tx.rateLimitHit.deleteMany({ where: { key, at: { lte: new Date(now - windowMs) } } });
      const counted = await tx.rateLimitHit.count({ where: { key } });
      const allowed = counted < limit;
      if (allowed) await tx.rateLimitHit.create({ data: { key, at: new Date(now) }, select: { id: true } });
      const oldest = await tx.rateLimitHit.findFirst({
        where: { key },
        orderBy: { at: "asc" },
        select: { at: true },
      });
      const used = counted + (allowed ? 1 : 0);
      return {
        allowed,
        remaining: Math.max(0, limit - used),
        // The oldest counted request leaving the window gives one request back.
        resetMs: oldest ? oldest.at.getTime() + windowMs - now : 0,
      };
    });
  }
}
