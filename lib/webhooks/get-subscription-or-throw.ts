import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The account's subscription, or 404 — another account's id is answered like an unknown one. */
export async function getSubscriptionOrThrow(db: Db, userId: string, id: string) {
  const subscription = UUID.test(id)
    ? await db.webhookSubscription.findFirst({
        where: { id, userId },
        select: { id: true, url: true, event: true, secret: true, createdAt: true },
      })
    : null;
  if (!subscription) throw new ApiError("not_found", `No webhook subscription with id '${id}'.`);
  return subscription;
}
