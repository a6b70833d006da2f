import os from "node:os";
import { z } from "zod";

const MB = 1024 * 1024;

/** Limits on uploaded documents. The env-backed ones are documented in the README's table. */
export type TUploadLimits = {
  /** Files per upload request (MAX_UPLOAD_FILES). */
  maxFiles: number;
  /** Bytes per file (MAX_UPLOAD_BYTES); more is a 413. */
  maxFileBytes: number;
  /** Pages per PDF (MAX_PDF_PAGES); more is a 422. */
  maxPdfPages: number;
  /** Declared uncompressed size of a DOCX/PPTX package (MAX_INFLATED_BYTES), checked before inflating. */
  maxInflatedBytes: number;
  /** Pictures kept per DOCX/PPTX (MAX_UPLOAD_IMAGES); 0 keeps none. */
  maxImages: number;
  /** Characters of text kept per file, and in all files of one generation (MAX_CONTENT_CHARS). */
  maxChars: number;
  /** Entries in a ZIP package; more looks like an attack, not a document. */
  maxZipEntries: number;
  /** Declared uncompressed/compressed ratio allowed for a package that inflates past 10 MB. */
  maxZipRatio: number;
  /** One XML part (a DOCX body, a slide) larger than this is refused rather than parsed. */
  maxXmlPartBytes: number;
  /** A picture larger than this inside a document is skipped. */
  maxImageBytes: number;
  /** Reading one PDF stops (keeping what was read, with a warning) after this long. */
  pdfDeadlineMs: number;
  /**
   * Reading one file in its worker thread may take this long (PARSE_TIMEOUT_MS); then the thread
   * is ended and the file refused. The worker does nothing else, so this is its CPU time too.
   */
  parseTimeoutMs: number;
  /** Heap one reading thread may use (PARSE_MEMORY_MB); past it the thread dies and the file is refused. */
  parseMemoryMb: number;
  /** Files read at once, each on its own thread (PARSE_WORKERS). */
  parseWorkers: number;
  /** Files waiting for a reading thread (PARSE_QUEUE); one more is a 503 with Retry-After. */
  parseQueue: number;
  /**
   * Upload bytes held by the whole server at once, from the first byte received until the file is
   * read and stored (UPLOAD_BYTES_IN_FLIGHT); a request that would pass it is a 503 with Retry-After.
   */
  maxBytesInFlight: number;
};

export const DEFAULT_UPLOAD_LIMITS: TUploadLimits = {
  maxFiles: 10,
  maxFileBytes: 25 * MB,
  maxPdfPages: 500,
  maxInflatedBytes: 200 * MB,
  maxImages: 4,
  maxChars: 200_000,
  maxZipEntries: 10_000,
  maxZipRatio: 100,
  maxXmlPartBytes: 32 * MB,
  maxImageBytes: 10 * MB,
  pdfDeadlineMs: 20_000,
  parseTimeoutMs: 30_000,
  parseMemoryMb: 512,
  parseWorkers: Math.max(1, Math.min(2, os.availableParallelism())),
  parseQueue: 20,
  maxBytesInFlight: 256 * MB,
};

export const ZUploadEnv = z.object({
  MAX_UPLOAD_FILES: z.coerce.number().int().min(1).max(100).default(DEFAULT_UPLOAD_LIMITS.maxFiles),
  MAX_UPLOAD_BYTES: z.coerce.number().int().min(1024).default(DEFAULT_UPLOAD_LIMITS.maxFileBytes),
  MAX_PDF_PAGES: z.coerce.number().int().min(1).default(DEFAULT_UPLOAD_LIMITS.maxPdfPages),
  MAX_INFLATED_BYTES: z.coerce.number().int().min(MB).default(DEFAULT_UPLOAD_LIMITS.maxInflatedBytes),
  MAX_UPLOAD_IMAGES: z.coerce.number().int().min(0).max(20).default(DEFAULT_UPLOAD_LIMITS.maxImages),
  MAX_CONTENT_CHARS: z.coerce.number().int().min(1000).default(DEFAULT_UPLOAD_LIMITS.maxChars),
  PARSE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(600_000)
    .default(DEFAULT_UPLOAD_LIMITS.parseTimeoutMs),
  PARSE_MEMORY_MB: z.coerce.number().int().min(64).max(16_384).default(DEFAULT_UPLOAD_LIMITS.parseMemoryMb),
  PARSE_WORKERS: z.coerce.number().int().min(1).max(64).default(DEFAULT_UPLOAD_LIMITS.parseWorkers),
  PARSE_QUEUE: z.coerce.number().int().min(0).max(10_000).default(DEFAULT_UPLOAD_LIMITS.parseQueue),
  UPLOAD_BYTES_IN_FLIGHT: z.coerce.number().int().min(MB).default(DEFAULT_UPLOAD_LIMITS.maxBytesInFlight),
});

/**
 * The upload limits from the environment (defaults above). An invalid value is the operator's
 * mistake, so it fails as a server error naming the variable, not as a client's 422.
 */
export function getUploadLimits(env: Record<string, string | undefined> = process.env): TUploadLimits {
  const result = ZUploadEnv.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`Invalid environment variable ${issue.path.join(".")}: ${issue.message}`);
  }
  const parsed = result.data;
  return {
    ...DEFAULT_UPLOAD_LIMITS,
    maxFiles: parsed.MAX_UPLOAD_FILES,
    maxFileBytes: parsed.MAX_UPLOAD_BYTES,
    maxPdfPages: parsed.MAX_PDF_PAGES,
    maxInflatedBytes: parsed.MAX_INFLATED_BYTES,
    maxImages: parsed.MAX_UPLOAD_IMAGES,
    maxChars: parsed.MAX_CONTENT_CHARS,
    parseTimeoutMs: parsed.PARSE_TIMEOUT_MS,
    // A PDF stops being read (keeping what it has) well before its thread would be ended.
    pdfDeadlineMs: Math.round((parsed.PARSE_TIMEOUT_MS * 2) / 3),
    parseMemoryMb: parsed.PARSE_MEMORY_MB,
    parseWorkers: parsed.PARSE_WORKERS,
    parseQueue: parsed.PARSE_QUEUE,
    maxBytesInFlight: parsed.UPLOAD_BYTES_IN_FLIGHT,
  };
}

/** "25 MB" for messages. */
export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}
