import "server-only";
import type { TPresentationResult } from "@/lib/api/schemas/common";
import { refundOrRetry } from "@/lib/credits/refund-credits";
import type { Db } from "@/lib/db";
import { failureProblem } from "./failure-problem";
import type { TGenerationJob } from "./generation-context";
import { notifyGeneration } from "./notify-generation";
import { reserveGeneration } from "./reserve-generation";
import { runGeneration } from "./run-generation";

/**
 * A synchronous generation (the request waits for the file): reserve credits, generate, settle;
 * on failure refund the reservation, fire the failed webhook when asked, and rethrow for the
 * route wrapper to answer. A reservation refused (402) is not a failed generation: no webhook.
 */
export async function generateNow(
  db: Db,
  userId: string,
  job: TGenerationJob,
  request: { origin: string; requestId: string },
): Promise<TPresentationResult> {
  const charge = await reserveGeneration(db, userId, job);
  let result: TPresentationResult;
  try {
    result = await runGeneration(db, userId, job, { origin: request.origin, charge });
  } catch (error) {
    await refundOrRetry(db, charge.entryId);
    // The route wrapper logs an unexpected error with the request id; not twice.
    const body = failureProblem(error, { requestId: request.requestId }, { log: false });
    await notifyGeneration(db, userId, job, { error: body });
    throw error;
  }
  await notifyGeneration(db, userId, job, { result });
  return result;
}
