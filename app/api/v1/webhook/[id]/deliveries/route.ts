// GET /api/v1/webhook/{id}/deliveries — a subscription's recent deliveries with their attempts
import { json } from "@/lib/api/respond";
import { ZWebhookDeliveriesQuery, ZWebhookDeliveryList } from "@/lib/api/schemas/webhooks";
import { withApiKey } from "@/lib/api/with-api-key";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";

export const GET = withApiKey<{ id: string }>(async ({ req, db, user, params }) => {
  const query = ZWebhookDeliveriesQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
  return json(ZWebhookDeliveryList.parse(await listDeliveries(db, user.id, params.id, query)));
});
