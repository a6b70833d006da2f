/**
 * The credits of one AI edit: reserved before the work (402 when the balance is short), settled
 * at the same amount with the presentation id once the proposal is made (the ledger entry the
 * account page lists as "ai_edit"), refunded in full when the work fails.
 */
import "server-only";
import { getCreditSettings } from "@/lib/credits/credit-settings";
import { refundOrRetry } from "@/lib/credits/refund-credits";
import { reserveCredits } from "@/lib/credits/reserve-credits";
import { settleCredits } from "@/lib/credits/settle-credits";
import type { Db } from "@/lib/db";

/** The ledger reason of an AI edit's charge. */
export const AI_EDIT_REASON = "ai_edit";

/** What the edit cost, and the account's balance around the charge. */
export type TEditCharge = {
  /** The ledger entry of the charge: the proposal's id, which rejecting it refunds. */
  entryId: string;
  credits: number;
  balanceBefore: number;
  balanceAfter: number;
};

/**
 * Runs `work` paid for by CREDITS_PER_AI_EDIT credits. The balances are read after the charge:
 * `balanceAfter` is the account's balance then, `balanceBefore` that plus the charge (another
 * request of the same account landing in between would show in both alike).
 */
export async function chargeAiEdit<T>(
  db: Db,
  userId: string,
  presentationId: string,
  work: () => Promise<T>,
): Promise<{ result: T; charge: TEditCharge }> {
  const amount = getCreditSettings().rules.perAiEdit;
  const { entryId } = await reserveCredits(db, userId, amount, { reason: AI_EDIT_REASON });
  let result: T;
  let credits: number;
  try {
    result = await work();
    credits = await settleCredits(db, entryId, amount, { presentationId });
  } catch (error) {
    await refundOrRetry(db, entryId);
    throw error;
  }
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { creditBalance: true } });
  return {
    result,
    charge: {
      entryId,
      credits,
      balanceBefore: user.creditBalance + credits,
      balanceAfter: user.creditBalance,
    },
  };
}
