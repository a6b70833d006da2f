/**
 * The Content-Security-Policy of every page. Scripts run only with this response's nonce (Next puts
 * it on its own scripts, read from the request's CSP header) or when loaded by a script that has it
 * ('strict-dynamic'): no 'unsafe-inline' and, in production, no 'unsafe-eval' for scripts. Styles
 * allow inline: the slide canvas positions every box with a style attribute, and a nonce would make
 * browsers ignore 'unsafe-inline'. Pictures are this server's (assets, uploads) or data:/blob: URLs
 * (offline illustrations, icon previews); nothing may frame the app.
 */
export function contentSecurityPolicy(nonce: string, options: { dev: boolean; https: boolean }): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(options.https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

/** A fresh nonce per request: 128 random bits, base64. */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}
