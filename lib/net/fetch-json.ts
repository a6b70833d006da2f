import "server-only";
import { safeFetch, type TSafeFetchOptions } from "./safe-fetch";
import { SafeFetchError } from "./safe-fetch-error";

/** API answers are small; a larger one is a misconfigured endpoint, not data. */
const MAX_JSON_BYTES = 2 * 1024 * 1024;

/**
 * Calls a JSON API through safeFetch (same limits and redirect checks) and parses the answer:
 * GET, or POST with `json` as the body. Throws SafeFetchError, "bad_response" when the body is
 * not JSON.
 */
export async function fetchJson(
  url: string,
  options: Omit<TSafeFetchOptions, "body" | "method"> & { json?: unknown } = {},
): Promise<unknown> {
  const { json, headers, ...rest } = options;
  const response = await safeFetch(url, {
    maxBytes: MAX_JSON_BYTES,
    ...rest,
    method: json === undefined ? "GET" : "POST",
    headers: {
      accept: "application/json",
      ...(json === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  try {
    return JSON.parse(response.bytes.toString("utf8"));
  } catch {
    throw new SafeFetchError("bad_response", "The answer is not JSON.", { url: response.url });
  }
}
