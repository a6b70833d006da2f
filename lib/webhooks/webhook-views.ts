import {
  type TWebhookDelivery,
  type TWebhookSubscription,
  type TWebhookSubscriptionSummary,
  ZWebhookDelivery,
  ZWebhookSubscription,
  ZWebhookSubscriptionSummary,
} from "@/lib/api/schemas/webhooks";
import { webhookSecretHint } from "./webhook-secret-format";

type TSubscriptionRow = { id: string; url: string; event: string; secret: string; createdAt: Date };

type TDeliveryRow = {
  id: string;
  subscriptionId: string;
  event: string;
  messageId: string;
  payload: string;
  status: string;
  attempts: number;
  nextAttemptAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  log: {
    status: number | null;
    durationMs: number;
    responseSnippet: string | null;
    error: string | null;
    createdAt: Date;
  }[];
};

/** The subscribe answer: the only view with the whole secret. */
export function toSubscriptionView(row: TSubscriptionRow): TWebhookSubscription {
  return ZWebhookSubscription.parse({
    id: row.id,
    url: row.url,
    event: row.event,
    secret: row.secret,
    created_at: row.createdAt.toISOString(),
  });
}

/** A subscription as listings show it, the secret cut to its display fragment. */
export function toSubscriptionSummary(row: TSubscriptionRow): TWebhookSubscriptionSummary {
  return ZWebhookSubscriptionSummary.parse({
    id: row.id,
    url: row.url,
    event: row.event,
    secret_hint: webhookSecretHint(row.secret),
    created_at: row.createdAt.toISOString(),
  });
}

/** A delivery with its attempt log; `body` is the exact JSON that is signed and sent. */
export function toDeliveryView(row: TDeliveryRow): TWebhookDelivery {
  return ZWebhookDelivery.parse({
    id: row.id,
    subscription_id: row.subscriptionId,
    event: row.event,
    message_id: row.messageId,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.status === "pending" ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    body: JSON.parse(row.payload),
    attempt_log: row.log.map((attempt) => ({
      status: attempt.status,
      duration_ms: attempt.durationMs,
      response: attempt.responseSnippet,
      error: attempt.error,
      created_at: attempt.createdAt.toISOString(),
    })),
  });
}

/** The Prisma selection toDeliveryView needs. */
export const DELIVERY_VIEW_SELECT = {
  id: true,
  subscriptionId: true,
  event: true,
  messageId: true,
  payload: true,
  status: true,
  attempts: true,
  nextAttemptAt: true,
  createdAt: true,
  updatedAt: true,
  log: {
    orderBy: { createdAt: "asc" },
    select: { status: true, durationMs: true, responseSnippet: true, error: true, createdAt: true },
  },
} as const;
