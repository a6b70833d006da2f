import "server-only";
import { problem, type TProblem } from "@/lib/api/errors";
import type { Db } from "@/lib/db";
import { isHolderGone, type TWorkerIdentity } from "./worker-identity";

export type TRecoverOptions = {
  /** This worker: holders on the same machine are checked for life directly. */
  self: TWorkerIdentity;
  leaseMs: number;
  maxAttempts: number;
  /** Tasks this process is running now: never taken back from under it. */
  runningHere: { has(id: string): boolean };
  now?: Date;
};

/** A task given up after its last attempt died: the caller refunds its reservation and reports it. */
export type TAbandonedTask = {
  id: string;
  userId: string;
  kind: string;
  input: string;
  attempts: number;
  /** The problem the task now reports. */
  error: TProblem;
};

/**
 * Takes back tasks left in `processing` by a worker that died (crash, kill -9, lost machine): a
 * holder that is certainly gone is noticed at once, any other only when its lease has lapsed with
 * no heartbeat. Such a task goes back to `pending`, or to `error` once it has used its attempts —
 * never stuck. Each change is conditional on the row as read, so two recovering workers cannot
 * both act on one task.
 */
export async function recoverOrphanedTasks(
  db: Db,
  options: TRecoverOptions,
): Promise<{ requeued: string[]; abandoned: TAbandonedTask[] }> {
  const now = options.now ?? new Date();
  const staleBefore = now.getTime() - options.leaseMs;
  const rows = await db.task.findMany({
    where: { status: "processing" },
    select: {
      id: true,
      userId: true,
      kind: true,
      input: true,
      attempts: true,
      lockedAt: true,
      lockedBy: true,
    },
  });
  const requeued: string[] = [];
  const abandoned: TAbandonedTask[] = [];
  for (const row of rows) {
    if (options.runningHere.has(row.id)) continue;
    const lapsed = !row.lockedAt || row.lockedAt.getTime() < staleBefore;
    if (!lapsed && !isHolderGone(row.lockedBy, options.self)) continue;
    const where = {
      id: row.id,
      status: "processing",
      lockedBy: row.lockedBy,
      lockedAt: row.lockedAt,
      attempts: row.attempts,
    };
    if (row.attempts < options.maxAttempts) {
      const { count } = await db.task.updateMany({
        where,
        data: {
          status: "pending",
          message: "Queued again after its worker stopped",
          // The work starts over.
          progress: 0,
          lockedBy: null,
          lockedAt: null,
        },
      });
      if (count === 1) requeued.push(row.id);
    } else {
      const tries = row.attempts === 1 ? "its only attempt" : `each of its ${row.attempts} attempts`;
      const body = problem(
        "internal_error",
        `The task's worker stopped during ${tries}; the task was given up and its credits refunded.`,
      );
      const { count } = await db.task.updateMany({
        where,
        data: { status: "error", message: body.detail, error: JSON.stringify(body), lockedBy: null },
      });
      if (count === 1) {
        const { id, userId, kind, input, attempts } = row;
        abandoned.push({ id, userId, kind, input, attempts, error: body });
      }
    }
  }
  return { requeued, abandoned };
}
