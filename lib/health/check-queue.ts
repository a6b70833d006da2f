import "server-only";
import { getDb } from "@/lib/db";
import { getWorkerStatus } from "@/lib/jobs/worker";
import { isShuttingDown } from "@/lib/lifecycle/shutdown-state";
import type { TQueueCheck } from "./readiness-schema";
import { CheckFailedError, runCheck } from "./run-check";

/**
 * The job queue: this process's worker takes tasks (it is running and the process is not shutting
 * down), with the queue's depth read from the database. The depth is reported, not judged: a long
 * queue is a reason to add instances, not to take this one out of rotation.
 */
export async function checkQueue(timeoutMs: number, now: () => number = Date.now): Promise<TQueueCheck> {
  const counts: Pick<TQueueCheck, "pending" | "processing" | "oldest_pending_age_ms"> = {
    pending: null,
    processing: null,
    oldest_pending_age_ms: null,
  };
  const result = await runCheck("queue", timeoutMs, "the task queue could not be read", async () => {
    if (isShuttingDown()) throw new CheckFailedError("this server is shutting down");
    const worker = getWorkerStatus();
    if (worker.state === "stopped") throw new CheckFailedError("the job worker has stopped");
    const db = await getDb();
    const [pending, processing, oldest] = await Promise.all([
      db.task.count({ where: { status: "pending" } }),
      db.task.count({ where: { status: "processing" } }),
      db.task.findFirst({
        where: { status: "pending" },
        orderBy: { createdAt: "asc" },
        select: { createdAt: true },
      }),
    ]);
    counts.pending = pending;
    counts.processing = processing;
    counts.oldest_pending_age_ms = oldest ? Math.max(0, now() - oldest.createdAt.getTime()) : null;
    // Only outside a server (register() starts the worker): in-process tests and scripts.
    if (worker.state === "not_started") return { detail: "no job worker runs in this process" };
    return undefined;
  });
  return { ...result, ...counts };
}
