/**
 * POST /api/v1/ppt/presentation/{id}/ai-edit/{proposalId}/reject: a rejected proposal is free.
 * The proposal's charge (the ledger entry whose id is the proposal id) is refunded in full, once;
 * the entry stays in the ledger as `ai_edit_refunded` with a delta of 0.
 */
import "server-only";
import { ApiError } from "@/lib/api/errors";
import { refundCredits } from "@/lib/credits/refund-credits";
import { isRefundedReason, refundedReason } from "@/lib/credits/refunded-reason";
import type { Db } from "@/lib/db";
import { getPresentationOrThrow } from "@/lib/presentations/get-presentation-or-throw";
import { AI_EDIT_REASON } from "./charge-ai-edit";

/** How long after it was made a proposal can be rejected for a refund. */
export const REJECT_WINDOW_MS = 24 * 60 * 60 * 1000;

export type TRejected = { proposal_id: string; credits_refunded: number; balance_after: number };

/** Refunds the proposal `proposalId` of the user's presentation (404 for anyone else's). */
export async function rejectAiEdit(
  db: Db,
  userId: string,
  presentationId: string,
  proposalId: string,
): Promise<TRejected> {
  const presentation = await getPresentationOrThrow(db, userId, presentationId);
  const entry = /^[0-9a-f-]{36}$/i.test(proposalId)
    ? await db.creditEntry.findFirst({
        where: { id: proposalId, userId, presentationId: presentation.id },
        select: { id: true, delta: true, reason: true, createdAt: true },
      })
    : null;
  const ours = entry && [AI_EDIT_REASON, refundedReason(AI_EDIT_REASON)].includes(entry.reason);
  if (!entry || !ours)
    throw new ApiError("not_found", `No AI edit proposal with id '${proposalId}' on this presentation.`);
  if (isRefundedReason(entry.reason))
    throw new ApiError("conflict", "This proposal was already rejected and its credits refunded.");
  if (Date.now() - entry.createdAt.getTime() > REJECT_WINDOW_MS)
    throw new ApiError("conflict", "A proposal can be rejected for a refund within 24 hours of being made.");
  await refundCredits(db, entry.id);
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { creditBalance: true } });
  return { proposal_id: entry.id, credits_refunded: -entry.delta, balance_after: user.creditBalance };
}
