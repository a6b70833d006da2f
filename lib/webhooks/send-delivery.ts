import "server-only";
import type { Db } from "@/lib/db";
import { safeFetch } from "@/lib/net/safe-fetch";
import { SafeFetchError } from "@/lib/net/safe-fetch-error";
import type { TClaimedDelivery } from "./claim-delivery";
import { retryDelayMs } from "./retry-delay";
import { signWebhook } from "./sign-webhook";
import type { TWebhookConfig } from "./webhook-config";

type TEnv = Record<string, string | undefined>;

/** Characters of the endpoint's answer kept in the attempt log. */
export const RESPONSE_SNIPPET_CHARS = 500;
/** Bytes of a 2xx answer read at most; receivers should answer small and fast. */
const RESPONSE_MAX_BYTES = 64 * 1024;

/** What one attempt came to, and what happens next. */
export type TAttemptOutcome = {
  ok: boolean;
  status: number | null;
  response: string | null;
  error: string | null;
  durationMs: number;
  /** The delivery's state after this attempt. */
  deliveryStatus: "succeeded" | "pending" | "failed";
  /** Wait before the next attempt; null when there is none. */
  retryInMs: number | null;
};

/**
 * Sends one claimed attempt: POSTs the stored body with fresh Standard Webhooks headers through
 * safeFetch (public addresses only unless ALLOW_PRIVATE_NETWORK_FETCH, no redirects, the attempt
 * deadline), then logs the attempt and moves the delivery on — succeeded on 2xx, else pending with
 * the backoff wait, or failed once the attempts are used up.
 */
export async function sendDelivery(
  db: Db,
  claimed: TClaimedDelivery,
  config: TWebhookConfig,
  env: TEnv = process.env,
): Promise<TAttemptOutcome> {
  const started = performance.now();
  let answeredStatus: number | null = null;
  let result: Pick<TAttemptOutcome, "ok" | "status" | "response" | "error">;
  try {
    const headers = signWebhook(claimed.secret, claimed.messageId, new Date(), claimed.payload);
    const response = await safeFetch(claimed.url, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: claimed.payload,
      timeoutMs: config.timeoutMs,
      maxBytes: RESPONSE_MAX_BYTES,
      // A redirected POST either loses its body (301/302/303) or, across origins, its signature
      // headers; the endpoint should be subscribed by its final URL instead.
      maxRedirects: 0,
      checkHeaders: (head) => {
        answeredStatus = head.status;
      },
      env,
    });
    result = {
      ok: true,
      status: response.status,
      response: snippet(response.bytes.toString("utf8")),
      error: null,
    };
  } catch (error) {
    result = describeFailure(error, answeredStatus);
  }
  const durationMs = Math.round(performance.now() - started);
  const next = nextState(result.ok, claimed.attempt, config);
  await recordAttempt(db, claimed, { ...result, durationMs }, next);
  return { ...result, durationMs, ...next };
}

function nextState(ok: boolean, attempt: number, config: TWebhookConfig) {
  if (ok) return { deliveryStatus: "succeeded" as const, retryInMs: null };
  if (attempt >= config.maxAttempts) return { deliveryStatus: "failed" as const, retryInMs: null };
  return { deliveryStatus: "pending" as const, retryInMs: retryDelayMs(attempt, config) };
}

/** Turns a failed fetch into the attempt's status and error text. */
function describeFailure(
  error: unknown,
  answeredStatus: number | null,
): Pick<TAttemptOutcome, "ok" | "status" | "response" | "error"> {
  if (error instanceof SafeFetchError) {
    // A 2xx whose body is over the cap still accepted the event: the body is only kept for the log.
    if (error.code === "too_large" && answeredStatus !== null) {
      return {
        ok: true,
        status: answeredStatus,
        response: `(answer over ${RESPONSE_MAX_BYTES} bytes, not kept)`,
        error: null,
      };
    }
    if (error.code === "http_status") {
      const status = error.details.status ?? null;
      return {
        ok: false,
        status,
        response: snippet(error.details.body ?? ""),
        error: `The endpoint answered ${status}.`,
      };
    }
    if (error.code === "too_many_redirects") {
      return {
        ok: false,
        status: null,
        response: null,
        error:
          "The endpoint answered with a redirect; deliveries do not follow redirects (subscribe the final URL).",
      };
    }
    return { ok: false, status: null, response: null, error: error.message };
  }
  console.error("[deckforge] webhook attempt failed unexpectedly:", error);
  return {
    ok: false,
    status: null,
    response: null,
    error: "Internal error while sending; see the server log.",
  };
}

function snippet(text: string): string | null {
  return text === "" ? null : text.slice(0, RESPONSE_SNIPPET_CHARS);
}

/**
 * Logs the attempt and releases the lock in one transaction. The state change only applies while
 * this claim still holds the delivery (same attempt number, still locked); if the delivery is gone
 * (unsubscribed meanwhile) nothing is written.
 */
async function recordAttempt(
  db: Db,
  claimed: TClaimedDelivery,
  attempt: Pick<TAttemptOutcome, "status" | "response" | "error" | "durationMs">,
  next: Pick<TAttemptOutcome, "deliveryStatus" | "retryInMs">,
): Promise<void> {
  const nextAttemptAt = next.retryInMs === null ? null : new Date(Date.now() + next.retryInMs);
  await db.$transaction(async (tx) => {
    const updated = await tx.webhookDelivery.updateMany({
      where: { id: claimed.id, status: "pending", attempts: claimed.attempt, lockedAt: { not: null } },
      data: { status: next.deliveryStatus, nextAttemptAt, lockedAt: null },
    });
    if (updated.count === 0) {
      const exists = await tx.webhookDelivery.findUnique({ where: { id: claimed.id }, select: { id: true } });
      if (!exists) return;
    }
    await tx.webhookAttempt.create({
      data: {
        deliveryId: claimed.id,
        status: attempt.status,
        durationMs: attempt.durationMs,
        responseSnippet: attempt.response,
        error: attempt.error,
      },
    });
  });
}
