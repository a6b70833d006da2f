// POST /api/v1/webhook/subscribe — subscribe an endpoint to an event; answers the secret once (201)
import { parseBody } from "@/lib/api/parse-body";
import { json } from "@/lib/api/respond";
import { ZWebhookSubscribeRequest, ZWebhookSubscription } from "@/lib/api/schemas/webhooks";
import { withApiKey } from "@/lib/api/with-api-key";
import { subscribeWebhook } from "@/lib/webhooks/subscribe-webhook";

export const POST = withApiKey(async ({ req, db, user }) => {
  const input = await parseBody(req, ZWebhookSubscribeRequest);
  const subscription = await subscribeWebhook(db, user.id, input);
  return json(ZWebhookSubscription.parse(subscription), { status: 201 });
});
