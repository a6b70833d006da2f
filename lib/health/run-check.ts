import "server-only";
import type { TReadinessCheck } from "./readiness-schema";
import { CheckTimeoutError, withTimeout } from "./with-timeout";

/** A check's failure with a reason safe to show (the readiness body is public). */
export class CheckFailedError extends Error {}

/**
 * Runs one check within `timeoutMs` and times it. A CheckFailedError's message and a timeout are
 * shown as `detail`; any other error is logged and shown only as `publicDetail`, since its message
 * may hold hosts, paths or credentials. A check may resolve with a note (`detail`) and still pass.
 */
export async function runCheck(
  name: string,
  timeoutMs: number,
  publicDetail: string,
  check: () => Promise<{ detail?: string } | undefined>,
): Promise<TReadinessCheck> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  try {
    const note = await withTimeout(check(), timeoutMs);
    return { status: "ok", latency_ms: latency(), ...(note?.detail ? { detail: note.detail } : {}) };
  } catch (error) {
    let detail = publicDetail;
    if (error instanceof CheckTimeoutError || error instanceof CheckFailedError) detail = error.message;
    else console.error(`[deckforge] readiness: ${name} check failed:`, error);
    return { status: "error", latency_ms: latency(), detail };
  }
}
