import "server-only";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import { ApiError, type TErrorCode } from "@/lib/api/errors";
import type { TBrandTemplateView } from "@/lib/api/schemas/brand-templates";
import { BrandTemplateError, type TBrandTemplateErrorReason } from "@/lib/brand/brand-template-error";
import type { TBrandTemplate } from "@/lib/brand/brand-template-schema";
import type { Db } from "@/lib/db";
import { readBrandTemplateInWorker } from "@/lib/files/parse-pool/parse-in-worker";
import type { TUploadPart } from "@/lib/files/read-upload-form";
import { cleanName } from "@/lib/files/upload-files";
import type { TUploadLimits } from "@/lib/files/upload-limits";
import { looksLikeZip } from "@/lib/files/zip/read-zip-directory";
import { getStorage } from "@/lib/storage";
import { BRAND_TEMPLATE_SELECT, brandTemplateView } from "./brand-template-view";

/** The answer to a refused brand file: not a presentation 415, too large 413, the rest 422. */
const STATUS_OF: Record<TBrandTemplateErrorReason, TErrorCode> = {
  not_presentation: "unsupported_media_type",
  too_large: "payload_too_large",
  damaged: "invalid_field",
  encrypted: "invalid_field",
};

const MAX_NAME = 200;

/**
 * Reads an uploaded .pptx/.potx as a brand template of the account — on a thread of the parse pool
 * (readBrandTemplateInWorker), so a hostile file cannot hold the server — then stores the original
 * file under brand-templates/<userId>/<id>/ and the reading in a BrandTemplate row. `name` defaults
 * to the file's name without its extension. A file that is not a presentation is a 415, one that
 * declares more than the upload limits a 413, a damaged or password-protected one a 422 (at `file`);
 * nothing is stored then.
 */
export async function createBrandTemplate(
  db: Db,
  userId: string,
  file: TUploadPart,
  name: string | undefined,
  limits: TUploadLimits,
  signal?: AbortSignal,
): Promise<TBrandTemplateView> {
  const fileName = cleanName(file.name, 0);
  const templateName = templateNameOf(name, fileName);
  let brand: TBrandTemplate;
  try {
    const start = await head(file.path);
    if (!looksLikeZip(start) && !isOleFile(start))
      throw new BrandTemplateError("not_presentation", "is not a PowerPoint file (.pptx or .potx).");
    brand = await readBrandTemplateInWorker(file.path, limits, signal);
  } catch (error) {
    if (!(error instanceof BrandTemplateError)) throw error;
    const message = `'${fileName}' ${error.message}`;
    throw new ApiError(STATUS_OF[error.reason], message, { errors: [{ path: "file", message }] });
  }

  const id = crypto.randomUUID();
  const storageKey = `brand-templates/${userId}/${id}/original.${brand.format}`;
  await getStorage().put(storageKey, await fs.readFile(file.path));
  const row = await db.brandTemplate.create({
    data: {
      id,
      userId,
      name: templateName,
      format: brand.format,
      aspect: brand.slideSize.aspect,
      brand: JSON.stringify(brand),
      storageKey,
      size: file.size,
    },
    select: BRAND_TEMPLATE_SELECT,
  });
  return brandTemplateView(row, brand);
}

/** The template's name: the one sent (trimmed), else the file's name without its extension. */
function templateNameOf(sent: string | undefined, fileName: string): string {
  if (sent !== undefined) {
    const name = sent.trim();
    if (!name || name.length > MAX_NAME) {
      const message = `A template's name has 1–${MAX_NAME} characters.`;
      throw new ApiError("invalid_field", `name: ${message}`, { errors: [{ path: "name", message }] });
    }
    return name;
  }
  return fileName.replace(/\.[a-z0-9]{1,8}$/i, "") || fileName;
}

async function head(path: string): Promise<Buffer> {
  const handle = await fs.open(path, "r");
  try {
    const buffer = Buffer.alloc(8);
    const { bytesRead } = await handle.read(buffer, 0, 8, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** An OLE compound file: an old .ppt, or a password-protected .pptx (the reader names both). */
function isOleFile(bytes: Buffer): boolean {
  return bytes.length >= 8 && bytes.readUInt32BE(0) === 0xd0cf11e0;
}
