/** The events an account can subscribe to; each is fired only for requests sent with trigger_webhook: true. */
export const WEBHOOK_EVENTS = [
  "presentation.generation.completed",
  "presentation.generation.failed",
] as const;

export type TWebhookEvent = (typeof WEBHOOK_EVENTS)[number];
