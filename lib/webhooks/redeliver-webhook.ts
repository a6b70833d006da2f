import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db";
import { DELIVERY_VIEW_SELECT, toDeliveryView } from "./webhook-views";
import { wakeWebhookWorker } from "./webhook-worker";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Queues an attempt of a delivery now. A finished delivery (succeeded or failed) is copied into a
 * new pending delivery with the same body and the same webhook-id — it is the same event, so a
 * receiver that drops duplicates still can — and a fresh attempt budget; the original keeps its
 * log. A pending delivery waiting for its backoff has its next attempt moved to now (one already
 * being sent is left alone). Answers the delivery that will be sent; 404 for another account's.
 */
export async function redeliverWebhook(db: Db, userId: string, deliveryId: string) {
  const delivery = UUID.test(deliveryId)
    ? await db.webhookDelivery.findFirst({
        where: { id: deliveryId, subscription: { userId } },
        select: { id: true, subscriptionId: true, event: true, messageId: true, payload: true, status: true },
      })
    : null;
  if (!delivery) throw new ApiError("not_found", `No webhook delivery with id '${deliveryId}'.`);
  const now = new Date();
  let id = delivery.id;
  if (delivery.status === "pending") {
    await db.webhookDelivery.updateMany({
      where: { id: delivery.id, status: "pending", lockedAt: null },
      data: { nextAttemptAt: now },
    });
  } else {
    const copy = await db.webhookDelivery.create({
      data: {
        subscriptionId: delivery.subscriptionId,
        event: delivery.event,
        messageId: delivery.messageId,
        payload: delivery.payload,
        status: "pending",
        nextAttemptAt: now,
      },
      select: { id: true },
    });
    id = copy.id;
  }
  wakeWebhookWorker();
  const row = await db.webhookDelivery.findUniqueOrThrow({ where: { id }, select: DELIVERY_VIEW_SELECT });
  return toDeliveryView(row);
}
