import { z } from "zod";

/** Every answer of an API route carries the id its log lines are tagged with (lib/api/with-api-key.ts). */
export const ZRequestIdHeader = z.uuid().meta({
  description: "Id of this request, also in a problem's `request_id`; quote it when reporting an error.",
  example: "5f0c6c1e-8f1d-4a53-9a39-3c8d2f6f1b7a",
  header: { id: "X-Request-Id" },
});

/** A 401 names the scheme to authenticate with (RFC 9110 §11.6.1). */
export const ZWwwAuthenticateHeader = z.string().meta({
  description: "The authentication scheme the API expects.",
  example: 'Bearer realm="deckforge"',
  header: { id: "WWW-Authenticate" },
});

/** Seconds to wait before retrying a 429 (RFC 9110 §10.2.3). */
export const ZRetryAfterHeader = z
  .number()
  .int()
  .min(0)
  .meta({
    description: "Seconds to wait before sending the request again.",
    example: 12,
    header: { id: "Retry-After" },
  });

/** A 405 lists the methods the path serves (RFC 9110 §10.2.1). */
export const ZAllowHeader = z.string().meta({
  description: "The methods this path serves, comma-separated.",
  example: "GET, POST",
  header: { id: "Allow" },
});

const RATE_LIMIT_OFF = "Absent when the operator turned the limit off (RATE_LIMIT_PER_MINUTE=0).";

/** The rate-limit fields of draft-ietf-httpapi-ratelimit-headers, as a 429 (always limited) carries them. */
export const ZRateLimitLimit = z
  .number()
  .int()
  .min(1)
  .meta({ description: "Requests a key may send per minute (RATE_LIMIT_PER_MINUTE).", example: 120 });
export const ZRateLimitRemaining = z
  .number()
  .int()
  .min(0)
  .meta({ description: "Requests left in the sliding one-minute window (0 on a 429).", example: 0 });
export const ZRateLimitReset = z.number().int().min(0).meta({
  description: "Seconds until the oldest counted request leaves the window and gives a request back.",
  example: 12,
});

/**
 * The same fields on every other answer to a keyed request: optional, since a server with the limit
 * off (RATE_LIMIT_PER_MINUTE=0) sends none of them.
 */
export const ZRateLimitLimitHeader = ZRateLimitLimit.optional().meta({
  description: `Requests a key may send per minute (RATE_LIMIT_PER_MINUTE). ${RATE_LIMIT_OFF}`,
  header: { id: "RateLimit-Limit" },
});
export const ZRateLimitRemainingHeader = ZRateLimitRemaining.optional().meta({
  description: `Requests left in the sliding one-minute window. ${RATE_LIMIT_OFF}`,
  header: { id: "RateLimit-Remaining" },
});
export const ZRateLimitResetHeader = ZRateLimitReset.optional().meta({
  description: `Seconds until the oldest counted request leaves the window and gives a request back. ${RATE_LIMIT_OFF}`,
  header: { id: "RateLimit-Reset" },
});

/**
 * The client's key for a retry-safe POST (lib/idempotency/with-idempotency.ts): a request repeated
 * with the same key gets the first answer again instead of a second deck and a second charge.
 */
export const ZIdempotencyKeyHeader = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/)
  .optional()
  // No example: Swagger UI would prefill it, and every "Try it out" would then share one key.
  .meta({
    param: {
      id: "IdempotencyKey",
      in: "header",
      name: "Idempotency-Key",
      description:
        "Optional: 1–255 visible ASCII characters, unique per logical request (a UUID is a good choice). For 24 hours per account, repeating the request with the same key answers the first successful answer again (same status and body, with `Idempotent-Replayed: true`) without working or charging again. While the first request still runs, a repeat is a 409 with Retry-After; the same key with another body or on another endpoint is a 422; a malformed key is a 400. A request that failed stores nothing, so it can be retried with the same key.",
    },
  });

/** Set on an answer replayed for a repeated Idempotency-Key. */
export const ZIdempotentReplayedHeader = z
  .literal("true")
  .optional()
  .meta({
    description:
      "Present when this is the stored answer of an earlier request with the same Idempotency-Key.",
    header: { id: "Idempotent-Replayed" },
  });

/** RFC 7240 preference of the generation POSTs (lib/api/parse-body.ts parseBodyLenient). */
export const ZPreferHandlingHeader = z
  .string()
  .optional()
  .meta({
    param: {
      id: "PreferHandling",
      in: "header",
      name: "Prefer",
      description:
        "Optional (RFC 7240). `handling=strict`: a body field this service does not know is refused with 422, as a typo would be. Without it (or with `handling=lenient`) unknown fields — such as the peer product's newer ones — are ignored and named in the answer's `warnings`. An honoured preference is echoed in `Preference-Applied`.",
      example: "handling=strict",
    },
  });

/** Echoes the handling preference that was honoured (RFC 7240 §3). */
export const ZPreferenceAppliedHeader = z
  .enum(["handling=strict", "handling=lenient"])
  .optional()
  .meta({
    description:
      "Present when the request sent `Prefer: handling=strict` or `handling=lenient`: the handling applied.",
    header: { id: "Preference-Applied" },
  });
