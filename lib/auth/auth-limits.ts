import "server-only";
import { ApiError } from "@/lib/api/errors";
import { checkRateLimit, rateLimitHeaders } from "@/lib/api/rate-limit";
import { clientAddress } from "@/lib/security/request-origin";
import { getSecuritySettings } from "@/lib/security/security-settings";
import { normaliseEmail } from "./users";

const SIGN_IN_WINDOW_MS = 15 * 60_000;
const SIGN_UP_WINDOW_MS = 60 * 60_000;

/** "3 minutes", "1 minute", "40 seconds": how long until a refused caller may try again. */
function wait(seconds: string): string {
  const s = Number(seconds);
  if (s < 60) return `${s} second${s === 1 ? "" : "s"}`;
  const m = Math.ceil(s / 60);
  return `${m} minute${m === 1 ? "" : "s"}`;
}

/** Counts one attempt under `key`; a 429 ApiError (with Retry-After) once the window is full. */
async function count(key: string, limit: number, windowMs: number, refusal: (retryIn: string) => string) {
  const decision = await checkRateLimit(key, { limit, windowMs });
  if (!decision || decision.allowed) return;
  const headers = rateLimitHeaders(decision);
  throw new ApiError("rate_limited", refusal(wait(headers["Retry-After"])), { headers });
}

/**
 * Counts a sign-in attempt with a password (right or wrong) against the client address's limit
 * (SIGN_IN_LIMIT_PER_ADDRESS in 15 minutes: password spraying over many emails) and the email's
 * (SIGN_IN_LIMIT_PER_EMAIL: guessing one account's password from many addresses); throws a 429 once
 * either is spent. Counts are shared by every instance on PostgreSQL (RATE_LIMIT_STORE).
 */
export async function countSignInAttempt(headers: Headers, email: string): Promise<void> {
  const settings = getSecuritySettings();
  await count(
    `sign-in:address:${clientAddress(headers)}`,
    settings.SIGN_IN_LIMIT_PER_ADDRESS,
    SIGN_IN_WINDOW_MS,
    (retryIn) => `Too many sign-in attempts from this address; try again in ${retryIn}.`,
  );
  const normalised = normaliseEmail(email);
  if (normalised)
    await count(
      `sign-in:email:${normalised}`,
      settings.SIGN_IN_LIMIT_PER_EMAIL,
      SIGN_IN_WINDOW_MS,
      (retryIn) => `Too many sign-in attempts for this email; try again in ${retryIn}.`,
    );
}

/**
 * Refuses a sign-up when sign-up is closed (403) or when the client address made
 * SIGN_UP_LIMIT_PER_ADDRESS sign-ups in the last hour (429: credit farming from one place).
 */
export async function countSignUp(headers: Headers): Promise<void> {
  const settings = getSecuritySettings();
  if (settings.SIGN_UP === "closed")
    throw new ApiError(
      "forbidden",
      "Sign-up is closed on this server; ask its operator for an account (`npx deckforge users create` and `users set-password`).",
    );
  await count(
    `sign-up:address:${clientAddress(headers)}`,
    settings.SIGN_UP_LIMIT_PER_ADDRESS,
    SIGN_UP_WINDOW_MS,
    (retryIn) => `Too many accounts were made from this address; try again in ${retryIn}.`,
  );
}
