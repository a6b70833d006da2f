import "server-only";
import type { Db } from "@/lib/db";
import type { TWebhookConfig } from "./webhook-config";

/** Stale claims handled per call; the rest wait for the next poll. */
const BATCH = 50;

/**
 * Releases deliveries whose sender died mid-attempt (claimed longer ago than staleAfterMs, no answer
 * recorded). The lost attempt is logged as such — it may or may not have reached the endpoint — and
 * the delivery is due again at once, or failed if that was its last attempt. Conditional updates
 * make it safe for several processes to run this at the same time. Returns how many were released.
 */
export async function recoverStaleDeliveries(
  db: Db,
  config: TWebhookConfig,
  now: Date = new Date(),
): Promise<number> {
  const staleBefore = new Date(now.getTime() - config.staleAfterMs);
  const stale = await db.webhookDelivery.findMany({
    where: { status: "pending", lockedAt: { lt: staleBefore } },
    select: { id: true, attempts: true, lockedAt: true },
    take: BATCH,
  });
  let released = 0;
  for (const delivery of stale) {
    const lastAttempt = delivery.attempts >= config.maxAttempts;
    const done = await db.$transaction(async (tx) => {
      const updated = await tx.webhookDelivery.updateMany({
        where: {
          id: delivery.id,
          status: "pending",
          attempts: delivery.attempts,
          lockedAt: { lt: staleBefore },
        },
        data: {
          status: lastAttempt ? "failed" : "pending",
          nextAttemptAt: lastAttempt ? null : now,
          lockedAt: null,
        },
      });
      if (updated.count !== 1) return false;
      await tx.webhookAttempt.create({
        data: {
          deliveryId: delivery.id,
          status: null,
          durationMs: Math.max(0, now.getTime() - (delivery.lockedAt?.getTime() ?? now.getTime())),
          error:
            "The process sending this attempt stopped before recording an answer; the endpoint may or may not have received it.",
        },
      });
      return true;
    });
    if (done) released++;
  }
  return released;
}
