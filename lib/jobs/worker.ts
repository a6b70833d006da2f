import "server-only";
import { refundCredits } from "@/lib/credits/refund-credits";
import { type Db, getDb } from "@/lib/db";
import { notifyGeneration } from "@/lib/presentations/notify-generation";
import { claimNextTask } from "./claim-next-task";
import { executeTask } from "./execute-task";
import { getJobSettings } from "./job-settings";
import { recoverOrphanedTasks, type TAbandonedTask } from "./recover-orphaned-tasks";
import { refundFailedTasks } from "./refund-failed-tasks";
import { readTaskInput, taskJob } from "./task-input";
import { formatWorkerIdentity, newWorkerIdentity, type TWorkerIdentity } from "./worker-identity";

type TWorkerState = {
  identity: TWorkerIdentity;
  lockedBy: string;
  /** The tasks this process is running now, by id. */
  running: Map<string, Promise<void>>;
  stopped: boolean;
  timer?: NodeJS.Timeout;
  wake: () => void;
};
const globalForWorker = globalThis as unknown as { deckforgeWorker?: TWorkerState };

/**
 * Starts this process's in-process job worker (once): each poll it first takes back tasks whose
 * worker died (at once when that worker ran on this machine, else after its lease), then claims
 * pending tasks up to JOB_CONCURRENCY at a time. Any number of processes may share the database.
 * Its first poll also refunds failed tasks whose refund a crash interrupted.
 */
export function startWorker(): TWorkerState {
  if (globalForWorker.deckforgeWorker) return globalForWorker.deckforgeWorker;
  const settings = getJobSettings();
  const identity = newWorkerIdentity();
  const state: TWorkerState = {
    identity,
    lockedBy: formatWorkerIdentity(identity),
    running: new Map(),
    stopped: false,
    wake: () => {},
  };
  globalForWorker.deckforgeWorker = state;
  let polling = false;
  let again = false;
  let reconciled = false;
  const poll = async () => {
    if (state.stopped) return;
    // A wake during a poll is not lost: the poll runs once more.
    if (polling) {
      again = true;
      return;
    }
    polling = true;
    try {
      const db = await getDb();
      const { abandoned } = await recoverOrphanedTasks(db, {
        self: identity,
        leaseMs: settings.leaseMs,
        maxAttempts: settings.maxAttempts,
        runningHere: state.running,
      });
      for (const task of abandoned) await giveUp(db, task);
      if (!reconciled) {
        await refundFailedTasks(db);
        reconciled = true;
      }
      while (!state.stopped && state.running.size < settings.concurrency) {
        const claim = await claimNextTask(db, state.lockedBy);
        if (!claim) break;
        const run = executeTask(db, claim, settings.heartbeatMs)
          .catch((error: unknown) =>
            console.error(`[deckforge] task ${claim.id} could not be finished:`, error),
          )
          .finally(() => {
            state.running.delete(claim.id);
            state.wake();
          });
        state.running.set(claim.id, run);
      }
    } catch (error) {
      console.error("[deckforge] job worker poll failed:", error);
    } finally {
      polling = false;
      if (again) {
        again = false;
        void poll();
      }
    }
  };
  state.wake = () => void poll();
  state.timer = setInterval(poll, settings.pollMs);
  state.timer.unref();
  void poll();
  return state;
}

/** Asks the worker to look for work now rather than at its next poll. */
export function wakeWorker(): void {
  startWorker().wake();
}

/**
 * Stops this process's worker from claiming more work and resolves once the tasks it runs have
 * finished; a later startWorker starts a new one.
 */
export async function stopWorker(): Promise<void> {
  const state = globalForWorker.deckforgeWorker;
  if (!state) return;
  state.stopped = true;
  clearInterval(state.timer);
  globalForWorker.deckforgeWorker = undefined;
  await Promise.all(state.running.values());
}

/** A task given up: its reservation is refunded and the failure reported like any other. */
async function giveUp(db: Db, task: TAbandonedTask): Promise<void> {
  console.error(`[deckforge] task ${task.id} given up after ${task.attempts} interrupted attempts`);
  try {
    const input = readTaskInput(task.input);
    await refundCredits(db, input.charge.entryId);
    await notifyGeneration(db, task.userId, taskJob(task.kind, input.request), {
      taskId: task.id,
      error: task.error,
    });
  } catch (error) {
    console.error(`[deckforge] task ${task.id}: refund or report of the given-up task failed:`, error);
  }
}
