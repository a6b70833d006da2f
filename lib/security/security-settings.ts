import { z } from "zod";

type TEnv = Record<string, string | undefined>;

/**
 * TRUST_PROXY: how many reverse proxies in front of the server set X-Forwarded-For/-Host/-Proto.
 * Unset, `false` or `0`: none — those headers are a client's word and are dropped (scripts/serve.mjs)
 * or ignored; `true` is one proxy; a number is that many hops.
 */
const ZTrustProxy = z
  .string()
  .trim()
  .regex(/^(true|false|\d{1,2})$/, "must be true, false or a number of proxies (0-99)")
  .optional()
  .transform((value) =>
    value === undefined || value === "false" ? 0 : value === "true" ? 1 : Number(value),
  );

/** Attempts in a window; 0 turns that limit off. */
const ZLimit = z.coerce.number().int().min(0).max(1_000_000);

/** The security settings; the README's configuration table mirrors these defaults. */
export const ZSecurityEnv = z.object({
  TRUST_PROXY: ZTrustProxy,
  // Sign-in attempts (right or wrong password) per email and per client address in 15 minutes.
  SIGN_IN_LIMIT_PER_EMAIL: ZLimit.default(10),
  SIGN_IN_LIMIT_PER_ADDRESS: ZLimit.default(30),
  // Accounts one client address may create in an hour.
  SIGN_UP_LIMIT_PER_ADDRESS: ZLimit.default(5),
  // `closed`: no new accounts from the sign-up page or a first OAuth sign-in (the CLI still makes them).
  SIGN_UP: z.enum(["open", "closed"]).default("open"),
});

export type TSecuritySettings = z.infer<typeof ZSecurityEnv>;

/** The security settings from the environment (read per call: a few fields; tests change them). */
export function getSecuritySettings(env: TEnv = process.env): TSecuritySettings {
  const blank = (name: keyof TSecuritySettings) => env[name]?.trim() || undefined;
  return ZSecurityEnv.parse({
    TRUST_PROXY: blank("TRUST_PROXY"),
    SIGN_IN_LIMIT_PER_EMAIL: blank("SIGN_IN_LIMIT_PER_EMAIL"),
    SIGN_IN_LIMIT_PER_ADDRESS: blank("SIGN_IN_LIMIT_PER_ADDRESS"),
    SIGN_UP_LIMIT_PER_ADDRESS: blank("SIGN_UP_LIMIT_PER_ADDRESS"),
    SIGN_UP: blank("SIGN_UP"),
  });
}
