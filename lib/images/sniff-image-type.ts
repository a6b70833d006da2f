/** The picture formats accepted from outside, by their magic bytes. */
export type TSniffedImageType = "image/png" | "image/jpeg" | "image/webp" | "image/gif";

/** Media types a server may announce for a picture; anything else is refused before the body is read. */
export const ACCEPTED_IMAGE_TYPES: ReadonlySet<string> = new Set([
  "image/png",
  "image/jpeg",
  "image/jpg",
  "image/pjpeg",
  "image/webp",
  "image/gif",
]);

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);

/**
 * The format of a picture from its first bytes, or null when it is none of PNG, JPEG, WebP or GIF.
 * The announced Content-Type is not trusted: an HTML page or an SVG (which can carry script and
 * external references) named image/png is still refused here.
 */
export function sniffImageType(bytes: Uint8Array): TSniffedImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) {
    return "image/webp";
  }
  if (
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) &&
    (bytes[4] === 0x37 || bytes[4] === 0x39) &&
    bytes[5] === 0x61
  ) {
    return "image/gif";
  }
  return null;
}
