import "server-only";
import { drainWorker } from "@/lib/jobs/worker";
import { drainWebhookWorker } from "@/lib/webhooks/webhook-worker";
import { getLifecycleSettings } from "./lifecycle-settings";
import { beginShutdown } from "./shutdown-state";

const SIGNALS = ["SIGTERM", "SIGINT"] as const;
type TSignal = (typeof SIGNALS)[number];
type TListener = (signal: TSignal) => void;

/** Time left, after the grace period, for Next to close its HTTP server before we exit anyway. */
const CLOSE_MARGIN_MS = 5_000;

const globalForShutdown = globalThis as unknown as { deckforgeShutdownHandlers?: true };

const log = (message: string) => console.log(`[deckforge] shutdown: ${message}`);

/**
 * The orderly stop of this process's background work, in the order a rolling deploy needs: not
 * ready at once (GET /api/health/ready answers 503 so the load balancer stops sending traffic; the
 * HTTP server keeps answering meanwhile, status polls included), no new task or webhook delivery
 * claimed, in-flight work given up to `graceMs` to finish, and tasks still running then released to
 * `pending` for another instance or the next start. Resolves when that is done; it does not exit.
 *
 * SIGKILL (or a crash, or the machine going away) runs none of this: tasks stay `processing` with
 * this process's identity in `lockedBy`, and recoverOrphanedTasks (lib/jobs) takes them back — at
 * once when the next worker runs on this machine (the holder's pid is gone), otherwise once their
 * lease (JOB_LEASE_SECONDS, default 60) lapses without a heartbeat; that interrupted attempt counts
 * towards JOB_MAX_ATTEMPTS. Claimed webhook deliveries are released by recoverStaleDeliveries.
 */
export async function shutDownGracefully(
  signal: string,
  graceMs: number = getLifecycleSettings().shutdownGraceMs,
): Promise<void> {
  if (!beginShutdown()) return;
  log(`${signal} received; not ready, claiming no new tasks or webhook deliveries`);
  log(`waiting up to ${graceMs} ms for in-flight tasks and webhook deliveries`);
  const [tasks, deliveries] = await Promise.all([drainWorker(graceMs), drainWebhookWorker(graceMs)]);
  log(
    `${tasks.finished.length} task(s) finished in the grace period, ${tasks.released.length} released to the queue` +
      (tasks.released.length > 0 ? ` (${tasks.released.join(", ")})` : ""),
  );
  if (deliveries > 0)
    log(`${deliveries} webhook attempt(s) still on the wire; recovered as stale by the next worker`);
  // The database stays connected: the HTTP server still answers until Next closes it.
}

/**
 * Registers the SIGTERM/SIGINT handling once (from instrumentation.ts, nodejs runtime only). Next's
 * `next start` has its own handlers, which close the HTTP server and exit at once: they are taken
 * off and called after our drain, so the server keeps answering during the grace period (status
 * polls, a 503 readiness) and still closes its connections and exits the way Next does (code 143
 * for SIGTERM, 130 for SIGINT). A watchdog exits anyway if that close hangs. A repeated signal (a
 * shell's Ctrl-C reaches both `npm start` and this process) is ignored; SIGKILL stops at once.
 */
export function registerShutdownHandlers(): void {
  if (globalForShutdown.deckforgeShutdownHandlers) return;
  globalForShutdown.deckforgeShutdownHandlers = true;
  for (const signal of SIGNALS) {
    const others = process.listeners(signal) as TListener[];
    process.removeAllListeners(signal);
    let started = false;
    process.on(signal, () => {
      if (started) {
        log(`${signal} again; already shutting down (SIGKILL stops at once)`);
        return;
      }
      started = true;
      const { shutdownGraceMs } = getLifecycleSettings();
      void shutDownGracefully(signal, shutdownGraceMs)
        .catch((error: unknown) => console.error("[deckforge] shutdown failed:", error))
        .finally(() => exitAfter(signal, others));
    });
  }
}

/** Hands over to Next's own handlers (close the server, exit), or exits when there are none. */
function exitAfter(signal: TSignal, others: TListener[]): void {
  const code = signal === "SIGINT" ? 130 : 143;
  setTimeout(() => {
    log(`HTTP server did not close within ${CLOSE_MARGIN_MS} ms; exiting`);
    process.exit(code);
  }, CLOSE_MARGIN_MS).unref();
  if (others.length === 0) {
    log(`exiting (${code})`);
    process.exit(code);
  }
  log("closing the HTTP server and exiting");
  for (const listener of others) listener(signal);
}
