/** Why a fetch of an outside URL was refused or failed. */
export type TSafeFetchErrorCode =
  /** Not an absolute http(s) URL, or it carries credentials. */
  | "invalid_url"
  /** The host is or resolves to a private, loopback, link-local or otherwise non-public address. */
  | "blocked_address"
  /** The host name did not resolve. */
  | "dns_failed"
  /** The server could not be reached or dropped the connection. */
  | "connection_failed"
  /** More redirects than allowed, or a redirect without a usable Location. */
  | "too_many_redirects"
  /** The whole exchange took longer than the deadline. */
  | "timeout"
  /** The body is larger than the cap (announced, or counted while streaming). */
  | "too_large"
  /** The server answered with a non-2xx status. */
  | "http_status"
  /** The body is not a PNG, JPEG, WebP or GIF picture. */
  | "not_an_image"
  /** The body is not the JSON an API should answer. */
  | "bad_response";

/**
 * A refused or failed fetch of an outside URL. Callers turn it into a warning (a picture falls back
 * to the offline illustration) rather than failing a whole request; `message` is safe to show.
 */
export class SafeFetchError extends Error {
  constructor(
    readonly code: TSafeFetchErrorCode,
    message: string,
    readonly details: {
      url?: string;
      /** The HTTP status, for `http_status`. */
      status?: number;
      /** The start of the error body, for `http_status` (API error messages live there). */
      body?: string;
    } = {},
  ) {
    super(message);
    this.name = "SafeFetchError";
  }
}
