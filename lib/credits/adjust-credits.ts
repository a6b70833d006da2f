import "server-only";
import type { Db } from "@/lib/db";
import { MAX_CREDIT_AMOUNT } from "./credit-settings";
import { TRANSACTION_OPTIONS } from "./transaction-options";

/** Balances stay inside a 32-bit integer column with room to spare. */
const BALANCE_LIMIT = 2_000_000_000;

/**
 * An operator's manual change to a balance (positive: add credits, negative: take them away),
 * recorded as a ledger entry with `reason` in the same transaction. A negative adjustment may take
 * the balance below zero — the operator asked for it — but never outside ±2,000,000,000.
 * Returns the new balance and the entry id.
 */
export async function adjustCredits(
  db: Db,
  userId: string,
  delta: number,
  reason: string,
): Promise<{ balance: number; entryId: string }> {
  if (!Number.isSafeInteger(delta) || delta === 0 || Math.abs(delta) > MAX_CREDIT_AMOUNT)
    throw new Error(
      `The amount must be a non-zero whole number between -${MAX_CREDIT_AMOUNT} and ${MAX_CREDIT_AMOUNT}.`,
    );
  return db.$transaction(async (tx) => {
    const changed = await tx.user.updateMany({
      where: {
        id: userId,
        creditBalance: delta > 0 ? { lte: BALANCE_LIMIT - delta } : { gte: -BALANCE_LIMIT - delta },
      },
      data: { creditBalance: { increment: delta } },
    });
    if (changed.count === 0) {
      const user = await tx.user.findUnique({ where: { id: userId }, select: { creditBalance: true } });
      if (!user) throw new Error(`No account ${userId}.`);
      throw new Error(
        `The balance (${user.creditBalance}) would leave the range ±${BALANCE_LIMIT} with ${delta}.`,
      );
    }
    const entry = await tx.creditEntry.create({ data: { userId, delta, reason }, select: { id: true } });
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { creditBalance: true } });
    return { balance: user.creditBalance, entryId: entry.id };
  }, TRANSACTION_OPTIONS);
}
