import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { ApiError, type TFieldError } from "@/lib/api/errors";
import { getConfig } from "@/lib/config";
import { ByteBudget } from "./byte-budget";
import { formatCount } from "./cap-text";
import { serverBusy } from "./server-busy";
import { formatBytes, type TUploadLimits } from "./upload-limits";

/** Multipart overhead allowed on top of the files themselves (boundaries, part headers). */
const FORM_OVERHEAD_BYTES = 1024 * 1024;
/** Field names read as files: `files` as documented; `file` and `files[]` as clients often send. */
const FILE_FIELDS = new Set(["files", "files[]", "file"]);

/** One uploaded file, streamed to a temporary file on disk. */
export type TUploadPart = { name: string; type: string; size: number; path: string };

/**
 * The files of one upload and the text fields the route takes (`fields`); `release` deletes the
 * files and gives their bytes back to the server's budget.
 */
export type TUploadForm = { files: TUploadPart[]; fields: Record<string, string>; release(): Promise<void> };

/** What a route takes besides files: the names of the text fields it reads (others are refused). */
export type TUploadFormOptions = { textFields?: readonly string[] };

const holder = globalThis as typeof globalThis & { __deckforgeUploadBudget?: ByteBudget };

/** The process's count of upload bytes held (UPLOAD_BYTES_IN_FLIGHT). */
function uploadBudget(limit: number): ByteBudget {
  if (holder.__deckforgeUploadBudget?.limit !== limit) holder.__deckforgeUploadBudget = new ByteBudget(limit);
  return holder.__deckforgeUploadBudget;
}

/**
 * Reads the multipart/form-data body of an upload with busboy, streaming each file to a temporary
 * file as it arrives, so no file is ever held whole in memory. Every byte received counts against
 * the server-wide UPLOAD_BYTES_IN_FLIGHT until `release` (503 with Retry-After past it). 415 for
 * another media type, 413 when the body passes what the file limits allow or a file passes
 * MAX_UPLOAD_BYTES, 422 for no files, too many files, or fields that are not files, 400 for a
 * broken body. On any refusal the temporary files are already gone.
 */
export async function readUploadForm(
  req: Request,
  limits: TUploadLimits,
  options: TUploadFormOptions = {},
): Promise<TUploadForm> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\b/i.test(type.trim())) {
    throw new ApiError(
      "unsupported_media_type",
      "Send the documents as multipart/form-data with one or more 'files' parts.",
    );
  }
  // A body the server could never hold at once is too large, not a reason to try again later.
  const maxBody = Math.min(
    limits.maxFiles * limits.maxFileBytes + FORM_OVERHEAD_BYTES,
    limits.maxBytesInFlight,
  );
  const tooLarge = () =>
    new ApiError(
      "payload_too_large",
      maxBody === limits.maxBytesInFlight
        ? `The request body exceeds ${formatBytes(maxBody)}, the upload bytes this server holds at once (UPLOAD_BYTES_IN_FLIGHT).`
        : `The request body exceeds ${formatBytes(maxBody)} (${limits.maxFiles} files of at most ${formatBytes(limits.maxFileBytes)}).`,
    );
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBody) throw tooLarge();

  const budget = uploadBudget(limits.maxBytesInFlight);
  const busy = () =>
    serverBusy(
      `The server is receiving as many upload bytes as it holds at once (${formatBytes(budget.limit)})`,
    );
  // A declared length is taken whole before reading, so a flood is refused before its bytes arrive.
  let taken = Number.isFinite(declared) && declared > 0 ? declared : 0;
  if (taken && !budget.tryTake(taken)) throw busy();

  const folder = path.join(getConfig().dataDir, "tmp", "uploads", crypto.randomUUID());
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    budget.give(taken);
    await fs.promises.rm(folder, { recursive: true, force: true });
  };
  try {
    await fs.promises.mkdir(folder, { recursive: true });
    let seen = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        seen += chunk.length;
        if (seen > maxBody) return done(tooLarge());
        // Without a declared length, bytes are taken as they arrive.
        if (seen > taken) {
          if (!budget.tryTake(seen - taken)) return done(busy());
          taken = seen;
        }
        done(null, chunk);
      },
    });
    const fields: Record<string, string> = {};
    const files = await readParts(req, type, counted, folder, limits, options.textFields ?? [], fields);
    return { files, fields, release };
  } catch (error) {
    await release();
    throw error;
  }
}

/**
 * Reads the upload's files (and the text fields `options` names), hands them to `use`, and deletes
 * them (and gives their bytes back) after.
 */
export async function withUploadForm<T>(
  req: Request,
  limits: TUploadLimits,
  use: (files: TUploadPart[], fields: Record<string, string>) => Promise<T>,
  options: TUploadFormOptions = {},
): Promise<T> {
  const form = await readUploadForm(req, limits, options);
  try {
    return await use(form.files, form.fields);
  } finally {
    await form.release();
  }
}

async function readParts(
  req: Request,
  type: string,
  counted: Transform,
  folder: string,
  limits: TUploadLimits,
  textFields: readonly string[],
  fields: Record<string, string>,
): Promise<TUploadPart[]> {
  const errors: TFieldError[] = [];
  const large: TFieldError[] = [];
  const parts: { part: TUploadPart; writing: Promise<void> }[] = [];
  let index = 0;
  let sent = 0;
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: { "content-type": type }, limits: { fieldSize: 64 * 1024, fields: 1000 } });
  } catch (error) {
    throw new ApiError("bad_request", `The multipart body could not be read: ${(error as Error).message}`);
  }
  parser.on("field", (field, value, info) => {
    if (textFields.includes(field)) {
      if (info.valueTruncated)
        errors.push({ path: field, message: `'${field}' is longer than ${formatBytes(64 * 1024)}.` });
      else if (field in fields) errors.push({ path: field, message: `Send '${field}' once.` });
      else fields[field] = value;
      return;
    }
    if (!FILE_FIELDS.has(field)) {
      errors.push({ path: field, message: `Unknown field '${field}'; send documents as 'files' parts.` });
      return;
    }
    errors.push({
      path: `files.${index}`,
      message: "Must be a file part (with a filename), not a text field.",
    });
    index++;
  });
  parser.on("file", (field, stream, info) => {
    if (!FILE_FIELDS.has(field)) {
      errors.push({ path: field, message: `Unknown field '${field}'; send documents as 'files' parts.` });
      stream.resume();
      return;
    }
    const at = index++;
    sent++;
    // Past the file count, parts are only counted and drained, never written.
    if (sent > limits.maxFiles) {
      stream.resume();
      return;
    }
    const name = info.filename ?? "";
    const part: TUploadPart = {
      name,
      type: info.mimeType ?? "",
      size: 0,
      path: path.join(folder, `part-${at}`),
    };
    let over = false;
    const sizer = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        part.size += chunk.length;
        if (part.size > limits.maxFileBytes) {
          // Counted to the end for the message, written no further.
          over = true;
          return done();
        }
        done(null, chunk);
      },
      flush(done) {
        if (over) {
          large.push({
            path: `files.${at}`,
            message: `'${name}' is larger than ${formatBytes(limits.maxFileBytes)} (${formatCount(part.size)} bytes), the limit per file.`,
          });
        }
        done();
      },
    });
    const writing = pipeline(stream, sizer, fs.createWriteStream(part.path));
    // The request's own failure is reported once, below; this keeps the rejection handled meanwhile.
    writing.catch(() => {});
    parts.push({ part, writing });
  });
  try {
    const body = req.body
      ? Readable.fromWeb(req.body as import("node:stream/web").ReadableStream)
      : Readable.from([]);
    await pipeline(body, counted, parser);
    await Promise.all(parts.map((part) => part.writing));
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError("bad_request", `The multipart body could not be read: ${(error as Error).message}`);
  }
  if (large.length) throw new ApiError("payload_too_large", withMore(large), { errors: large });
  if (errors.length) throw fieldErrors(errors);
  if (sent === 0) {
    throw fieldErrors([{ path: "files", message: "Send at least one document as a 'files' part." }]);
  }
  if (sent > limits.maxFiles) {
    throw fieldErrors([
      { path: "files", message: `At most ${limits.maxFiles} files per request; ${sent} were sent.` },
    ]);
  }
  return parts.map(({ part }) => part);
}

function fieldErrors(errors: TFieldError[]): ApiError {
  return new ApiError("invalid_field", withMore(errors), { errors });
}

function withMore(errors: TFieldError[]): string {
  const first = `${errors[0].path}: ${errors[0].message}`;
  return errors.length > 1 ? `${first} (and ${errors.length - 1} more)` : first;
}
