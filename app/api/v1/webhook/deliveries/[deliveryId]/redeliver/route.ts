// POST /api/v1/webhook/deliveries/{deliveryId}/redeliver — queue an attempt of a delivery now (202)
import { json } from "@/lib/api/respond";
import { ZWebhookDelivery } from "@/lib/api/schemas/webhooks";
import { withApiKey } from "@/lib/api/with-api-key";
import { redeliverWebhook } from "@/lib/webhooks/redeliver-webhook";

export const POST = withApiKey<{ deliveryId: string }>(async ({ db, user, params }) => {
  const delivery = await redeliverWebhook(db, user.id, params.deliveryId);
  return json(ZWebhookDelivery.parse(delivery), { status: 202 });
});
