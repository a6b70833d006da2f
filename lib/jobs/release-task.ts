import "server-only";
import type { Db } from "@/lib/db";
import { ownedBy, type TTaskClaim } from "./claim-next-task";

/**
 * Hands a task this worker still holds back to the queue, as a stopping server does with work it
 * could not finish in its grace period: `pending` again, lease cleared, and the attempt given back
 * (a shutdown is not a failure, so it does not bring the task closer to JOB_MAX_ATTEMPTS). Any
 * worker may claim it at once. The old claim no longer matches the row, so a late write of the run
 * that is still going (progress, result, refund) misses. False when the claim was already lost.
 */
export async function releaseTask(db: Db, claim: TTaskClaim): Promise<boolean> {
  const { count } = await db.task.updateMany({
    where: ownedBy(claim),
    data: {
      status: "pending",
      message: "Queued again: its server shut down before it finished",
      progress: 0,
      lockedBy: null,
      lockedAt: null,
      attempts: Math.max(0, claim.attempts - 1),
    },
  });
  return count === 1;
}
