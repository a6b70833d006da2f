// The entry of the document-reading worker threads (bundled by build-worker-script.ts). It reads
// one uploaded file from disk and parses it — a document for generation, or a company's .pptx/.potx
// as a brand template; nothing here touches the database or the network.
import fs from "node:fs/promises";
import type { TBrandTemplateErrorReason } from "../../brand/brand-template-error";
import { BrandTemplateError } from "../../brand/brand-template-error";
import type { TBrandTemplate } from "../../brand/brand-template-schema";
import { readBrandTemplate } from "../../brand/read-brand-template";
import { FileReadError } from "../file-read-error";
import type { TParsedFile } from "../file-types";
import { parseFile } from "../parse-file";
import type { TUploadLimits } from "../upload-limits";

/** A document to read for generation. */
export type TParseTask = {
  kind?: "document";
  path: string;
  name: string;
  clientType: string;
  limits: TUploadLimits;
};

/** A .pptx/.potx to read as a brand template (readBrandTemplate). */
export type TBrandTask = { kind: "brand-template"; path: string; limits: TUploadLimits };

/** A file the parser refused is an answer, not a crash: its class would not survive the thread boundary. */
export type TParseResult = { ok: true; parsed: TParsedFile } | { ok: false; message: string };

/** The brand reader's answer; a refusal keeps the BrandTemplateError's reason. */
export type TBrandResult =
  | { ok: true; brand: TBrandTemplate }
  | { ok: false; message: string; reason: TBrandTemplateErrorReason };

export type TWorkerTask = TParseTask | TBrandTask;
export type TWorkerResult = TParseResult | TBrandResult;

export default async function parseFileTask(task: TWorkerTask): Promise<TWorkerResult> {
  const bytes = await fs.readFile(task.path);
  if (task.kind === "brand-template") {
    try {
      return { ok: true, brand: await readBrandTemplate(bytes, task.limits) };
    } catch (error) {
      if (error instanceof BrandTemplateError)
        return { ok: false, message: error.message, reason: error.reason };
      throw error;
    }
  }
  try {
    return { ok: true, parsed: await parseFile(bytes, task.name, task.clientType, task.limits) };
  } catch (error) {
    if (error instanceof FileReadError) return { ok: false, message: error.message };
    throw error;
  }
}
