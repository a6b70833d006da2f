import "server-only";
import type { Db } from "@/lib/db";

/** A delivery this process holds the lock of, with what it needs to send it. */
export type TClaimedDelivery = {
  id: string;
  messageId: string;
  payload: string;
  /** The attempt number this claim is (1-based); with the lock it identifies the claim. */
  attempt: number;
  url: string;
  secret: string;
};

/**
 * Claims the delivery due first (pending, unlocked, nextAttemptAt ≤ now): a conditional update sets
 * lockedAt and counts the attempt, and only one process's update can match, so two processes (or
 * two loops of one) never send the same attempt. Null when nothing is due.
 */
export async function claimDueDelivery(db: Db, now: Date = new Date()): Promise<TClaimedDelivery | null> {
  // A few tries: losing a race to another worker is normal, not a reason to wait for the next poll.
  for (let tries = 0; tries < 5; tries++) {
    const next = await db.webhookDelivery.findFirst({
      where: { status: "pending", lockedAt: null, nextAttemptAt: { lte: now } },
      orderBy: [{ nextAttemptAt: "asc" }, { createdAt: "asc" }],
      select: { id: true },
    });
    if (!next) return null;
    const claimed = await claimDelivery(db, next.id, now);
    if (claimed) return claimed;
  }
  return null;
}

/**
 * Claims the delivery `id` when it is due (pending, unlocked, nextAttemptAt ≤ now) — how a pg-boss
 * job, which names its delivery, takes it. Null when it is not: sent, locked by another sender, not
 * yet due, or deleted with its subscription; a second job for the same attempt then does nothing.
 */
export async function claimDelivery(
  db: Db,
  id: string,
  now: Date = new Date(),
): Promise<TClaimedDelivery | null> {
  const claimed = await db.webhookDelivery.updateMany({
    where: { id, status: "pending", lockedAt: null, nextAttemptAt: { lte: now } },
    data: { lockedAt: new Date(), attempts: { increment: 1 } },
  });
  if (claimed.count !== 1) return null;
  const row = await db.webhookDelivery.findUnique({
    where: { id },
    select: {
      id: true,
      messageId: true,
      payload: true,
      attempts: true,
      subscription: { select: { url: true, secret: true } },
    },
  });
  // Gone between claim and read: the subscription was deleted, and its deliveries with it.
  if (!row) return null;
  return {
    id: row.id,
    messageId: row.messageId,
    payload: row.payload,
    attempt: row.attempts,
    url: row.subscription.url,
    secret: row.subscription.secret,
  };
}
