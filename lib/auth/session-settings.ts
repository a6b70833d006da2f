/** How long a session lasts without use; each use (at most once per SESSION_TOUCH_MS) renews it. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/**
 * How often a session's lastSeenAt (and expiry) is written while it is used: a write per request
 * would cost more than "last active" is worth to the account page.
 */
export const SESSION_TOUCH_MS = 5 * 60 * 1000;

/** A session's expiry when used at `now`. */
export function sessionExpiry(now: Date): Date {
  return new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000);
}
