import { z } from "zod";

/** RATE_LIMIT_PER_MINUTE: requests per API key per minute (0 turns the limit off). */
export const ZRateLimitEnv = z.object({
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(120),
});

/** SESSION_RATE_LIMIT_PER_MINUTE: requests per signed-in web session per minute (0 turns it off). */
export const ZSessionRateLimitEnv = z.object({
  SESSION_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(600),
});

/** RATE_LIMIT_STORE: where the counts live; unset chooses by database (lib/api/rate-limit.ts). */
export const ZRateLimitStoreEnv = z.object({
  RATE_LIMIT_STORE: z.enum(["memory", "database"]).optional(),
});
