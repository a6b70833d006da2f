import "server-only";
import { getDb } from "@/lib/db";
import { getJobSettings } from "@/lib/jobs/job-settings";
import { bossQueueDepth, TASK_QUEUE } from "@/lib/jobs/pg-boss-client";
import { getWorkerStatus } from "@/lib/jobs/worker";
import { isShuttingDown } from "@/lib/lifecycle/shutdown-state";
import type { TQueueCheck } from "./readiness-schema";
import { CheckFailedError, runCheck } from "./run-check";

/**
 * The job queue: this process's worker takes tasks (it is running and the process is not shutting
 * down) and, on pg-boss, pg-boss answers; with the queue's depth read from the database. The depth is reported, not judged: a long
 * queue is a reason to add instances, not to take this one out of rotation.
 */
export async function checkQueue(timeoutMs: number, now: () => number = Date.now): Promise<TQueueCheck> {
  const { engine } = getJobSettings();
  const counts: Pick<TQueueCheck, "queued_jobs" | "pending" | "processing" | "oldest_pending_age_ms"> = {
    queued_jobs: null,
    pending: null,
    processing: null,
    oldest_pending_age_ms: null,
  };
  const result = await runCheck("queue", timeoutMs, "the task queue could not be read", async () => {
    if (isShuttingDown()) throw new CheckFailedError("this server is shutting down");
    const worker = getWorkerStatus();
    if (worker.state === "stopped") throw new CheckFailedError("the job worker has stopped");
    const db = await getDb();
    const [queuedJobs, pending, processing, oldest] = await Promise.all([
      engine === "pg-boss" ? bossQueueDepth(TASK_QUEUE) : null,
      db.task.count({ where: { status: "pending" } }),
      db.task.count({ where: { status: "processing" } }),
      db.task.findFirst({
        where: { status: "pending" },
        orderBy: { createdAt: "asc" },
        select: { createdAt: true },
      }),
    ]);
    counts.queued_jobs = queuedJobs;
    counts.pending = pending;
    counts.processing = processing;
    counts.oldest_pending_age_ms = oldest ? Math.max(0, now() - oldest.createdAt.getTime()) : null;
    // Only outside a server (register() starts the worker): in-process tests and scripts.
    if (worker.state === "not_started") return { detail: "no job worker runs in this process" };
    return undefined;
  });
  return { ...result, engine, ...counts };
}
