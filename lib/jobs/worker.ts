import "server-only";
import { refundCredits } from "@/lib/credits/refund-credits";
import { type Db, getDb } from "@/lib/db";
import { isShuttingDown } from "@/lib/lifecycle/shutdown-state";
import { notifyGeneration } from "@/lib/presentations/notify-generation";
import { notifyBossWorkers, startBossWorkers, stopBossWorkers } from "./boss-workers";
import { claimNextTask, type TTaskClaim } from "./claim-next-task";
import { claimTask } from "./claim-task";
import { executeTask } from "./execute-task";
import { getJobSettings, type TJobQueueEngine } from "./job-settings";
import { sendBossJob, TASK_QUEUE } from "./pg-boss-client";
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
  /** pg-boss: this process's workers on the task queue (one per JOB_CONCURRENCY slot). */
  bossWorkers: string[];
};
const globalForWorker = globalThis as unknown as { deckforgeWorker?: TWorkerState };
/** Set once a drain has run in this process, so readiness reports the worker stopped, not unstarted. */
let drained = false;

/**
 * Starts this process's job worker (once), on the engine JOB_QUEUE names (lib/jobs/job-settings.ts):
 *
 * - `in-process` (the embedded default): each poll claims the oldest pending tasks from the Task
 *   table, up to JOB_CONCURRENCY at a time.
 * - `pg-boss` (the default on PostgreSQL): JOB_CONCURRENCY pg-boss workers take jobs from the task
 *   queue; each job names a task, claimed from the Task table by the same conditional update, so a
 *   task runs once however many jobs name it. The poll only sweeps: it sends a job for any pending
 *   task that has none (taken back from a dead worker, released by a stopping one, or enqueued while
 *   pg-boss was unreachable).
 *
 * Either way each poll first takes back tasks whose worker died (at once when that worker ran on
 * this machine, else after its lease); the first also refunds failed tasks whose refund a crash
 * interrupted. Any number of processes may share the database. A process that is shutting down
 * starts none (a late enqueue's wake must not revive a drained worker).
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
    bossWorkers: [],
  };
  globalForWorker.deckforgeWorker = state;
  const run = (db: Db, claim: TTaskClaim) => {
    const done = executeTask(db, claim, settings.heartbeatMs)
      .catch((error: unknown) => console.error(`[deckforge] task ${claim.id} could not be finished:`, error))
      .finally(() => {
        state.running.delete(claim.id);
        state.wake();
      });
    state.running.set(claim.id, { claim, done });
    return done;
  };
  let lastSweep = 0;
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
      const { requeued, abandoned } = await recoverOrphanedTasks(db, {
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
      if (settings.engine === "pg-boss") {
        // A task taken back now is sent at once; any other pending task without a job, at the sweep.
        for (const id of requeued) await sendBossJob(TASK_QUEUE, id, { taskId: id });
        if (Date.now() - lastSweep >= Math.max(settings.pollMs, STALE_PENDING_MS)) {
          lastSweep = Date.now();
          await sendJobsForStalePending(db);
        }
        return;
      }
      while (!state.stopped && state.running.size < settings.concurrency) {
        const claim = await claimNextTask(db, state.lockedBy);
        if (!claim) break;
        void run(db, claim);
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
  state.wake = settings.engine === "pg-boss" ? () => void notifyBossWorkers(state) : () => void poll();
  state.timer = setInterval(poll, settings.pollMs);
  state.timer.unref();
  if (settings.engine === "pg-boss") {
    const options = {
      count: settings.concurrency,
      pollingIntervalSeconds: Math.max(0.5, settings.pollMs / 1000),
      retryMs: settings.pollMs,
    };
    // A job whose task cannot be claimed (finished, or held by another worker) does nothing.
    void startBossWorkers<{ taskId: string }>(state, TASK_QUEUE, options, async ({ taskId }) => {
      // pg-boss stops waiting for a handler when its job expires (JOB_EXPIRE_SECONDS) and frees
      // the slot while the task still runs: a job fetched then fails unclaimed and is retried later,
      // here or on another instance, so no more than `concurrency` tasks run here.
      if (state.running.size >= settings.concurrency)
        throw new Error(`this instance already runs ${state.running.size} tasks; the job is retried`);
      const db = await getDb();
      const claim = await claimTask(db, taskId, state.lockedBy);
      if (claim) await run(db, claim);
    });
  }
  void poll();
  return state;
}

/** Pending tasks older than this with no run are sent to pg-boss again (a no-op when a job waits). */
const STALE_PENDING_MS = 10_000;
const SWEEP_BATCH = 100;

async function sendJobsForStalePending(db: Db): Promise<void> {
  const stale = await db.task.findMany({
    where: { status: "pending", updatedAt: { lt: new Date(Date.now() - STALE_PENDING_MS) } },
    orderBy: { createdAt: "asc" },
    take: SWEEP_BATCH,
    select: { id: true },
  });
  for (const { id } of stale) await sendBossJob(TASK_QUEUE, id, { taskId: id });
}

/**
 * Hands a pending task to the queue: on pg-boss a job naming it (a no-op when one waits), on the
 * in-process engine a wake of this process's worker. Never throws: a task whose job could not be
 * sent stays pending in the Task table, and the next sweep (of any instance) sends it.
 */
export async function dispatchTask(taskId: string): Promise<void> {
  if (getJobSettings().engine === "pg-boss") {
    if (!(await sendBossJob(TASK_QUEUE, taskId, { taskId }))) return;
  }
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
  await stopBossWorkers(state);
  await Promise.all([...state.running.values()].map((run) => run.done));
}

/** What readiness reports of this process's worker. */
export type TWorkerStatus = {
  engine: TJobQueueEngine;
  /** `not_started` only outside a server (register() starts it): scripts and in-process tests. */
  state: "running" | "stopped" | "not_started";
  /** Tasks this process runs now. */
  active: number;
  concurrency: number;
};

export function getWorkerStatus(): TWorkerStatus {
  const state = globalForWorker.deckforgeWorker;
  const { engine, concurrency } = getJobSettings();
  if (!state) return { engine, state: drained ? "stopped" : "not_started", active: 0, concurrency };
  return { engine, state: state.stopped ? "stopped" : "running", active: state.running.size, concurrency };
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
  await stopBossWorkers(state).catch((error: unknown) =>
    console.error("[deckforge] pg-boss workers could not be stopped:", error),
  );
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
  // On pg-boss another instance takes a released task at once; in-process ones look at each poll.
  if (getJobSettings().engine === "pg-boss")
    for (const id of released) await sendBossJob(TASK_QUEUE, id, { taskId: id });
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
    bossWorkers: [],
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
