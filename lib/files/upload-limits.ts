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
  pdfDeadlineMs: 120_000,
};

const ZUploadEnv = z.object({
  MAX_UPLOAD_FILES: z.coerce.number().int().min(1).max(100).default(DEFAULT_UPLOAD_LIMITS.maxFiles),
  MAX_UPLOAD_BYTES: z.coerce.number().int().min(1024).default(DEFAULT_UPLOAD_LIMITS.maxFileBytes),
  MAX_PDF_PAGES: z.coerce.number().int().min(1).default(DEFAULT_UPLOAD_LIMITS.maxPdfPages),
  MAX_INFLATED_BYTES: z.coerce.number().int().min(MB).default(DEFAULT_UPLOAD_LIMITS.maxInflatedBytes),
  MAX_UPLOAD_IMAGES: z.coerce.number().int().min(0).max(20).default(DEFAULT_UPLOAD_LIMITS.maxImages),
  MAX_CONTENT_CHARS: z.coerce.number().int().min(1000).default(DEFAULT_UPLOAD_LIMITS.maxChars),
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
  };
}

/** "25 MB" for messages. */
export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}
