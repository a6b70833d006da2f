/**
 * Whether an error means the database could not do the work now — a lock held past
 * DATABASE_BUSY_TIMEOUT_MS (SQLite's busy timeout, PostgreSQL's lock_timeout), PostgreSQL unreachable, its pool exhausted, a connection dropped or a transaction
 * that lost a write conflict — rather than that the request or the code is wrong. The work was not
 * done and may be retried, so the API answers 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { name, code, errorCode, message } = error as {
    name?: string;
    code?: string;
    errorCode?: string;
    message?: string;
  };
  if (name === "PrismaClientKnownRequestError" && code && RETRYABLE_CODES.has(code)) return true;
  if (name === "PrismaClientInitializationError" && errorCode && RETRYABLE_CODES.has(errorCode)) return true;
  return typeof message === "string" && /SQLITE_BUSY|database is locked|lock timeout/.test(message);
}

/**
 * Prisma's codes for: can't reach the server (P1001), timed out reaching it (P1002), operation timed
 * out — SQLite's busy timeout among them (P1008), server closed the connection (P1017), pool timeout
 * (P2024), write conflict or deadlock, retry the transaction (P2034).
 */
const RETRYABLE_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2034"]);
