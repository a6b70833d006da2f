import "server-only";
import { type Db, getDb } from "@/lib/db";
import { isShuttingDown } from "@/lib/lifecycle/shutdown-state";
import { claimDueDelivery } from "./claim-delivery";
import { pruneDeliveries } from "./prune-deliveries";
import { recoverStaleDeliveries } from "./recover-stale-deliveries";
import { sendDelivery } from "./send-delivery";
import { getWebhookConfig } from "./webhook-config";

/** How often the worker looks for due deliveries when nothing woke it. */
const POLL_MS = 1_000;
const PRUNE_EVERY_MS = 3_600_000;

type TWorkerState = {
  running: number;
  timer?: NodeJS.Timeout;
  wake: () => void;
  stopped: boolean;
};
const globalForWorker = globalThis as unknown as { deckforgeWebhookWorker?: TWorkerState };

/**
 * Starts this process's webhook delivery worker (once). Every state lives in the database, so any
 * number of processes can run one and a restart resumes where the last one stopped: each poll
 * releases stale claims, prunes old finished deliveries (hourly), and claims due deliveries up to
 * WEBHOOK_CONCURRENCY at a time. A retry due sooner than the next poll gets its own timer. A
 * process that is shutting down starts none: the delivery waits in the database for another one.
 */
export function startWebhookWorker(): TWorkerState {
  if (globalForWorker.deckforgeWebhookWorker) return globalForWorker.deckforgeWebhookWorker;
  if (isShuttingDown()) return { running: 0, wake: () => {}, stopped: true };
  const state: TWorkerState = { running: 0, wake: () => {}, stopped: false };
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
  void poll();
  return state;
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
