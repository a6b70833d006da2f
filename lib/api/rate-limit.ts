import "server-only";
import { getConfig } from "@/lib/config";
import { databaseKind } from "@/lib/db/database-kind";
import { DatabaseRateLimitStore } from "./database-rate-limit-store";
import { MemoryRateLimitStore } from "./memory-rate-limit-store";
import { ZRateLimitEnv, ZSessionRateLimitEnv } from "./rate-limit-settings";

/** The window RATE_LIMIT_PER_MINUTE counts in. */
export const RATE_LIMIT_WINDOW_MS = 60_000;

/** How one key's window stands after a request was counted (or refused). */
export type TRateLimitWindow = {
  allowed: boolean;
  /** Requests still allowed in the current window. */
  remaining: number;
  /** Milliseconds until the window gives a request back (the oldest counted request leaves it). */
  resetMs: number;
};

/**
 * Where requests are counted. The embedded setup keeps them in memory (one process); a deployment
 * of many instances plugs in a shared store with the same call (setRateLimitStore).
 */
export interface TRateLimitStore {
  /** Counts a request for `key` when fewer than `limit` fall within the last `windowMs`. */
  hit(
    key: string,
    limit: number,
    windowMs: number,
    now: number,
  ): TRateLimitWindow | Promise<TRateLimitWindow>;
}

/** A key's decision with the limit it was made under. */
export type TRateLimitDecision = TRateLimitWindow & { limit: number };

/**
 * Requests per signed-in web session account per minute from SESSION_RATE_LIMIT_PER_MINUTE (default
 * 600; 0 turns it off). Higher than a key's: the editor re-lays out a slide at every pause in typing.
 */
export function sessionRateLimitPerMinute(env: Record<string, string | undefined> = process.env): number {
  const raw = env.SESSION_RATE_LIMIT_PER_MINUTE?.trim();
  const parsed = ZSessionRateLimitEnv.safeParse({
    SESSION_RATE_LIMIT_PER_MINUTE: raw === "" ? undefined : raw,
  });
  if (!parsed.success)
    throw new Error(
      `Invalid SESSION_RATE_LIMIT_PER_MINUTE '${raw}': a whole number from 0 (off) to 1000000.`,
    );
  return parsed.data.SESSION_RATE_LIMIT_PER_MINUTE;
}

/** Requests per key per minute from RATE_LIMIT_PER_MINUTE (default 120; 0 turns the limit off). */
export function rateLimitPerMinute(env: Record<string, string | undefined> = process.env): number {
  const raw = env.RATE_LIMIT_PER_MINUTE?.trim();
  const parsed = ZRateLimitEnv.safeParse({ RATE_LIMIT_PER_MINUTE: raw === "" ? undefined : raw });
  if (!parsed.success)
    throw new Error(`Invalid RATE_LIMIT_PER_MINUTE '${raw}': a whole number from 0 (off) to 1000000.`);
  return parsed.data.RATE_LIMIT_PER_MINUTE;
}

// On globalThis: Next.js bundles each route separately, and every route must share one count.
const globalForRateLimit = globalThis as unknown as { deckforgeRateLimitStore?: TRateLimitStore };

/** Replaces the store (a shared one for scale-out, or a fresh one in tests). */
export function setRateLimitStore(store: TRateLimitStore): void {
  globalForRateLimit.deckforgeRateLimitStore = store;
}

/**
 * The store RATE_LIMIT_STORE names: `memory` (this process only) or `database` (shared by every
 * instance on the database). Default: `database` on PostgreSQL — the scale-out setup, where
 * instances sit behind a load balancer — and `memory` on the embedded SQLite file.
 */
function defaultRateLimitStore(): TRateLimitStore {
  const configured = process.env.RATE_LIMIT_STORE?.trim();
  if (configured && configured !== "memory" && configured !== "database")
    throw new Error(`Invalid RATE_LIMIT_STORE '${configured}': memory or database.`);
  const shared = configured
    ? configured === "database"
    : databaseKind(getConfig().databaseUrl) === "postgres";
  return shared ? new DatabaseRateLimitStore() : new MemoryRateLimitStore();
}

/**
 * Counts one request of an API key against RATE_LIMIT_PER_MINUTE (or of any other key against
 * `limit` in `windowMs`: sign-in attempts, sign-ups). Null when the limit is off; otherwise
 * whether the request may proceed and the numbers for the RateLimit-* headers.
 */
export async function checkRateLimit(
  apiKeyId: string,
  options: { limit?: number; windowMs?: number; now?: number } = {},
): Promise<TRateLimitDecision | null> {
  const limit = options.limit ?? rateLimitPerMinute();
  if (limit === 0) return null;
  globalForRateLimit.deckforgeRateLimitStore ??= defaultRateLimitStore();
  const window = await globalForRateLimit.deckforgeRateLimitStore.hit(
    apiKeyId,
    limit,
    options.windowMs ?? RATE_LIMIT_WINDOW_MS,
    options.now ?? Date.now(),
  );
  return { ...window, limit };
}

/**
 * The IETF draft's RateLimit-Limit / RateLimit-Remaining / RateLimit-Reset headers (reset in
 * seconds), plus Retry-After on a refused request.
 */
export function rateLimitHeaders(decision: TRateLimitDecision): Record<string, string> {
  const reset = String(Math.max(1, Math.ceil(decision.resetMs / 1000)));
  return {
    "RateLimit-Limit": String(decision.limit),
    "RateLimit-Remaining": String(decision.remaining),
    "RateLimit-Reset": reset,
    ...(decision.allowed ? {} : { "Retry-After": reset }),
  };
}
