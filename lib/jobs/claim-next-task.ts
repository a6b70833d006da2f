import "server-only";
import type { Db } from "@/lib/db";
import { claimPendingTask } from "./claim-task";

/**
 * A task as one claim of it holds it. `attempts` tells claims apart: a task taken back and claimed
 * again (even by the same process) no longer matches an older claim, whose writes then miss.
 */
export type TTaskClaim = { id: string; lockedBy: string; attempts: number };

/** The condition every write of a claim's owner carries: it still holds the task. */
export function ownedBy(claim: TTaskClaim) {
  return { id: claim.id, status: "processing", lockedBy: claim.lockedBy, attempts: claim.attempts };
}

/**
 * Claims the oldest pending task for `lockedBy`: the conditional update lets exactly one worker
 * (of any process sharing the database) win a task; losers look at the next one.
 */
export async function claimNextTask(db: Db, lockedBy: string): Promise<TTaskClaim | null> {
  for (let tries = 0; tries < 5; tries++) {
    const next = await db.task.findFirst({
      where: { status: "pending" },
      orderBy: { createdAt: "asc" },
      select: { id: true, attempts: true },
    });
    if (!next) return null;
    const claim = await claimPendingTask(db, next.id, next.attempts, lockedBy);
    if (claim) return claim;
  }
  return null;
}
