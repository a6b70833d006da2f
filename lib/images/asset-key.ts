import crypto from "node:crypto";
import type { TNormalizedImage } from "./normalize-image";

/** The storage key of a stored picture: "assets/<sha256 of its bytes>.<jpg|png>" (ASSET_KEY_PATTERN). */
export function assetKeyFor(image: Pick<TNormalizedImage, "bytes" | "extension">): string {
  return `assets/${crypto.createHash("sha256").update(image.bytes).digest("hex")}.${image.extension}`;
}
