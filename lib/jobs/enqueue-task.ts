import "server-only";
import type { Db } from "@/lib/db";
import type { TTaskKind } from "./run-task";
import { wakeWorker } from "./worker";

/** Stores a task for the worker and wakes it; the task's row is the only state. */
export async function enqueueTask(db: Db, userId: string, kind: TTaskKind, input: unknown) {
  const task = await db.task.create({
    data: { userId, kind, input: JSON.stringify(input), status: "pending", message: "Queued", progress: 0 },
  });
  wakeWorker();
  return task;
}
