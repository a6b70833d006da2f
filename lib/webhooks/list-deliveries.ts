import "server-only";
import type { TWebhookDeliveriesQuery } from "@/lib/api/schemas/webhooks";
import type { Db } from "@/lib/db";
import { getSubscriptionOrThrow } from "./get-subscription-or-throw";
import { DELIVERY_VIEW_SELECT, toDeliveryView } from "./webhook-views";

/** A subscription's most recent deliveries, newest first, each with its attempt log (404 if not the account's). */
export async function listDeliveries(
  db: Db,
  userId: string,
  subscriptionId: string,
  query: TWebhookDeliveriesQuery,
) {
  const subscription = await getSubscriptionOrThrow(db, userId, subscriptionId);
  const rows = await db.webhookDelivery.findMany({
    where: { subscriptionId: subscription.id, ...(query.status ? { status: query.status } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: query.limit,
    select: DELIVERY_VIEW_SELECT,
  });
  return rows.map(toDeliveryView);
}
