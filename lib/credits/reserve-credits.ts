import "server-only";
import type { Db } from "@/lib/db";
import { getCreditSettings } from "./credit-settings";
import { insufficientCredits } from "./insufficient-credits";
import { TRANSACTION_OPTIONS } from "./transaction-options";

export type TReserveMeta = {
  /** Why credits are taken, stored on the ledger entry ("generation", "ai_edit"…). */
  reason: string;
  /** The async task the reservation belongs to, so a given-up task can be found and refunded. */
  taskId?: string;
};

/**
 * Takes `amount` credits from the account before work starts and records the ledger entry, in one
 * transaction. The balance check is part of the UPDATE itself (`… WHERE creditBalance >= amount`),
 * so concurrent reservations can never spend the same credits twice. Throws ApiError
 * insufficient_credits (402, with balance and required) when the balance is short — unless
 * CREDITS_ENFORCE is off, when the balance may go negative. Settle or refund the entry afterwards.
 */
export async function reserveCredits(
  db: Db,
  userId: string,
  amount: number,
  meta: TReserveMeta,
): Promise<{ entryId: string }> {
  if (!Number.isSafeInteger(amount) || amount < 0)
    throw new Error(`reserveCredits: amount must be a non-negative integer, got ${amount}`);
  const { enforce } = getCreditSettings();
  return db.$transaction(async (tx) => {
    const taken = await tx.user.updateMany({
      where: enforce ? { id: userId, creditBalance: { gte: amount } } : { id: userId },
      data: { creditBalance: { decrement: amount } },
    });
    if (taken.count === 0) {
      const user = await tx.user.findUnique({ where: { id: userId }, select: { creditBalance: true } });
      if (!user) throw new Error(`reserveCredits: no account ${userId}`);
      throw insufficientCredits(user.creditBalance, amount);
    }
    const entry = await tx.creditEntry.create({
      data: { userId, delta: -amount, reason: meta.reason, taskId: meta.taskId ?? null },
      select: { id: true },
    });
    return { entryId: entry.id };
  }, TRANSACTION_OPTIONS);
}
