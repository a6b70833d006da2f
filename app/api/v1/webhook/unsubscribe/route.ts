// DELETE /api/v1/webhook/unsubscribe — remove a subscription by id (JSON body {id}, or ?id=); 204
import { parseBody } from "@/lib/api/parse-body";
import { ZWebhookUnsubscribeRequest } from "@/lib/api/schemas/webhooks";
import { withApiKey } from "@/lib/api/with-api-key";
import { unsubscribeWebhook } from "@/lib/webhooks/unsubscribe-webhook";

export const DELETE = withApiKey(async ({ req, db, user }) => {
  // Some HTTP clients and proxies drop DELETE bodies, so the id may also come as a query parameter.
  const queryId = new URL(req.url).searchParams.get("id");
  const input =
    queryId === null
      ? await parseBody(req, ZWebhookUnsubscribeRequest)
      : ZWebhookUnsubscribeRequest.parse({ id: queryId });
  await unsubscribeWebhook(db, user.id, input.id);
  return new Response(null, { status: 204 });
});
