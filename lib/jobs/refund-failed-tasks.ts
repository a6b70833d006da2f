import "server-only";
import { refundCredits } from "@/lib/credits/refund-credits";
import { isRefundedReason } from "@/lib/credits/refunded-reason";
import type { Db } from "@/lib/db";

/** How far back a start looks for failed tasks whose refund did not happen (the crash was recent). */
const LOOK_BACK_MS = 24 * 60 * 60 * 1000;
const MAX_TASKS = 1000;

/**
 * Refunds the reservations of failed tasks that still hold credits. A task is marked `error`
 * before its refund is written, so a process that died in between left the credits taken; this
 * runs when a worker starts and finishes that refund (refunds are idempotent). Returns how many.
 */
export async function refundFailedTasks(db: Db, now: Date = new Date()): Promise<number> {
  const failed = await db.task.findMany({
    where: { status: "error", updatedAt: { gte: new Date(now.getTime() - LOOK_BACK_MS) } },
    orderBy: { updatedAt: "desc" },
    take: MAX_TASKS,
    select: { id: true },
  });
  if (failed.length === 0) return 0;
  const held = await db.creditEntry.findMany({
    where: { taskId: { in: failed.map((task) => task.id) }, delta: { lt: 0 } },
    select: { id: true, reason: true },
  });
  const open = held.filter((entry) => !isRefundedReason(entry.reason));
  for (const entry of open) await refundCredits(db, entry.id);
  return open.length;
}
