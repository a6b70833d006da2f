import "server-only";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db";
import { getStorage } from "@/lib/storage";
import { FileReadError } from "./file-read-error";
import type { TFileType, TParsedFile } from "./file-types";
import { parseInWorker } from "./parse-pool/parse-in-worker";
import type { TUploadPart } from "./read-upload-form";
import type { TUploadLimits } from "./upload-limits";
import type { TStoredImage, TUploadedFileRef } from "./upload-schema";

const EXTENSIONS: Record<TFileType, string> = {
  pdf: "pdf",
  docx: "docx",
  pptx: "pptx",
  txt: "txt",
  md: "md",
  csv: "csv",
};

type TReadFile = { id: string; name: string; size: number; parsed: TParsedFile };

/**
 * Reads every uploaded file, then stores them all: the original bytes and kept pictures under
 * uploads/<userId>/<id>/, the text in an UploadedFile row. One unreadable file refuses the whole
 * request (422 at `files.N`, naming the file) and nothing is stored. Each file is read on a worker
 * thread (parseInWorker), one at a time per request; `signal` ends the reading when the client
 * goes away.
 */
export async function uploadFiles(
  db: Db,
  userId: string,
  files: TUploadPart[],
  limits: TUploadLimits,
  signal?: AbortSignal,
): Promise<TUploadedFileRef[]> {
  const read: TReadFile[] = [];
  for (const [i, file] of files.entries()) {
    const name = cleanName(file.name, i);
    try {
      read.push({
        id: crypto.randomUUID(),
        name,
        size: file.size,
        parsed: await parseInWorker({ path: file.path, name, clientType: file.type, limits }, limits, signal),
      });
    } catch (error) {
      if (!(error instanceof FileReadError)) throw error;
      const message = `'${name}' ${error.message}`;
      throw new ApiError("invalid_field", message, { errors: [{ path: `files.${i}`, message }] });
    }
  }

  const storage = getStorage();
  const rows = [];
  for (const [i, file] of read.entries()) {
    const folder = `uploads/${userId}/${file.id}`;
    const storageKey = `${folder}/original.${EXTENSIONS[file.parsed.type]}`;
    await storage.put(storageKey, await fs.readFile(files[i].path));
    const images: TStoredImage[] = [];
    for (const [n, image] of file.parsed.images.entries()) {
      const key = `${folder}/image-${n + 1}.${image.mime === "image/png" ? "png" : "jpg"}`;
      await storage.put(key, image.bytes);
      images.push({ key, mime: image.mime, width: image.width, height: image.height, alt: image.alt });
    }
    rows.push({
      id: file.id,
      userId,
      name: file.name,
      type: file.parsed.type,
      size: file.size,
      pages: file.parsed.pages ?? null,
      characters: file.parsed.text.length,
      storageKey,
      text: file.parsed.text,
      images: JSON.stringify(images),
      warnings: JSON.stringify(file.parsed.warnings),
    });
  }
  await db.uploadedFile.createMany({ data: rows });
  return read.map((file) => ({
    id: file.id,
    name: file.name,
    type: file.parsed.type,
    size: file.size,
    ...(file.parsed.pages !== undefined ? { pages: file.parsed.pages } : {}),
    characters: file.parsed.text.length,
    images: file.parsed.images.length,
    ...(file.parsed.warnings.length ? { warnings: file.parsed.warnings } : {}),
  }));
}

/** The file's own name without any folder a browser sent, control characters or excess length. */
export function cleanName(raw: string, index: number): string {
  const base = raw.split(/[\\/]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  // Nothing left, or only dots ("..", "..."): no name worth keeping.
  if (!clean || /^\.+$/.test(clean)) return `file-${index + 1}`;
  if (clean.length <= 200) return clean;
  const ext = /\.[a-z0-9]{1,8}$/i.exec(clean)?.[0] ?? "";
  return clean.slice(0, 200 - ext.length) + ext;
}
