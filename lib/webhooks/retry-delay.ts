import type { TWebhookConfig } from "./webhook-config";

/**
 * How long to wait after the `attempt`-th failed attempt (1-based) before the next one:
 * base × 2^(attempt − 1), capped at retryMaxMs. With the defaults (30 s, 1 h cap, 8 attempts) the
 * waits are 30 s, 1, 2, 4, 8, 16 and 32 min: the last attempt comes about 63 minutes after the first.
 */
export function retryDelayMs(
  attempt: number,
  config: Pick<TWebhookConfig, "retryBaseMs" | "retryMaxMs">,
): number {
  const exponent = Math.max(0, Math.floor(attempt) - 1);
  // 2^exponent overflows to Infinity for large exponents, which the cap absorbs.
  return Math.min(config.retryBaseMs * 2 ** exponent, config.retryMaxMs);
}
