import { Webhook } from "standardwebhooks";

/** The three Standard Webhooks headers of one attempt. */
export type TWebhookHeaders = {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
};

/**
 * Signs a delivery body the Standard Webhooks way (HMAC-SHA256 over "id.timestamp.body" with the
 * base64 key after "whsec_"), through the reference `standardwebhooks` library so receivers using
 * any Standard Webhooks library verify it. The timestamp is the attempt's, in whole seconds.
 */
export function signWebhook(secret: string, messageId: string, sentAt: Date, body: string): TWebhookHeaders {
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(messageId, sentAt, body),
  };
}
