import "server-only";
import type { Db } from "@/lib/db";
import { getSubscriptionOrThrow } from "./get-subscription-or-throw";

/**
 * Deletes the account's subscription (404 for an unknown or another account's id). Its deliveries
 * and their log go with it (ON DELETE CASCADE), so nothing pending is sent afterwards; an attempt
 * already on the wire finishes but is not recorded.
 */
export async function unsubscribeWebhook(db: Db, userId: string, id: string): Promise<void> {
  const subscription = await getSubscriptionOrThrow(db, userId, id);
  await db.webhookSubscription.deleteMany({ where: { id: subscription.id, userId } });
}
