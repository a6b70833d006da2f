import { z } from "zod";
import { FILE_TYPES } from "./file-types";

/** One uploaded file as the upload endpoint answers it; `id` goes into generate's `files`. */
export const ZUploadedFileRef = z.object({
  id: z.uuid().describe("Pass it in `files` of POST /api/v1/ppt/presentation/generate."),
  name: z.string(),
  type: z.enum(FILE_TYPES).describe("Detected from the file's bytes, not the client's content type."),
  size: z.number().int().min(0).describe("Bytes uploaded."),
  pages: z.number().int().min(0).optional().describe("PDF pages or PPTX slides."),
  characters: z.number().int().min(0).describe("Characters of text extracted (after limits)."),
  images: z.number().int().min(0).describe("Pictures kept from a DOCX or PPTX, for picture slides."),
  warnings: z.array(z.string()).optional().describe("What was cut or skipped while reading the file."),
});
export type TUploadedFileRef = z.infer<typeof ZUploadedFileRef>;

/** POST /api/v1/ppt/files/upload answers 201 with the files in the order they were sent. */
export const ZUploadResponse = z.array(ZUploadedFileRef);

/** A stored picture taken from an uploaded document (UploadedFile.images holds a JSON array of these). */
export const ZStoredImage = z.object({
  key: z.string(),
  mime: z.enum(["image/png", "image/jpeg"]),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  alt: z.string(),
});
export type TStoredImage = z.infer<typeof ZStoredImage>;
