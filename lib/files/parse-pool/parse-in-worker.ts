import "server-only";
import Piscina from "piscina";
import { ApiError } from "@/lib/api/errors";
import { BrandTemplateError } from "@/lib/brand/brand-template-error";
import type { TBrandTemplate } from "@/lib/brand/brand-template-schema";
import { FileReadError } from "../file-read-error";
import type { TParsedFile } from "../file-types";
import { serverBusy } from "../server-busy";
import type { TUploadLimits } from "../upload-limits";
import type { TBrandResult, TParseResult, TParseTask, TWorkerResult, TWorkerTask } from "./parse-file-worker";
import { workerScript } from "./worker-script";

type TPoolHolder = { pool?: Piscina<TWorkerTask, TWorkerResult>; key?: string };
const holder = globalThis as typeof globalThis & { __deckforgeParsePool?: TPoolHolder };

/**
 * Reads one uploaded file (on disk at `path`) on a worker thread of the process's pool, so no
 * document, however hostile, holds the event loop: each thread has a heap limit (PARSE_MEMORY_MB),
 * a file gets PARSE_TIMEOUT_MS before its thread is ended, and `signal` (the request's: the client
 * went away) ends it too. Refusals are FileReadErrors phrased to follow the file's name; a full
 * queue is a 503 with Retry-After.
 */
export async function parseInWorker(
  task: TParseTask,
  limits: TUploadLimits,
  signal?: AbortSignal,
): Promise<TParsedFile> {
  const result = (await runInPool(task, limits, signal)) as TParseResult;
  if (!result.ok) throw new FileReadError(result.message);
  // Buffers arrive as plain Uint8Arrays after the thread boundary.
  return {
    ...result.parsed,
    images: result.parsed.images.map((image) => ({ ...image, bytes: Buffer.from(image.bytes) })),
  };
}

/**
 * Reads an uploaded .pptx/.potx (on disk at `path`) as a brand template (readBrandTemplate) on a
 * thread of the same pool, under the same memory, time and queue limits as documents. Refusals are
 * BrandTemplateErrors with their reason; a thread that ran out of time or memory is too_large.
 */
export async function readBrandTemplateInWorker(
  path: string,
  limits: TUploadLimits,
  signal?: AbortSignal,
): Promise<TBrandTemplate> {
  let result: TBrandResult;
  try {
    result = (await runInPool({ kind: "brand-template", path, limits }, limits, signal)) as TBrandResult;
  } catch (error) {
    if (error instanceof FileReadError && !(error instanceof BrandTemplateError))
      throw new BrandTemplateError("too_large", error.message);
    throw error;
  }
  if (!result.ok) throw new BrandTemplateError(result.reason, result.message);
  return result.brand;
}

async function runInPool(task: TWorkerTask, limits: TUploadLimits, signal?: AbortSignal) {
  const pool = await getPool(limits);
  const timeout = AbortSignal.timeout(limits.parseTimeoutMs);
  try {
    return await pool.run(task, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  } catch (error) {
    throw refusal(error, limits, timeout, signal);
  }
}

function refusal(error: unknown, limits: TUploadLimits, timeout: AbortSignal, signal?: AbortSignal): Error {
  const code = (error as { code?: string })?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (signal?.aborted)
    return new ApiError("bad_request", "The client closed the request before the file was read.");
  if (timeout.aborted) {
    return new FileReadError(
      `took longer than ${limits.parseTimeoutMs / 1000} s to read (PARSE_TIMEOUT_MS) and was stopped; it is too complex to use.`,
    );
  }
  if (code === "ERR_WORKER_OUT_OF_MEMORY") {
    return new FileReadError(
      `needs more than ${limits.parseMemoryMb} MB of memory to read (PARSE_MEMORY_MB) and was stopped; it is too complex to use.`,
    );
  }
  if (/queue is at limit|no task queue available/i.test(message)) {
    return serverBusy(
      `Every document reader is busy (${limits.parseWorkers} reading, ${limits.parseQueue} waiting)`,
    );
  }
  return error instanceof Error ? error : new Error(message);
}

async function getPool(limits: TUploadLimits): Promise<Piscina<TWorkerTask, TWorkerResult>> {
  holder.__deckforgeParsePool ??= {};
  const held = holder.__deckforgeParsePool;
  const key = `${limits.parseWorkers}/${limits.parseQueue}/${limits.parseMemoryMb}`;
  if (held.pool && held.key === key) return held.pool;
  const filename = await workerScript();
  if (held.pool && held.key === key) return held.pool;
  const previous = held.pool;
  held.pool = new Piscina<TWorkerTask, TWorkerResult>({
    filename,
    minThreads: 0,
    maxThreads: limits.parseWorkers,
    maxQueue: limits.parseQueue,
    // Threads that sat idle this long end, giving their heap back.
    idleTimeout: 30_000,
    resourceLimits: {
      maxOldGenerationSizeMb: limits.parseMemoryMb,
      maxYoungGenerationSizeMb: Math.min(64, Math.ceil(limits.parseMemoryMb / 8)),
    },
  });
  held.key = key;
  previous?.close().catch(() => {});
  return held.pool;
}
