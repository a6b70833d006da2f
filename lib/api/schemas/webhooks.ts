import { z } from "zod";
import { WEBHOOK_EVENTS } from "@/lib/webhooks/webhook-events";
import { webhookSecretProblem } from "@/lib/webhooks/webhook-secret-format";
import { ZPageLimit, ZPresentationResult } from "./common";

const EXAMPLE_ID = "3f2c9a4e-8d1b-4c7a-9e55-0b6d2f1a7c34";
const EXAMPLE_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const EXAMPLE_TIME = "2026-11-22T10:15:30.000Z";

/** Max subscriptions per account; a further subscribe is a 422. */
export const MAX_WEBHOOK_SUBSCRIPTIONS = 20;

export const ZWebhookEvent = z
  .enum(WEBHOOK_EVENTS, {
    error: `Unknown event. Valid events: ${WEBHOOK_EVENTS.map((event) => `'${event}'`).join(", ")}.`,
  })
  .describe(
    "The event a subscription receives. Both fire only for generation requests sent with `trigger_webhook: true` (sync and async).",
  )
  .meta({ example: "presentation.generation.completed" });

export const ZWebhookSecret = z
  .string()
  .max(200)
  .superRefine((value, ctx) => {
    const problem = webhookSecretProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .describe(
    "Standard Webhooks signing secret: 'whsec_' + 24–64 random bytes in base64. Omit it (or send null) to have one generated.",
  )
  .meta({ example: EXAMPLE_SECRET });

export const ZWebhookUrl = z
  .url({ protocol: /^https?$/, error: "An absolute http or https URL." })
  .max(2048)
  .describe(
    "Where deliveries are POSTed. http or https; hosts that are or resolve to private, loopback or link-local addresses are refused (here and again at each delivery) unless the operator sets ALLOW_PRIVATE_NETWORK_FETCH=1. Redirects are not followed.",
  )
  .meta({ example: "https://example.com/hooks/deckforge" });

/** POST /api/v1/webhook/subscribe (and the v3 alias). */
export const ZWebhookSubscribeRequest = z
  .strictObject({
    url: ZWebhookUrl,
    event: ZWebhookEvent,
    secret: ZWebhookSecret.nullish(),
  })
  .describe("Subscribes an endpoint of the calling account to one event.");
export type TWebhookSubscribeRequest = z.infer<typeof ZWebhookSubscribeRequest>;

const ZSubscriptionBase = z.object({
  id: z.uuid().meta({ example: EXAMPLE_ID }),
  url: z.string().meta({ example: "https://example.com/hooks/deckforge" }),
  event: ZWebhookEvent,
  created_at: z.iso.datetime().meta({ example: EXAMPLE_TIME }),
});

/** The subscribe answer (201): the only time the whole signing secret is shown. */
export const ZWebhookSubscription = ZSubscriptionBase.extend({
  secret: z
    .string()
    .describe("The signing secret. Shown in full only in this answer; listings show a fragment.")
    .meta({ example: EXAMPLE_SECRET }),
}).describe("A new webhook subscription with its signing secret.");
export type TWebhookSubscription = z.infer<typeof ZWebhookSubscription>;

/** One subscription as listings show it. */
export const ZWebhookSubscriptionSummary = ZSubscriptionBase.extend({
  secret_hint: z
    .string()
    .describe(
      "The start of the signing secret, to tell secrets apart; the full secret is shown once, at subscribe.",
    )
    .meta({ example: "whsec_MfKQ…" }),
}).describe("A webhook subscription (secret shown as a fragment).");
export type TWebhookSubscriptionSummary = z.infer<typeof ZWebhookSubscriptionSummary>;

/** GET /api/v1/webhook/all: the calling account's subscriptions, newest first. */
export const ZWebhookSubscriptionList = z
  .array(ZWebhookSubscriptionSummary)
  .describe("The calling account's webhook subscriptions, newest first.");

/** DELETE /api/v1/webhook/unsubscribe: the id in the JSON body (or the `id` query parameter). */
export const ZWebhookUnsubscribeRequest = z
  .strictObject({
    id: z.string().trim().min(1).max(100).describe("The subscription's id.").meta({ example: EXAMPLE_ID }),
  })
  .describe("Removes a subscription; its pending deliveries are dropped with it.");
export type TWebhookUnsubscribeRequest = z.infer<typeof ZWebhookUnsubscribeRequest>;

export const ZWebhookDeliveryStatus = z
  .enum(["pending", "succeeded", "failed"])
  .describe(
    "pending: waiting for its next attempt (or being sent); succeeded: the endpoint answered 2xx; failed: every attempt failed.",
  );

/** One HTTP attempt of a delivery. */
export const ZWebhookAttempt = z
  .object({
    status: z
      .number()
      .int()
      .nullable()
      .describe(
        "The endpoint's HTTP status, or null when no answer came (timeout, refused address, network error).",
      )
      .meta({ example: 500 }),
    duration_ms: z.number().int().min(0).meta({ example: 142 }),
    response: z
      .string()
      .nullable()
      .describe("The first 500 characters of the endpoint's answer.")
      .meta({ example: "upstream unavailable" }),
    error: z
      .string()
      .nullable()
      .describe("Why the attempt counts as failed; null for a 2xx answer.")
      .meta({ example: "The endpoint answered 500." }),
    created_at: z.iso.datetime().meta({ example: EXAMPLE_TIME }),
  })
  .describe("One HTTP attempt of a delivery.");
export type TWebhookAttempt = z.infer<typeof ZWebhookAttempt>;

/** What a delivery POSTs (the body that is signed): Standard Webhooks' {type, timestamp, data}. */
export const ZWebhookEventBody = z
  .object({
    type: ZWebhookEvent,
    timestamp: z.iso.datetime().describe("When the event happened (the same on every attempt).").meta({
      example: EXAMPLE_TIME,
    }),
    data: z
      .record(z.string(), z.unknown())
      .describe(
        "presentation.generation.completed: the presentation result (plus `task_id` for an async request); presentation.generation.failed: the `error` problem (plus `task_id`).",
      ),
  })
  .describe(
    "The JSON body of every delivery, signed per Standard Webhooks (headers webhook-id, webhook-timestamp, webhook-signature).",
  );
export type TWebhookEventBody = z.infer<typeof ZWebhookEventBody>;

/** `data` of presentation.generation.completed. */
export const ZWebhookCompletedData = ZPresentationResult.extend({
  task_id: z
    .uuid()
    .optional()
    .describe("The async task that produced it; absent for a synchronous request.")
    .meta({ example: EXAMPLE_ID }),
}).describe("data of presentation.generation.completed: the same result the generation request answers.");

/** `data` of presentation.generation.failed. */
export const ZWebhookFailedData = z
  .object({
    task_id: z
      .uuid()
      .optional()
      .describe("The async task that failed; absent for a synchronous request.")
      .meta({ example: EXAMPLE_ID }),
    error: z
      .looseObject({
        type: z.string(),
        title: z.string(),
        status: z.number().int(),
        detail: z.string(),
        code: z.string(),
      })
      .describe("The RFC 9457 problem the request (or the task's status) answered."),
  })
  .describe("data of presentation.generation.failed.");

/** The schema `data` follows for each event. */
export const WEBHOOK_DATA_SCHEMAS = {
  "presentation.generation.completed": ZWebhookCompletedData,
  "presentation.generation.failed": ZWebhookFailedData,
} as const;

/** A delivery of one event to one subscription, with every attempt made so far. */
export const ZWebhookDelivery = z
  .object({
    id: z.uuid().meta({ example: EXAMPLE_ID }),
    subscription_id: z.uuid().meta({ example: EXAMPLE_ID }),
    event: ZWebhookEvent,
    message_id: z
      .string()
      .describe(
        "The webhook-id header: the same on every attempt and on a redelivery, so receivers can drop duplicates.",
      )
      .meta({ example: "msg_7d0c4b1e2f3a4b5c8d9e0f1a2b3c4d5e" }),
    status: ZWebhookDeliveryStatus,
    attempts: z.number().int().min(0).describe("Attempts made so far.").meta({ example: 3 }),
    next_attempt_at: z.iso
      .datetime()
      .nullable()
      .describe("When the next attempt is due (pending only).")
      .meta({ example: EXAMPLE_TIME }),
    created_at: z.iso.datetime().meta({ example: EXAMPLE_TIME }),
    updated_at: z.iso.datetime().meta({ example: EXAMPLE_TIME }),
    body: ZWebhookEventBody,
    attempt_log: z.array(ZWebhookAttempt).describe("Every attempt, oldest first."),
  })
  .describe("A delivery of one event to one subscription.");
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

/** Query of GET /api/v1/webhook/{id}/deliveries. */
export const ZWebhookDeliveriesQuery = z.strictObject({
  limit: ZPageLimit.describe("How many of the most recent deliveries to return (1–100).").meta({
    example: 20,
  }),
  status: ZWebhookDeliveryStatus.optional().describe("Only deliveries in this state."),
});
export type TWebhookDeliveriesQuery = z.infer<typeof ZWebhookDeliveriesQuery>;

/** GET /api/v1/webhook/{id}/deliveries: newest first. */
export const ZWebhookDeliveryList = z
  .array(ZWebhookDelivery)
  .describe("A subscription's most recent deliveries, newest first, each with its attempts.");
