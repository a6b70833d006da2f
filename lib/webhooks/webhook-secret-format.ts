/** The Standard Webhooks prefix of a signing secret; the rest is the key in base64. */
export const WEBHOOK_SECRET_PREFIX = "whsec_";
/** Key sizes Standard Webhooks recommends for HMAC-SHA256 signing secrets. */
export const WEBHOOK_SECRET_MIN_BYTES = 24;
export const WEBHOOK_SECRET_MAX_BYTES = 64;
/** Characters of the base64 key kept visible in listings, after the prefix. */
const HINT_LENGTH = 4;

/**
 * Why a given secret is not a usable Standard Webhooks secret, or null when it is: the prefix,
 * then canonical padded base64 in the standard alphabet (what the standardwebhooks libraries
 * decode) holding 24–64 bytes. Client-safe: no Node APIs.
 */
export function webhookSecretProblem(secret: string): string | null {
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) {
    return `A webhook secret starts with '${WEBHOOK_SECRET_PREFIX}' followed by the key in base64.`;
  }
  const encoded = secret.slice(WEBHOOK_SECRET_PREFIX.length);
  let decoded: string | null = null;
  if (/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) && encoded.length % 4 === 0) {
    try {
      decoded = atob(encoded);
    } catch {
      decoded = null;
    }
  }
  // Re-encoding catches non-zero padding bits, which some decoders accept and others refuse.
  if (decoded === null || btoa(decoded) !== encoded) {
    return `The part after '${WEBHOOK_SECRET_PREFIX}' is not valid padded base64.`;
  }
  if (decoded.length < WEBHOOK_SECRET_MIN_BYTES || decoded.length > WEBHOOK_SECRET_MAX_BYTES) {
    return `The key must be ${WEBHOOK_SECRET_MIN_BYTES}–${WEBHOOK_SECRET_MAX_BYTES} bytes long (it is ${decoded.length}).`;
  }
  return null;
}

/** The display fragment of a secret ("whsec_AbC1…"): enough to tell secrets apart, useless to sign with. */
export function webhookSecretHint(secret: string): string {
  return `${secret.slice(0, WEBHOOK_SECRET_PREFIX.length + HINT_LENGTH)}…`;
}
