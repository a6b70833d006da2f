import { z } from "zod";
import type { ZodOpenApiResponseObject } from "zod-openapi";
import { ERROR_CODES, type TErrorCode } from "@/lib/api/errors";
import {
  ZAllowHeader,
  ZRateLimitLimit,
  ZRateLimitRemaining,
  ZRateLimitReset,
  ZRequestIdHeader,
  ZRetryAfterHeader,
  ZWwwAuthenticateHeader,
} from "./headers";
import { codesForStatus, problemExample, problemSchemaFor } from "./problem-schema";

/** Component names of the problem responses, one per status (RFC 9110 reason phrases). */
const RESPONSE_IDS: Record<number, string> = {
  400: "BadRequest",
  401: "Unauthorized",
  402: "PaymentRequired",
  403: "Forbidden",
  404: "NotFound",
  405: "MethodNotAllowed",
  406: "NotAcceptable",
  409: "Conflict",
  413: "ContentTooLarge",
  415: "UnsupportedMediaType",
  422: "UnprocessableContent",
  429: "TooManyRequests",
  500: "InternalServerError",
  503: "ServiceUnavailable",
};

/** When each code is answered, for the response description and the /docs/errors page. */
export const ERROR_CODE_MEANINGS: Record<TErrorCode, string> = {
  invalid_json: "The body is not valid JSON.",
  bad_request:
    "The request could not be read: a broken multipart body, an invalid Idempotency-Key header, or an MCP message the MCP transport refuses (an unsupported MCP-Protocol-Version header, two initialize requests in one batch).",
  unauthorized:
    "No API key, an unknown or revoked key, or a download link whose signature is invalid or expired.",
  forbidden:
    "A browser request signed in by session cookie came from another site (its Origin header is not this server's): refused as cross-site request forgery.",
  insufficient_credits:
    "The account's credit balance does not cover the request's upper-bound cost; the body's `balance` and `required` members say by how much.",
  not_found:
    "No such resource for this account: an unknown id and another account's id are answered alike, so ids are never revealed.",
  method_not_allowed: "The path exists but not with this HTTP method.",
  not_acceptable:
    "The Accept header leaves out a media type the endpoint answers in: the MCP endpoint needs both application/json and text/event-stream, as the MCP streamable HTTP transport requires of clients.",
  conflict:
    "The request conflicts with the resource's state: an Idempotency-Key whose first request is still running (with Retry-After), a URL already subscribed to the event, or an edit based on an old version.",
  cancelled:
    "Never an answer's status: the code of a task's `error` (and of its failed webhook event, or an MCP generate_presentation error) when the task was cancelled before it finished, by DELETE on its status or an MCP client's notifications/cancelled. Its credits were refunded and no presentation was kept.",
  payload_too_large: "The body, or an uploaded file, is larger than the server accepts.",
  unsupported_media_type:
    "The body has another media type than the endpoint reads (application/json, or multipart/form-data for uploads).",
  invalid_field:
    "A field is missing, unknown, of the wrong type or out of range; `errors` lists each one with its path.",
  rate_limited:
    "The key sent more requests in the last minute than RATE_LIMIT_PER_MINUTE allows; wait Retry-After seconds.",
  internal_error:
    "An unexpected server error; the body shows only the request id, the cause is in the server log.",
  provider_unavailable: "The configured LLM (or another upstream) provider could not be reached or failed.",
  server_busy:
    "Every document reader is busy and its queue is full (PARSE_WORKERS, PARSE_QUEUE), or the server already holds as many upload bytes as it allows (UPLOAD_BYTES_IN_FLIGHT); wait Retry-After seconds and send the request again. Nothing was stored.",
};

/** Example details for each code, as the handlers phrase them. */
const EXAMPLES: Record<TErrorCode, Parameters<typeof problemExample>> = {
  invalid_json: [
    "invalid_json",
    "The body is not valid JSON: Expected property name or '}' in JSON at position 1.",
  ],
  bad_request: ["bad_request", "The multipart body could not be read: Unexpected end of form."],
  unauthorized: ["unauthorized", "Send your API key as 'Authorization: Bearer <key>'."],
  insufficient_credits: [
    "insufficient_credits",
    "This needs 9 credits and the account has 3.",
    undefined,
    { balance: 3, required: 9 },
  ],
  forbidden: [
    "forbidden",
    "This request came from another site; session-authenticated changes must come from this server's pages.",
  ],
  not_found: ["not_found", "No presentation with id 0b6f2f4e-3a1d-4c55-9d0c-1f8e7d2c9b10."],
  method_not_allowed: [
    "method_not_allowed",
    "GET is not served at /api/v1/ppt/presentation/generate; use POST.",
  ],
  not_acceptable: [
    "not_acceptable",
    "Accept both application/json and text/event-stream: the MCP endpoint answers requests as an event stream.",
  ],
  conflict: [
    "conflict",
    "A request with this Idempotency-Key is still being processed; repeat it once that one has finished.",
  ],
  cancelled: [
    "cancelled",
    "Task 7d3c1b9a-2e4f-4a6b-8c1d-5e9f0a2b3c4d was cancelled before it finished (DELETE on its status); its credits were refunded.",
  ],
  payload_too_large: ["payload_too_large", "The body exceeds 2097152 bytes."],
  unsupported_media_type: ["unsupported_media_type", "Send the request body as application/json."],
  invalid_field: [
    "invalid_field",
    "n_slides: Too big: expected number to be <=50 (and 1 more)",
    [
      { path: "n_slides", message: "Too big: expected number to be <=50" },
      {
        path: "theme",
        message:
          "Unknown theme. Valid themes: 'light', 'dark', 'ocean', 'forest', 'sunset', 'midnight', 'slate', 'royal'.",
      },
    ],
  ],
  rate_limited: [
    "rate_limited",
    "This API key made 120 requests in the last minute, its limit; retry in 12 s.",
  ],
  internal_error: [
    "internal_error",
    "An internal error occurred. Quote request id 5f0c6c1e-8f1d-4a53-9a39-3c8d2f6f1b7a when reporting it.",
  ],
  provider_unavailable: [
    "provider_unavailable",
    "The LLM provider did not answer in time (openai: timeout after 60 s).",
  ],
  server_busy: [
    "server_busy",
    "The server is receiving as many upload bytes as it holds at once (256 MB); try again in 5 s.",
  ],
};

/** The HTTP statuses the API answers with a problem body. */
export const PROBLEM_STATUSES = [...new Set(Object.values(ERROR_CODES))].sort((a, b) => a - b);

/** Component name of a status's problem response ("UnprocessableContent"). */
export function problemResponseId(status: number): string {
  const id = RESPONSE_IDS[status];
  if (!id) throw new Error(`No problem response is named for HTTP ${status}.`);
  return id;
}

/**
 * The problem response of one status (a reusable component under problemResponseId): the narrowed
 * problem schema, an example per code, and the headers that status carries.
 */
export function problemResponse(status: number): ZodOpenApiResponseObject {
  const codes = codesForStatus(status);
  const headers: Record<string, z.ZodType> = { "X-Request-Id": ZRequestIdHeader };
  if (status === 401) headers["WWW-Authenticate"] = ZWwwAuthenticateHeader;
  if (status === 405) headers.Allow = ZAllowHeader;
  // A 409 from an Idempotency-Key whose first request still runs says when to try again.
  if (status === 409) {
    headers["Retry-After"] = ZRetryAfterHeader.optional().meta({
      description: "On an Idempotency-Key conflict: seconds to wait before repeating the request.",
    });
  }
  // A 503 for a busy server (upload readers, bytes in flight) says when to try again.
  if (status === 503) {
    headers["Retry-After"] = ZRetryAfterHeader.optional().meta({
      description: "On server_busy: seconds to wait before sending the request again.",
    });
  }
  // A 429 only comes from a limit that is on, so its RateLimit-* fields are always there.
  if (status === 429) {
    headers["Retry-After"] = ZRetryAfterHeader;
    headers["RateLimit-Limit"] = ZRateLimitLimit;
    headers["RateLimit-Remaining"] = ZRateLimitRemaining;
    headers["RateLimit-Reset"] = ZRateLimitReset;
  }
  return {
    description: codes.map((code) => `\`${code}\`: ${ERROR_CODE_MEANINGS[code]}`).join("\n\n"),
    headers: z.object(headers),
    content: {
      "application/problem+json": {
        schema: problemSchemaFor(status),
        examples: Object.fromEntries(
          codes.map((code) => [
            code,
            { summary: ERROR_CODE_MEANINGS[code], value: problemExample(...EXAMPLES[code]) },
          ]),
        ),
      },
    },
  };
}
