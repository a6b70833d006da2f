import "server-only";
import type { Db } from "@/lib/db";
import type { TTaskClaim } from "./claim-next-task";

/**
 * Claims the task `taskId` for `lockedBy` when it is pending — how a pg-boss job (which names its
 * task) takes it. Null when it is not: finished, gone, or claimed by another worker, so a second job
 * for the same task (a retry, a sweep) does nothing. pg-boss hands a job to one worker; this
 * conditional update is what makes the task run once even when two jobs name it.
 */
export async function claimTask(db: Db, taskId: string, lockedBy: string): Promise<TTaskClaim | null> {
  const row = await db.task.findUnique({ where: { id: taskId }, select: { status: true, attempts: true } });
  if (row?.status !== "pending") return null;
  return claimPendingTask(db, taskId, row.attempts, lockedBy);
}

/**
 * The claim itself: pending → processing, conditional on the attempts count read, so exactly one
 * worker (of any process sharing the database) wins; null for the losers.
 */
export async function claimPendingTask(
  db: Db,
  taskId: string,
  attempts: number,
  lockedBy: string,
): Promise<TTaskClaim | null> {
  const claimed = await db.task.updateMany({
    where: { id: taskId, status: "pending", attempts },
    data: {
      status: "processing",
      message: "Starting",
      lockedBy,
      lockedAt: new Date(),
      attempts: attempts + 1,
    },
  });
  return claimed.count === 1 ? { id: taskId, lockedBy, attempts: attempts + 1 } : null;
}
