import "server-only";
import { getBoss, type TBossQueue } from "./pg-boss-client";

/** What a worker keeps of its pg-boss workers: whether it stopped, and their ids. */
export type TBossWorkerState = { stopped: boolean; bossWorkers: string[] };

/**
 * Registers `count` pg-boss workers on `queue`, one job at a time each, their ids kept in
 * `state.bossWorkers`. A job reaching a stopped state fails, so pg-boss hands it to another instance
 * after its retry delay. pg-boss unreachable: tried again after `retryMs` while the sweeps keep the
 * work safe in its table.
 */
export async function startBossWorkers<T extends object>(
  state: TBossWorkerState,
  queue: TBossQueue,
  options: { count: number; pollingIntervalSeconds: number; retryMs: number },
  handle: (data: T) => Promise<void>,
): Promise<void> {
  try {
    const boss = await getBoss();
    const work = { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds };
    for (let slot = 0; slot < options.count && !state.stopped; slot++) {
      const id = await boss.work<T>(queue, work, async ([job]) => {
        if (!job) return;
        if (state.stopped) throw new Error("this server is shutting down; another instance takes the job");
        await handle(job.data);
      });
      state.bossWorkers.push(id);
    }
    if (state.stopped) await stopBossWorkers(state);
  } catch (error) {
    console.error(`[deckforge] pg-boss workers on ${queue} could not start; retrying:`, error);
    if (!state.stopped)
      setTimeout(() => void startBossWorkers(state, queue, options, handle), options.retryMs).unref();
  }
}

/** Takes the state's pg-boss workers off their queue: they fetch nothing more. */
export async function stopBossWorkers(state: TBossWorkerState): Promise<void> {
  const ids = state.bossWorkers.splice(0);
  if (ids.length === 0) return;
  const boss = await getBoss();
  for (const id of ids) await boss.offWork({ id });
}

/** Wakes the state's pg-boss workers to fetch now rather than at their next poll. */
export async function notifyBossWorkers(state: TBossWorkerState): Promise<void> {
  if (state.bossWorkers.length === 0) return;
  try {
    const boss = await getBoss();
    for (const id of state.bossWorkers) boss.notifyWorker(id);
  } catch {
    // Only a nudge: the workers fetch at their next poll anyway.
  }
}
