/** Where a sign-in or sign-up goes when no (usable) callbackUrl was given. */
export const DEFAULT_CALLBACK_URL = "/dashboard";

/**
 * The callbackUrl to go to after signing in: only a same-origin relative path ("/editor/1?x=2"),
 * never an absolute or protocol-relative URL ("//evil.example", "/\\evil.example"), so a link
 * cannot send a fresh session to another site. Client-safe.
 */
export function safeCallbackUrl(value: string | string[] | null | undefined): string {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw?.startsWith("/") || raw.startsWith("//")) return DEFAULT_CALLBACK_URL;
  // Browsers read a backslash as a slash and drop tabs and newlines, so either could turn a path into
  // "//evil.example": a path with any of them is refused.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point of the check
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return DEFAULT_CALLBACK_URL;
  // The sign-in pages themselves would bounce back to /dashboard anyway.
  if (/^\/sign-(in|up)(\/|\?|#|$)/.test(raw)) return DEFAULT_CALLBACK_URL;
  return raw;
}
