import "server-only";
import type { Db } from "@/lib/db";

/** How long a key's answer is replayed; after that the key is forgotten and may be used afresh. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** Deletes every account's keys older than the TTL; returns how many. */
export async function purgeIdempotencyKeys(db: Db, now: Date = new Date()): Promise<number> {
  const { count } = await db.idempotencyKey.deleteMany({
    where: { createdAt: { lt: new Date(now.getTime() - IDEMPOTENCY_TTL_MS) } },
  });
  return count;
}
