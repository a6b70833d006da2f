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
