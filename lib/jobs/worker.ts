import "server-only";
import crypto from "node:crypto";
import { problem, type TProblem } from "@/lib/api/errors";
import { toApiError } from "@/lib/api/to-api-error";
import { getConfig } from "@/lib/config";
import { type Db, getDb } from "@/lib/db";
import { runTask } from "./run-task";

/** A task whose worker has not touched it for this long is taken to be orphaned. */
const STALE_AFTER_MS = 60_000;
const HEARTBEAT_MS = 15_000;
const POLL_MS = 1_000;
const MAX_ATTEMPTS = 3;

type WorkerState = { id: string; running: number; timer?: NodeJS.Timeout; wake: () => void };
const globalForWorker = globalThis as unknown as { deckforgeWorker?: WorkerState };

/**
 * Starts this process's in-process job worker (once): it claims pending tasks from the database
 * up to JOB_CONCURRENCY at a time, and requeues tasks orphaned by a worker that died.
 */
export function startWorker(): WorkerState {
  if (globalForWorker.deckforgeWorker) return globalForWorker.deckforgeWorker;
  const state: WorkerState = {
    id: `${process.pid}-${crypto.randomUUID().slice(0, 8)}`,
    running: 0,
    wake: () => {},
  };
  globalForWorker.deckforgeWorker = state;
  let polling = false;
  const poll = async () => {
    if (polling) return;
    polling = true;
    try {
      const db = await getDb();
      await recoverOrphans(db);
      while (state.running < getConfig().JOB_CONCURRENCY) {
        const task = await claimNext(db, state.id);
        if (!task) break;
        state.running++;
        void execute(db, task.id, state.id).finally(() => {
          state.running--;
          void poll();
        });
      }
    } catch (error) {
      console.error("[deckforge] job worker poll failed:", error);
    } finally {
      polling = false;
    }
  };
  state.wake = () => void poll();
  state.timer = setInterval(poll, POLL_MS);
  state.timer.unref();
  void poll();
  return state;
}

/** Asks the worker to look for work now rather than at its next poll. */
export function wakeWorker(): void {
  startWorker().wake();
}

/** Claims the oldest pending task atomically: only one worker's conditional update succeeds. */
async function claimNext(db: Db, workerId: string) {
  for (let tries = 0; tries < 5; tries++) {
    const next = await db.task.findFirst({
      where: { status: "pending" },
      orderBy: { createdAt: "asc" },
      select: { id: true },
    });
    if (!next) return null;
    const claimed = await db.task.updateMany({
      where: { id: next.id, status: "pending" },
      data: {
        status: "processing",
        message: "Starting",
        lockedBy: workerId,
        lockedAt: new Date(),
        attempts: { increment: 1 },
      },
    });
    if (claimed.count === 1) return next;
  }
  return null;
}

async function execute(db: Db, taskId: string, workerId: string): Promise<void> {
  const owned = { id: taskId, lockedBy: workerId, status: "processing" };
  const heartbeat = setInterval(() => {
    void db.task.updateMany({ where: owned, data: { lockedAt: new Date() } }).catch(() => {});
  }, HEARTBEAT_MS);
  heartbeat.unref();
  try {
    const task = await db.task.findUniqueOrThrow({ where: { id: taskId } });
    const report = async (message: string, progress: number) => {
      await db.task.updateMany({ where: owned, data: { message, progress, lockedAt: new Date() } });
    };
    const result = await runTask(db, task, report);
    await db.task.updateMany({
      where: owned,
      data: {
        status: "completed",
        message: "Completed",
        progress: 100,
        result: JSON.stringify(result),
        lockedBy: null,
      },
    });
  } catch (error) {
    const body = toProblem(error, taskId);
    await db.task.updateMany({
      where: owned,
      data: { status: "error", message: body.detail, error: JSON.stringify(body), lockedBy: null },
    });
  } finally {
    clearInterval(heartbeat);
  }
}

function toProblem(thrown: unknown, taskId: string): TProblem {
  const error = toApiError(thrown);
  if (error) return problem(error.code, error.message, error.details?.errors);
  console.error(`[deckforge] task ${taskId} failed:`, thrown);
  return problem(
    "internal_error",
    `The task failed with an internal error. Quote task id ${taskId} when reporting it.`,
  );
}

/**
 * Tasks left in `processing` by a worker that stopped heart-beating (crash, kill -9) go back to
 * `pending`, or to `error` once they have used up their attempts — never stuck forever.
 */
async function recoverOrphans(db: Db): Promise<void> {
  const staleBefore = new Date(Date.now() - STALE_AFTER_MS);
  const orphans = await db.task.findMany({
    where: { status: "processing", lockedAt: { lt: staleBefore } },
    select: { id: true, attempts: true, lockedAt: true },
  });
  for (const task of orphans) {
    const where = { id: task.id, status: "processing", lockedAt: task.lockedAt };
    if (task.attempts < MAX_ATTEMPTS) {
      await db.task.updateMany({
        where,
        data: { status: "pending", message: "Requeued after a worker stopped", lockedBy: null },
      });
    } else {
      const body = problem(
        "internal_error",
        `The task was interrupted ${task.attempts} times and has been abandoned.`,
      );
      await db.task.updateMany({
        where,
        data: { status: "error", message: body.detail, error: JSON.stringify(body), lockedBy: null },
      });
    }
  }
}
