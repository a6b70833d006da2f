import "server-only";
import crypto from "node:crypto";
import { WEBHOOK_DATA_SCHEMAS } from "@/lib/api/schemas/webhooks";
import type { Db } from "@/lib/db";
import type { TWebhookEvent } from "./webhook-events";
import { wakeWebhookWorker } from "./webhook-worker";

/**
 * Records one pending delivery of `event` per subscription of the account to it and wakes the
 * delivery worker. The body {type, timestamp, data: payload} is serialised once here, so every
 * attempt and every subscription gets the same bytes and the same webhook-id. Never throws: a
 * failure to record is logged, as a webhook must not fail the generation that fired it.
 */
export async function emitWebhookEvent(
  db: Db,
  userId: string,
  event: TWebhookEvent,
  payload: object,
): Promise<void> {
  try {
    const subscriptions = await db.webhookSubscription.findMany({
      where: { userId, event },
      select: { id: true },
    });
    if (subscriptions.length === 0) return;
    const documented = WEBHOOK_DATA_SCHEMAS[event]?.safeParse(payload);
    if (documented && !documented.success) {
      // Sent anyway (the receiver is better served by an odd body than none), but made visible.
      console.warn(
        `[deckforge] webhook ${event} data does not match its documented schema:`,
        documented.error.issues,
      );
    }
    const body = JSON.stringify({ type: event, timestamp: new Date().toISOString(), data: payload });
    const messageId = `msg_${crypto.randomUUID().replaceAll("-", "")}`;
    const now = new Date();
    await db.webhookDelivery.createMany({
      data: subscriptions.map((subscription) => ({
        subscriptionId: subscription.id,
        event,
        messageId,
        payload: body,
        status: "pending",
        nextAttemptAt: now,
      })),
    });
    wakeWebhookWorker();
  } catch (error) {
    console.error(`[deckforge] webhook event ${event} for user ${userId} could not be recorded:`, error);
  }
}
