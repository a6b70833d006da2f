import { FileReadError } from "../file-read-error";
import { formatBytes, type TUploadLimits } from "../upload-limits";
import type { TZipEntry } from "./read-zip-directory";

/** Below this declared total the ratio is not judged: small packages of XML compress very well. */
const RATIO_FLOOR_BYTES = 10 * 1024 * 1024;

/**
 * Refuses a package whose declared contents would inflate past the limits (a zip bomb, or
 * simply more than any document needs), before anything is inflated. Entries are later inflated
 * with their declared size as a hard cap, so a package cannot lie its way past this check.
 */
export function checkZipLimits(entries: TZipEntry[], packageBytes: number, limits: TUploadLimits): void {
  let total = 0;
  let compressed = 0;
  for (const entry of entries) {
    total += entry.uncompressedSize;
    compressed += entry.compressedSize;
  }
  if (total > limits.maxInflatedBytes) {
    throw new FileReadError(
      `would inflate to ${formatBytes(total)}; a document may inflate to at most ${formatBytes(limits.maxInflatedBytes)}.`,
    );
  }
  const ratio = total / Math.max(1, Math.min(compressed, packageBytes));
  if (total > RATIO_FLOOR_BYTES && ratio > limits.maxZipRatio) {
    throw new FileReadError(
      `declares a compression ratio of ${Math.round(ratio)}:1 (${formatBytes(total)} from ${formatBytes(compressed)}), which no real document has; it looks like a zip bomb.`,
    );
  }
}
