import { z } from "zod";

type TEnv = Record<string, string | undefined>;

/** Delivery settings from the environment; the README's configuration table lists them. */
export const ZWebhookEnv = z.object({
  /** Attempts per delivery (the first one included) before it is marked failed. */
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** Wait before the second attempt; each later wait doubles, up to WEBHOOK_RETRY_MAX_MS. */
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).max(86_400_000).default(30_000),
  /** Longest wait between two attempts. */
  WEBHOOK_RETRY_MAX_MS: z.coerce.number().int().min(10).max(86_400_000).default(3_600_000),
  /** Deadline of one attempt: connect, send, and read the answer. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Deliveries one process sends at the same time. */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** Finished deliveries (and their attempt log) older than this are deleted. */
  WEBHOOK_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
});

export type TWebhookConfig = {
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  timeoutMs: number;
  concurrency: number;
  retentionDays: number;
  /**
   * A claimed delivery whose sender has not recorded an answer after this long is taken to be
   * orphaned (the process died mid-send): the attempt deadline plus a generous margin, so a live
   * sender always finishes first.
   */
  staleAfterMs: number;
};

/**
 * Reads the webhook settings. Read on every call (it is cheap) so a test can change them; an
 * invalid value throws with the variable's name rather than silently falling back.
 */
export function getWebhookConfig(env: TEnv = process.env): TWebhookConfig {
  const parsed = ZWebhookEnv.safeParse(
    Object.fromEntries(Object.keys(ZWebhookEnv.shape).map((name) => [name, env[name]?.trim() || undefined])),
  );
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid ${String(issue.path[0])}: ${issue.message}`);
  }
  const value = parsed.data;
  return {
    maxAttempts: value.WEBHOOK_MAX_ATTEMPTS,
    retryBaseMs: value.WEBHOOK_RETRY_BASE_MS,
    retryMaxMs: Math.max(value.WEBHOOK_RETRY_MAX_MS, value.WEBHOOK_RETRY_BASE_MS),
    timeoutMs: value.WEBHOOK_TIMEOUT_MS,
    concurrency: value.WEBHOOK_CONCURRENCY,
    retentionDays: value.WEBHOOK_RETENTION_DAYS,
    staleAfterMs: value.WEBHOOK_TIMEOUT_MS + 60_000,
  };
}
