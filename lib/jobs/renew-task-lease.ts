import "server-only";
import type { Db } from "@/lib/db";
import { ownedBy, type TTaskClaim } from "./claim-next-task";

/** Extends a claim's lease (the heartbeat); false when the claim was lost (the task was taken back). */
export async function renewTaskLease(db: Db, claim: TTaskClaim): Promise<boolean> {
  const { count } = await db.task.updateMany({ where: ownedBy(claim), data: { lockedAt: new Date() } });
  return count === 1;
}
