import "server-only";
import { ApiError, problem } from "@/lib/api/errors";
import { refundOrRetry } from "@/lib/credits/refund-credits";
import type { Db } from "@/lib/db";
import { notifyGeneration } from "@/lib/presentations/notify-generation";
import { getTaskOrThrow } from "./get-task-or-throw";
import { readTaskInput, taskJob } from "./task-input";
import { type TTaskView, toTaskView } from "./task-view";

const UNFINISHED = ["pending", "processing"];

/**
 * Cancels the account's task while it is queued or running: it ends in `error` with a `cancelled`
 * problem saying `detail`, its credit reservation is refunded, and a request sent with
 * trigger_webhook gets its failed event. A worker running it loses its claim: its writes miss from
 * then on, it stops at its next step, and a deck it finished anyway is deleted (executeTask).
 * Answers the task as it now stands; a task that already finished is a 409 conflict.
 */
export async function cancelTask(db: Db, userId: string, taskId: string, detail: string): Promise<TTaskView> {
  const task = await getTaskOrThrow(db, userId, taskId);
  const error = problem("cancelled", detail);
  const { count } = await db.task.updateMany({
    where: { id: task.id, userId, status: { in: UNFINISHED } },
    data: { status: "error", message: "Cancelled", error: JSON.stringify(error), lockedBy: null },
  });
  if (count === 0) {
    const now = await getTaskOrThrow(db, userId, taskId);
    throw new ApiError(
      "conflict",
      `Task ${task.id} has already finished (${now.status}); there is nothing to cancel.`,
    );
  }
  const input = readTaskInput(task.input);
  await refundOrRetry(db, input.charge.entryId);
  await notifyGeneration(db, userId, taskJob(task.kind, input.request, input.warnings), {
    taskId: task.id,
    error,
  }).catch((failure: unknown) =>
    console.error(`[deckforge] task ${task.id}: the cancellation's webhook failed:`, failure),
  );
  return toTaskView(await getTaskOrThrow(db, userId, taskId));
}
