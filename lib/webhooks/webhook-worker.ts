import "server-only";
import { type Db, getDb } from "@/lib/db";
import { startBossWorkers, stopBossWorkers } from "@/lib/jobs/boss-workers";
import { getJobSettings } from "@/lib/jobs/job-settings";
import { DELIVERY_QUEUE, sendBossJob } from "@/lib/jobs/pg-boss-client";
import { isShuttingDown } from "@/lib/lifecycle/shutdown-state";
import { claimDelivery, claimDueDelivery } from "./claim-delivery";
import { pruneDeliveries } from "./prune-deliveries";
import { recoverStaleDeliveries } from "./recover-stale-deliveries";
import { sendDelivery } from "./send-delivery";
import { getWebhookConfig, type TWebhookConfig } from "./webhook-config";

/** How often the worker looks for due deliveries when nothing woke it. */
const POLL_MS = 1_000;
const PRUNE_EVERY_MS = 3_600_000;
/** Due deliveries sent to pg-boss per sweep. */
const SWEEP_BATCH = 100;

type TWorkerState = {
  running: number;
  timer?: NodeJS.Timeout;
  wake: () => void;
  stopped: boolean;
  /** pg-boss: this process's workers on the delivery queue. */
  bossWorkers: string[];
};
const globalForWorker = globalThis as unknown as { deckforgeWebhookWorker?: TWorkerState };

/**
 * Starts this process's webhook delivery worker (once). Every state lives in the database, so any
 * number of processes can run one and a restart resumes where the last one stopped: each poll
 * releases stale claims and prunes old finished deliveries (hourly). Then, on the engine JOB_QUEUE
 * names (lib/jobs/job-settings.ts):
 *
 * - `in-process`: the poll claims due deliveries up to WEBHOOK_CONCURRENCY at a time; a retry due
 *   sooner than the next poll gets its own timer.
 * - `pg-boss`: the poll sends a job for each due delivery (a no-op when one waits), and
 *   WEBHOOK_CONCURRENCY pg-boss workers take them; a failed attempt's retry is a job delayed by its
 *   backoff. A job claims its delivery by the same conditional update, so an attempt is sent once.
 *
 * A process that is shutting down starts none: the delivery waits in the database for another one.
 */
export function startWebhookWorker(): TWorkerState {
  if (globalForWorker.deckforgeWebhookWorker) return globalForWorker.deckforgeWebhookWorker;
  if (isShuttingDown()) return { running: 0, wake: () => {}, stopped: true, bossWorkers: [] };
  const state: TWorkerState = { running: 0, wake: () => {}, stopped: false, bossWorkers: [] };
  const onBoss = getJobSettings().engine === "pg-boss";
  globalForWorker.deckforgeWebhookWorker = state;
  let polling = false;
  let pollAgain = false;
  let lastPrune = 0;

  const poll = async (): Promise<void> => {
    if (state.stopped) return;
    // A wake during a poll must not be lost: it may be the only signal for a new delivery.
    if (polling) {
      pollAgain = true;
      return;
    }
    polling = true;
    try {
      const db = await getDb();
      const config = getWebhookConfig();
      await recoverStaleDeliveries(db, config);
      if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
        lastPrune = Date.now();
        await pruneDeliveries(db, config);
      }
      if (onBoss) {
        await sendJobsForDueDeliveries(db);
        return;
      }
      while (!state.stopped && state.running < config.concurrency) {
        const claimed = await claimDueDelivery(db);
        if (!claimed) break;
        state.running++;
        void sendDelivery(db, claimed, config)
          .then((outcome) => {
            if (outcome.retryInMs !== null && outcome.retryInMs < POLL_MS) {
              setTimeout(() => void poll(), outcome.retryInMs).unref();
            }
          })
          .catch((error) =>
            console.error(`[deckforge] webhook delivery ${claimed.id} failed to record:`, error),
          )
          .finally(() => {
            state.running--;
            void poll();
          });
      }
    } catch (error) {
      console.error("[deckforge] webhook worker poll failed:", error);
    } finally {
      polling = false;
      if (pollAgain) {
        pollAgain = false;
        void poll();
      }
    }
  };

  state.wake = () => void poll();
  state.timer = setInterval(() => void poll(), POLL_MS);
  state.timer.unref();
  if (onBoss) {
    const config = getWebhookConfig();
    const options = { count: config.concurrency, pollingIntervalSeconds: 0.5, retryMs: POLL_MS };
    void startBossWorkers<{ deliveryId: string }>(state, DELIVERY_QUEUE, options, async ({ deliveryId }) =>
      sendOne(state, await getDb(), deliveryId, config),
    );
  }
  void poll();
  return state;
}

async function sendJobsForDueDeliveries(db: Db): Promise<void> {
  const due = await db.webhookDelivery.findMany({
    where: { status: "pending", lockedAt: null, nextAttemptAt: { lte: new Date() } },
    orderBy: [{ nextAttemptAt: "asc" }, { createdAt: "asc" }],
    take: SWEEP_BATCH,
    select: { id: true },
  });
  for (const { id } of due) await sendBossJob(DELIVERY_QUEUE, id, { deliveryId: id });
}

/** One pg-boss job: claim the delivery, send the attempt, and queue its retry as a delayed job. */
async function sendOne(state: TWorkerState, db: Db, id: string, config: TWebhookConfig): Promise<void> {
  const claimed = await claimDelivery(db, id);
  if (!claimed) return;
  state.running++;
  try {
    const outcome = await sendDelivery(db, claimed, config);
    if (outcome.retryInMs !== null)
      await sendBossJob(DELIVERY_QUEUE, id, { deliveryId: id }, outcome.retryInMs / 1000);
  } finally {
    state.running--;
  }
}

/** Asks the worker to look for due deliveries now rather than at its next poll (starting it if needed). */
export function wakeWebhookWorker(): void {
  startWebhookWorker().wake();
}

/** Stops this process's worker (tests); attempts already on the wire still finish and are recorded. */
export function stopWebhookWorker(): void {
  const state = globalForWorker.deckforgeWebhookWorker;
  if (!state) return;
  state.stopped = true;
  clearInterval(state.timer);
  globalForWorker.deckforgeWebhookWorker = undefined;
  void stopBossWorkers(state).catch(() => {});
}

/**
 * The shutdown of the webhook worker: claims no more deliveries (at once) and waits up to `graceMs`
 * for the attempts on the wire; each is bounded by WEBHOOK_TIMEOUT_MS (default 10 s, inside the
 * default grace), so they normally finish and are recorded. One cut off by the exit stays claimed
 * and is released by recoverStaleDeliveries (in any process) after WEBHOOK_TIMEOUT_MS + 60 s, its
 * attempt logged as lost. Resolves with how many attempts were still running at the deadline.
 */
export async function drainWebhookWorker(graceMs: number): Promise<number> {
  const state = globalForWorker.deckforgeWebhookWorker;
  if (!state) return 0;
  state.stopped = true;
  clearInterval(state.timer);
  await stopBossWorkers(state).catch((error: unknown) =>
    console.error("[deckforge] pg-boss webhook workers could not be stopped:", error),
  );
  const deadline = Date.now() + graceMs;
  while (state.running > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(50, deadline - Date.now())));
  }
  return state.running;
}

/**
 * Sends every delivery due now, one at a time, and returns how many attempts were made — the
 * worker's loop without the timers, for tests and one-off runs.
 */
export async function deliverDueWebhooks(db: Db): Promise<number> {
  const config = getWebhookConfig();
  await recoverStaleDeliveries(db, config);
  let sent = 0;
  for (;;) {
    const claimed = await claimDueDelivery(db);
    if (!claimed) return sent;
    await sendDelivery(db, claimed, config);
    sent++;
  }
}
