import "server-only";
import type { Db } from "@/lib/db";
import { isRefundedReason, refundedReason } from "./refunded-reason";
import { TRANSACTION_OPTIONS } from "./transaction-options";

/**
 * Gives a failed (or given-up) generation's reservation back: the entry's delta becomes 0, its
 * reason gains "_refunded", and the credits it still held return to the balance — in one
 * transaction. Idempotent: refunding an entry again changes nothing, so a retry or a second
 * failure path can call it safely.
 */
export async function refundCredits(db: Db, entryId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const entry = await tx.creditEntry.findUnique({
      where: { id: entryId },
      select: { userId: true, delta: true, reason: true },
    });
    if (!entry) throw new Error(`refundCredits: no ledger entry ${entryId}`);
    if (entry.delta > 0) throw new Error(`refundCredits: entry ${entryId} is a credit, not a reservation`);
    if (isRefundedReason(entry.reason)) return;
    // Conditional on the entry as read, so two concurrent refunds return the credits once.
    const changed = await tx.creditEntry.updateMany({
      where: { id: entryId, delta: entry.delta, reason: entry.reason },
      data: { delta: 0, reason: refundedReason(entry.reason) },
    });
    if (changed.count !== 1 || entry.delta === 0) return;
    await tx.user.update({
      where: { id: entry.userId },
      data: { creditBalance: { increment: -entry.delta } },
      select: { id: true },
    });
  }, TRANSACTION_OPTIONS);
}

/** Waits before each further try of a refund that failed: about 2.5 minutes in all. */
const REFUND_RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000];

/**
 * Refunds a failed request's reservation without letting the refund's own failure replace the
 * request's error: tried now, and when that fails (a busy or unreachable database) tried again in
 * the background after each of `delaysMs`, so the credits come back once the database does. Never
 * throws; resolves true when the first try refunded it. (A process that dies before a retry leaves
 * it to an operator: the entry stays a reservation with no presentation, `reason` unrefunded.)
 */
export async function refundOrRetry(
  db: Db,
  entryId: string,
  delaysMs: readonly number[] = REFUND_RETRY_DELAYS_MS,
): Promise<boolean> {
  try {
    await refundCredits(db, entryId);
    return true;
  } catch (error) {
    console.error(`[deckforge] refund of credit entry ${entryId} failed; trying again:`, error);
    void retryRefund(db, entryId, delaysMs);
    return false;
  }
}

async function retryRefund(db: Db, entryId: string, delaysMs: readonly number[]): Promise<void> {
  for (const [i, delay] of delaysMs.entries()) {
    await new Promise((resolve) => setTimeout(resolve, delay).unref());
    try {
      await refundCredits(db, entryId);
      console.info(`[deckforge] refund of credit entry ${entryId} done at try ${i + 2}`);
      return;
    } catch (error) {
      if (i === delaysMs.length - 1)
        console.error(`[deckforge] refund of credit entry ${entryId} given up after ${i + 2} tries:`, error);
    }
  }
}
