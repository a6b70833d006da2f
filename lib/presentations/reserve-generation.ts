import "server-only";
import { countDocumentPages } from "@/lib/credits/count-document-pages";
import { estimateCredits } from "@/lib/credits/estimate-credits";
import { reserveCredits } from "@/lib/credits/reserve-credits";
import type { Db } from "@/lib/db";
import type { TCharge, TGenerationJob } from "./generation-context";

/**
 * Reserves a generation's upper-bound price before any work: a short balance is a 402 here, at
 * once, rather than a failure after the work is done.
 */
export async function reserveGeneration(
  db: Db,
  userId: string,
  job: TGenerationJob,
  taskId?: string,
): Promise<TCharge> {
  const amount =
    job.kind === "generate_presentation"
      ? estimateCredits(job.kind, job.request, {
          documentPages: await countDocumentPages(db, userId, job.request.files ?? []),
        })
      : estimateCredits(job.kind, job.request);
  const { entryId } = await reserveCredits(db, userId, amount, {
    reason: "generation",
    ...(taskId ? { taskId } : {}),
  });
  return { entryId };
}
