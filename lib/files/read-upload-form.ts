import "server-only";
import { ApiError } from "@/lib/api/errors";
import { readLimitedForm } from "@/lib/api/read-limited-form";
import { formatCount } from "./cap-text";
import { formatBytes, type TUploadLimits } from "./upload-limits";

/** Multipart overhead allowed on top of the files themselves (boundaries, part headers). */
const FORM_OVERHEAD_BYTES = 1024 * 1024;
/** Field names read as files: `files` as documented; `file` and `files[]` as clients often send. */
const FILE_FIELDS = new Set(["files", "files[]", "file"]);

/**
 * Reads the multipart/form-data body of an upload: 415 for another media type, 413 when the body
 * passes what the file limits allow (checked while streaming, before it is buffered) or a file
 * passes MAX_UPLOAD_BYTES, 422 for no files, too many files, or fields that are not files.
 */
export async function readUploadForm(req: Request, limits: TUploadLimits): Promise<File[]> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\b/i.test(type.trim())) {
    throw new ApiError(
      "unsupported_media_type",
      "Send the documents as multipart/form-data with one or more 'files' parts.",
    );
  }
  const maxBody = limits.maxFiles * limits.maxFileBytes + FORM_OVERHEAD_BYTES;
  const tooLarge = () =>
    new ApiError(
      "payload_too_large",
      `The request body exceeds ${formatBytes(maxBody)} (${limits.maxFiles} files of at most ${formatBytes(limits.maxFileBytes)}).`,
    );
  const form = await readLimitedForm(req, type, maxBody, tooLarge);

  const files: File[] = [];
  const errors: { path: string; message: string }[] = [];
  let index = 0;
  for (const [field, value] of form.entries()) {
    if (!FILE_FIELDS.has(field)) {
      errors.push({ path: field, message: `Unknown field '${field}'; send documents as 'files' parts.` });
      continue;
    }
    if (typeof value === "string") {
      errors.push({
        path: `files.${index}`,
        message: "Must be a file part (with a filename), not a text field.",
      });
    } else {
      files.push(value);
    }
    index++;
  }
  if (errors.length) throw fieldErrors(errors);
  if (files.length === 0) {
    throw fieldErrors([{ path: "files", message: "Send at least one document as a 'files' part." }]);
  }
  if (files.length > limits.maxFiles) {
    throw fieldErrors([
      { path: "files", message: `At most ${limits.maxFiles} files per request; ${files.length} were sent.` },
    ]);
  }
  const large = files.flatMap((file, i) =>
    file.size > limits.maxFileBytes
      ? [
          {
            path: `files.${i}`,
            message: `'${file.name}' is larger than ${formatBytes(limits.maxFileBytes)} (${formatCount(file.size)} bytes), the limit per file.`,
          },
        ]
      : [],
  );
  if (large.length) {
    throw new ApiError("payload_too_large", withMore(large), { errors: large });
  }
  return files;
}

function fieldErrors(errors: { path: string; message: string }[]): ApiError {
  return new ApiError("invalid_field", withMore(errors), { errors });
}

function withMore(errors: { path: string; message: string }[]): string {
  const first = `${errors[0].path}: ${errors[0].message}`;
  return errors.length > 1 ? `${first} (and ${errors.length - 1} more)` : first;
}
