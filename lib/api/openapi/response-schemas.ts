/**
 * Schemas of answers whose handlers build them inline rather than through a lib/api/schemas object.
 * The unit test (tests/unit/openapi.test.ts) parses the real handlers' answers with these, so they
 * cannot drift from what is sent.
 */
import { z } from "zod";
import { ZExportAs, ZPresentationResult } from "@/lib/api/schemas/common";
import { ZDeck } from "@/lib/deck/schema";
import { DEFAULT_UPLOAD_LIMITS, formatBytes } from "@/lib/files/upload-limits";
import { ZReadinessResponse as ZReadiness } from "@/lib/health/readiness-schema";

/** POST /api/v3/presentation/outlines/generate answers a bare array of markdown strings. */
export const ZOutlinesResponse = z
  .array(z.string().describe("`## Title` then one `- bullet` line per point."))
  .describe(
    "`n_slides` slide outlines (fewer when the offline generator runs out of text), in order; pass each as a slide's `content` to v3 generate.",
  );

/** GET /api/v1/ppt/presentation/{id}: the stored Deck and a fresh signed link per export. */
export const ZPresentationDetail = z.object({
  presentation_id: z.uuid(),
  title: z.string(),
  version: z
    .number()
    .int()
    .min(1)
    .describe("Raised by every saved edit; the editor's conflict check uses it."),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  slide_count: z
    .number()
    .int()
    .min(0)
    .describe("Slides in the Deck document (exports may continue long slides)."),
  edit_path: ZPresentationResult.shape.edit_path,
  exports: z
    .array(
      z.object({
        format: ZExportAs,
        slide_count: z.number().int().min(0).describe("Slides in the exported file."),
        created_at: z.iso.datetime(),
        path: z
          .url()
          .describe("Signed download URL, fresh for this answer; it expires like generation links."),
      }),
    )
    .describe("Every file exported from the deck, oldest first."),
  deck: ZDeck.describe("The Deck document: the source the PPTX, the PDF and the editor are drawn from."),
});

/** GET /api/health (liveness). */
export const ZHealthResponse = z.object({
  status: z.literal("ok"),
  database: z.literal("ok").describe("The database answered a query."),
});

/** GET /api/health/ready: the handler answers this very object (lib/health/readiness-schema.ts). */
export const ZReadinessResponse = ZReadiness;

/**
 * The multipart form of POST /api/v1/ppt/files/upload, as lib/files/read-upload-form.ts reads it
 * (the handler reads parts imperatively, streaming, so there is no zod object to share).
 */
export const ZUploadForm = z.object({
  files: z
    .array(z.file())
    .min(1)
    .max(DEFAULT_UPLOAD_LIMITS.maxFiles)
    .describe(
      `One part per document, each with a filename: PDF, DOCX, PPTX, TXT, MD or CSV, at most ${formatBytes(DEFAULT_UPLOAD_LIMITS.maxFileBytes)} each (MAX_UPLOAD_BYTES) and ${DEFAULT_UPLOAD_LIMITS.maxFiles} per request (MAX_UPLOAD_FILES). The type is detected from the bytes. \`file\` and \`files[]\` are accepted as field names too; any other field is a 422.`,
    ),
});
