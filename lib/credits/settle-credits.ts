import "server-only";
import type { Db } from "@/lib/db";
import { isRefundedReason } from "./refunded-reason";
import { TRANSACTION_OPTIONS } from "./transaction-options";

/**
 * Makes a reservation's charge the `actual` credits the finished work cost: the entry's delta
 * becomes -actual and the unused part goes back to the balance, in one transaction. Returns the
 * credits charged — the response's credits_consumed. The reservation is a ceiling quoted before
 * the work: an `actual` above it is charged at the reserved amount (and logged), never more.
 * Settling again re-prices the entry within the same ceiling; a refunded entry cannot be settled.
 */
export async function settleCredits(
  db: Db,
  entryId: string,
  actual: number,
  meta: { presentationId?: string },
): Promise<number> {
  if (!Number.isSafeInteger(actual) || actual < 0)
    throw new Error(`settleCredits: actual must be a non-negative integer, got ${actual}`);
  return db.$transaction(async (tx) => {
    const entry = await tx.creditEntry.findUnique({
      where: { id: entryId },
      select: { userId: true, delta: true, reason: true },
    });
    if (!entry) throw new Error(`settleCredits: no ledger entry ${entryId}`);
    if (entry.delta > 0) throw new Error(`settleCredits: entry ${entryId} is a credit, not a reservation`);
    if (isRefundedReason(entry.reason)) throw new Error(`settleCredits: entry ${entryId} was refunded`);
    const reserved = -entry.delta;
    if (actual > reserved)
      console.warn(
        `[credits] entry ${entryId}: the work cost ${actual} credits but only ${reserved} were reserved; charging ${reserved}.`,
      );
    const charged = Math.min(actual, reserved);
    // Conditional on the entry as read: a concurrent settle or refund makes this one fail loudly
    // instead of returning the difference twice (PostgreSQL does not serialise like SQLite).
    const changed = await tx.creditEntry.updateMany({
      where: { id: entryId, delta: entry.delta, reason: entry.reason },
      data: { delta: -charged, ...(meta.presentationId ? { presentationId: meta.presentationId } : {}) },
    });
    if (changed.count !== 1) throw new Error(`settleCredits: entry ${entryId} changed while settling`);
    if (reserved > charged) {
      await tx.user.update({
        where: { id: entry.userId },
        data: { creditBalance: { increment: reserved - charged } },
        select: { id: true },
      });
    }
    return charged;
  }, TRANSACTION_OPTIONS);
}
