import "server-only";
import type { Db } from "@/lib/db";
import { toSubscriptionSummary } from "./webhook-views";

/** The account's subscriptions, newest first, secrets cut to their display fragment. */
export async function listWebhooks(db: Db, userId: string) {
  const rows = await db.webhookSubscription.findMany({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: { id: true, url: true, event: true, secret: true, createdAt: true },
  });
  return rows.map(toSubscriptionSummary);
}
