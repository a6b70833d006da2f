import "server-only";
import { ApiError } from "@/lib/api/errors";
import { MAX_WEBHOOK_SUBSCRIPTIONS, type TWebhookSubscribeRequest } from "@/lib/api/schemas/webhooks";
import type { Db } from "@/lib/db";
import { checkWebhookUrl } from "./check-webhook-url";
import { generateWebhookSecret } from "./generate-webhook-secret";
import { toSubscriptionView } from "./webhook-views";

/**
 * Subscribes a URL of the account to one event. The URL is checked first (422 for a non-public or
 * unresolvable host); a second subscription of the same URL to the same event is a 409 (it would
 * receive every event twice); at most MAX_WEBHOOK_SUBSCRIPTIONS per account (422). Returns the
 * subscription with its whole secret — the only time it is shown.
 */
export async function subscribeWebhook(db: Db, userId: string, input: TWebhookSubscribeRequest) {
  const url = await checkWebhookUrl(input.url);
  const secret = input.secret ?? generateWebhookSecret();
  // Checked and created in one (immediate) transaction so two concurrent requests cannot both
  // pass the limit or the duplicate check.
  const created = await db.$transaction(async (tx) => {
    const existing = await tx.webhookSubscription.findMany({
      where: { userId },
      select: { id: true, url: true, event: true },
    });
    const twin = existing.find(
      (subscription) => subscription.url === url && subscription.event === input.event,
    );
    if (twin) {
      throw new ApiError(
        "conflict",
        `${url} is already subscribed to ${input.event} (subscription ${twin.id}); unsubscribe it first to change its secret.`,
      );
    }
    if (existing.length >= MAX_WEBHOOK_SUBSCRIPTIONS) {
      throw new ApiError(
        "invalid_field",
        `An account can have at most ${MAX_WEBHOOK_SUBSCRIPTIONS} webhook subscriptions; unsubscribe one first.`,
      );
    }
    return tx.webhookSubscription.create({
      data: { userId, url, event: input.event, secret },
      select: { id: true, url: true, event: true, secret: true, createdAt: true },
    });
  });
  return toSubscriptionView(created);
}
