import { APICallError, RetryError } from "ai";
import { SafeFetchError } from "./safe-fetch-error";

/** One line of an API's error body, short enough for a warning. */
function gist(text: string | undefined): string {
  const line = (text ?? "").replace(/\s+/g, " ").trim();
  return line.length > 160 ? `${line.slice(0, 159)}…` : line;
}

function forStatus(name: string, status: number, body: string | undefined) {
  const detail = gist(body);
  const suffix = detail ? `: ${detail}` : "";
  if (status === 401 || status === 403) {
    return { message: `${name} refused the API key (HTTP ${status}${suffix})`, fatal: true };
  }
  if (status === 429) return { message: `${name} rate limit reached (HTTP 429${suffix})`, fatal: true };
  return { message: `${name} answered HTTP ${status}${suffix}`, fatal: false };
}

/**
 * A failed call to a third-party API (through safeFetch or the AI SDK) as a sentence fit for a
 * response warning — never the URL, since some APIs take the key as a query parameter — and
 * whether it is `fatal`: a refused key, an exhausted quota or an unreachable endpoint would fail
 * the same way for every further call.
 */
export function describeApiFailure(name: string, thrown: unknown): { message: string; fatal: boolean } {
  // The AI SDK wraps the last attempt's error once its retries are spent.
  const error = RetryError.isInstance(thrown) ? thrown.lastError : thrown;
  if (error instanceof SafeFetchError) {
    if (error.code === "http_status") return forStatus(name, error.details.status ?? 0, error.details.body);
    const fatal =
      error.code === "dns_failed" || error.code === "connection_failed" || error.code === "blocked_address";
    return { message: `${name}: ${error.message}`, fatal };
  }
  if (APICallError.isInstance(error) && error.statusCode) {
    return forStatus(name, error.statusCode, error.responseBody ?? error.message);
  }
  if (error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError")) {
    return { message: `${name} did not answer in time`, fatal: false };
  }
  return { message: `${name}: ${error instanceof Error ? error.message : String(error)}`, fatal: false };
}
