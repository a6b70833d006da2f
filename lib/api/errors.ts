import type { ZodError } from "zod";

/** One table from error code to HTTP status; every problem body carries its code. */
export const ERROR_CODES = {
  invalid_json: 400,
  bad_request: 400,
  unauthorized: 401,
  insufficient_credits: 402,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  not_acceptable: 406,
  conflict: 409,
  cancelled: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  invalid_field: 422,
  rate_limited: 429,
  internal_error: 500,
  provider_unavailable: 503,
  server_busy: 503,
} as const;
export type TErrorCode = keyof typeof ERROR_CODES;

const TITLES: Record<TErrorCode, string> = {
  invalid_json: "Malformed JSON",
  bad_request: "Bad request",
  unauthorized: "Unauthorized",
  insufficient_credits: "Not enough credits",
  forbidden: "Forbidden",
  not_found: "Not found",
  method_not_allowed: "Method not allowed",
  not_acceptable: "Not acceptable",
  conflict: "Conflict",
  cancelled: "Cancelled",
  payload_too_large: "Payload too large",
  unsupported_media_type: "Unsupported media type",
  invalid_field: "Invalid request",
  rate_limited: "Too many requests",
  internal_error: "Internal error",
  provider_unavailable: "Provider unavailable",
  server_busy: "Server busy",
};

export type TFieldError = { path: string; message: string };

/** RFC 9457 problem details, as every API error is answered. */
export type TProblem = {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: TErrorCode;
  errors?: TFieldError[];
  request_id?: string;
};

/** An error the API answers as a problem body with the code's status. */
export class ApiError extends Error {
  constructor(
    readonly code: TErrorCode,
    message: string,
    readonly details?: {
      errors?: TFieldError[];
      headers?: Record<string, string>;
      /** RFC 9457 extension members added to the problem body (e.g. balance and required for a 402). */
      extensions?: Record<string, string | number | boolean>;
    },
  ) {
    super(message);
    this.name = "ApiError";
  }

  get status(): number {
    return ERROR_CODES[this.code];
  }
}

/** Builds the problem body for a code. */
export function problem(code: TErrorCode, detail: string, errors?: TFieldError[]): TProblem {
  return {
    type: `/docs/errors#${code}`,
    title: TITLES[code],
    status: ERROR_CODES[code],
    detail,
    code,
    ...(errors && errors.length > 0 ? { errors } : {}),
  };
}

/** Zod issues as `{path, message}` pairs with dotted paths ("slides.0.layout"). */
export function fieldErrors(error: ZodError): TFieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join(".") || "(body)",
    message: issue.message,
  }));
}

/** A validation failure as an ApiError (422 with per-field messages). */
export function invalidFields(error: ZodError, headers?: Record<string, string>): ApiError {
  const errors = fieldErrors(error);
  const first = errors[0];
  const detail = first ? `${first.path}: ${first.message}` : "The request is invalid.";
  return new ApiError(
    "invalid_field",
    errors.length > 1 ? `${detail} (and ${errors.length - 1} more)` : detail,
    { errors, ...(headers ? { headers } : {}) },
  );
}
