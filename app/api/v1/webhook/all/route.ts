// GET /api/v1/webhook/all — the account's webhook subscriptions (secrets as fragments)
import { json } from "@/lib/api/respond";
import { ZWebhookSubscriptionList } from "@/lib/api/schemas/webhooks";
import { withApiKey } from "@/lib/api/with-api-key";
import { listWebhooks } from "@/lib/webhooks/list-webhooks";

export const GET = withApiKey(async ({ db, user }) => {
  return json(ZWebhookSubscriptionList.parse(await listWebhooks(db, user.id)));
});
