import { ApiError } from "@/lib/api/errors";

/** Seconds a caller refused for a busy upload path (readers or bytes in flight) is told to wait. */
const RETRY_SECONDS = 5;

/** The 503 `server_busy` problem with Retry-After; `what` says what is full ("Every document reader is busy (…)"). */
export function serverBusy(what: string): ApiError {
  return new ApiError("server_busy", `${what}; try again in ${RETRY_SECONDS} s.`, {
    headers: { "Retry-After": String(RETRY_SECONDS) },
  });
}
