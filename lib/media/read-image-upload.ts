import "server-only";
import { ApiError, type TFieldError } from "@/lib/api/errors";
import { readLimitedForm } from "@/lib/api/read-limited-form";
import { formatBytes } from "@/lib/files/upload-limits";

/** Multipart overhead allowed on top of the picture (boundary, part headers). */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * Reads the one `file` part of a picture upload (multipart/form-data): 415 for another media
 * type, 413 when the body passes `maxBytes` plus the form's overhead (counted while it streams in,
 * before it is buffered) or the file passes `maxBytes`, 422 for no file, several files, a text
 * field or an unknown field. Answers the file's bytes; their type is judged by the caller.
 */
export async function readImageUpload(req: Request, maxBytes: number): Promise<Uint8Array> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\b/i.test(type.trim())) {
    throw new ApiError(
      "unsupported_media_type",
      "Send the picture as multipart/form-data with one 'file' part.",
    );
  }
  const maxBody = maxBytes + FORM_OVERHEAD_BYTES;
  const tooLarge = () =>
    new ApiError("payload_too_large", `The picture is larger than ${formatBytes(maxBytes)}, the limit.`);
  const form = await readLimitedForm(req, type, maxBody, tooLarge);

  const errors: TFieldError[] = [];
  const files: File[] = [];
  for (const [field, value] of form.entries()) {
    if (field !== "file")
      errors.push({ path: field, message: `Unknown field '${field}'; send the picture as 'file'.` });
    else if (typeof value === "string")
      errors.push({ path: "file", message: "Must be a file part (with a filename), not a text field." });
    else files.push(value);
  }
  if (errors.length === 0 && files.length === 0)
    errors.push({ path: "file", message: "Send the picture as a 'file' part." });
  if (errors.length === 0 && files.length > 1)
    errors.push({ path: "file", message: `Send one picture per request; ${files.length} were sent.` });
  if (errors.length > 0) {
    const first = `${errors[0].path}: ${errors[0].message}`;
    throw new ApiError(
      "invalid_field",
      errors.length > 1 ? `${first} (and ${errors.length - 1} more)` : first,
      { errors },
    );
  }
  if (files[0].size > maxBytes) throw tooLarge();
  return new Uint8Array(await files[0].arrayBuffer());
}
