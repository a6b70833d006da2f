// The entry of the document-reading worker threads (bundled by build-worker-script.ts). It reads
// one uploaded file from disk and parses it; nothing here touches the database or the network.
import fs from "node:fs/promises";
import { FileReadError } from "../file-read-error";
import type { TParsedFile } from "../file-types";
import { parseFile } from "../parse-file";
import type { TUploadLimits } from "../upload-limits";

export type TParseTask = { path: string; name: string; clientType: string; limits: TUploadLimits };

/** A file the parser refused is an answer, not a crash: its class would not survive the thread boundary. */
export type TParseResult = { ok: true; parsed: TParsedFile } | { ok: false; message: string };

export default async function parseFileTask(task: TParseTask): Promise<TParseResult> {
  const bytes = await fs.readFile(task.path);
  try {
    return { ok: true, parsed: await parseFile(bytes, task.name, task.clientType, task.limits) };
  } catch (error) {
    if (error instanceof FileReadError) return { ok: false, message: error.message };
    throw error;
  }
}
