import "server-only";
import { refundCredits } from "@/lib/credits/refund-credits";
import { type Db, getDb } from "@/lib/db";
import { isShuttingDown } from "@/lib/lifecycle/shutdown-state";
import { notifyGeneration } from "@/lib/presentations/notify-generation";
import { claimNextTask, type TTaskClaim } from "./claim-next-task";
import { executeTask } from "./execute-task";
import { getJobSettings } from "./job-settings";
import { recoverOrphanedTasks, type TAbandonedTask } from "./recover-orphaned-tasks";
import { refundFailedTasks } from "./refund-failed-tasks";
import { releaseTask } from "./release-task";
import { readTaskInput, taskJob } from "./task-input";
import { formatWorkerIdentity, newWorkerIdentity, type TWorkerIdentity } from "./worker-identity";

type TWorkerState = {
  identity: TWorkerIdentity;
  lockedBy: string;
  /** The tasks this process is running now, by id: the claim it holds and the run's end. */
  running: Map<string, { claim: TTaskClaim; done: Promise<void> }>;
  stopped: boolean;
  /** The poll under way, if any: a stop waits for it so no claim lands after the stop. */
  polling?: Promise<void>;
  timer?: NodeJS.Timeout;
  wake: () => void;
};
const globalForWorker = globalThis as unknown as { deckforgeWorker?: TWorkerState };
/** Set once a drain has run in this process, so readiness reports the worker stopped, not unstarted. */
let drained = false;

/**
 * Starts this process's in-process job worker (once): each poll it first takes back tasks whose
 * worker died (at once when that worker ran on this machine, else after its lease), then claims
 * pending tasks up to JOB_CONCURRENCY at a time. Any number of processes may share the database.
 * Its first poll also refunds failed tasks whose refund a crash interrupted. A process that is
 * shutting down starts none (a late enqueue's wake must not revive a drained worker).
 */
export function startWorker(): TWorkerState {
  if (globalForWorker.deckforgeWorker) return globalForWorker.deckforgeWorker;
  if (isShuttingDown()) return dormant();
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
    let settle = () => {};
    state.polling = new Promise<void>((resolve) => {
      settle = resolve;
    });
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
        const done = executeTask(db, claim, settings.heartbeatMs)
          .catch((error: unknown) =>
            console.error(`[deckforge] task ${claim.id} could not be finished:`, error),
          )
          .finally(() => {
            state.running.delete(claim.id);
            state.wake();
          });
        state.running.set(claim.id, { claim, done });
      }
    } catch (error) {
      console.error("[deckforge] job worker poll failed:", error);
    } finally {
      polling = false;
      state.polling = undefined;
      settle();
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
 * finished; a later startWorker starts a new one (tests: it also forgets an earlier drain).
 */
export async function stopWorker(): Promise<void> {
  drained = false;
  const state = globalForWorker.deckforgeWorker;
  if (!state) return;
  state.stopped = true;
  clearInterval(state.timer);
  globalForWorker.deckforgeWorker = undefined;
  await Promise.all([...state.running.values()].map((run) => run.done));
}

/** What readiness reports of this process's worker. */
export type TWorkerStatus = {
  /** `not_started` only outside a server (register() starts it): scripts and in-process tests. */
  state: "running" | "stopped" | "not_started";
  /** Tasks this process runs now. */
  active: number;
  concurrency: number;
};

export function getWorkerStatus(): TWorkerStatus {
  const state = globalForWorker.deckforgeWorker;
  const concurrency = getJobSettings().concurrency;
  if (!state) return { state: drained ? "stopped" : "not_started", active: 0, concurrency };
  return { state: state.stopped ? "stopped" : "running", active: state.running.size, concurrency };
}

/** What a drain did: tasks that finished in the grace period, and tasks handed back to the queue. */
export type TDrainReport = { finished: string[]; released: string[] };

/**
 * The shutdown of the job worker: claims nothing more (at once), lets the tasks it runs finish for
 * up to `graceMs`, then releases the ones still running (lib/jobs/release-task.ts) so another
 * instance — or this server's next start — takes them at once. No task is left `processing`. The
 * released runs keep going in memory until the process exits; their late writes miss. A later
 * startWorker (tests) starts a new worker with a new identity.
 */
export async function drainWorker(graceMs: number): Promise<TDrainReport> {
  const state = globalForWorker.deckforgeWorker;
  if (!state) return { finished: [], released: [] };
  const deadline = Date.now() + graceMs;
  state.stopped = true;
  drained = true;
  clearInterval(state.timer);
  // A claim made by the poll under way lands in `running` before the poll ends.
  if (state.polling) await raceDeadline(state.polling, deadline);
  const inFlight = [...state.running.values()];
  const finished: string[] = [];
  await Promise.all(
    inFlight.map(async ({ claim, done }) => {
      if (await raceDeadline(done, deadline)) finished.push(claim.id);
    }),
  );
  const released: string[] = [];
  const db = await getDb();
  for (const { claim } of state.running.values()) {
    try {
      if (await releaseTask(db, claim)) released.push(claim.id);
    } catch (error) {
      // The lease recovery takes it back instead (at once on this machine, after the lease elsewhere).
      console.error(`[deckforge] task ${claim.id} could not be released:`, error);
    }
  }
  if (globalForWorker.deckforgeWorker === state) globalForWorker.deckforgeWorker = undefined;
  return { finished, released };
}

/** True when `promise` settles before `deadline` (ms since the epoch). */
async function raceDeadline(promise: Promise<unknown>, deadline: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([promise.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A worker that does nothing: what startWorker answers while the process shuts down. */
function dormant(): TWorkerState {
  const identity = newWorkerIdentity();
  return {
    identity,
    lockedBy: formatWorkerIdentity(identity),
    running: new Map(),
    stopped: true,
    wake: () => {},
  };
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
