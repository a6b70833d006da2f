import "server-only";
import pg from "pg";
import PgBoss from "pg-boss";
import { getJobSettings } from "./job-settings";

/** Generation tasks: one job per task, `{ taskId }`. */
export const TASK_QUEUE = "deckforge-tasks";
/** Webhook deliveries: one job per due attempt, `{ deliveryId }`. */
export const DELIVERY_QUEUE = "deckforge-webhook-deliveries";
export type TBossQueue = typeof TASK_QUEUE | typeof DELIVERY_QUEUE;

/** Connections of pg-boss's own pool, per instance (Prisma's pool is separate). */
const BOSS_POOL_MAX = 4;

const globalForBoss = globalThis as unknown as { deckforgeBoss?: Promise<PgBoss> };

/**
 * This process's pg-boss, started once: its first start in a database installs or migrates its
 * schema (pg-boss serialises that with an advisory lock, so N instances starting together are safe),
 * and both queues are created if missing. A failed start is not cached: the next call tries again.
 */
export function getBoss(): Promise<PgBoss> {
  if (!globalForBoss.deckforgeBoss) {
    globalForBoss.deckforgeBoss = startBoss().catch((error: unknown) => {
      globalForBoss.deckforgeBoss = undefined;
      throw error;
    });
  }
  return globalForBoss.deckforgeBoss;
}

async function startBoss(): Promise<PgBoss> {
  const { boss: settings, maxAttempts } = getJobSettings();
  if (!settings) throw new Error("pg-boss is not the job queue engine (JOB_QUEUE)");
  return openBoss(settings, { maxAttempts, expireSeconds: settings.expireSeconds });
}

/**
 * Starts a pg-boss on `settings` and creates both queues if missing. Exported for the test that
 * starts several at once on an empty schema, as N instances deploying together do.
 */
export async function openBoss(
  settings: { schema: string; connectionString: string },
  queueSettings: TQueueSettings,
): Promise<PgBoss> {
  for (let attempt = 1; ; attempt++) {
    const boss = new PgBoss({
      connectionString: settings.connectionString,
      schema: settings.schema,
      max: BOSS_POOL_MAX,
      application_name: "deckforge-queue",
    });
    boss.on("error", (error) => console.error("[deckforge] pg-boss:", error));
    try {
      await boss.start();
      await createQueues(boss, settings, queueSettings);
      return boss;
    } catch (error) {
      await boss.stop({ graceful: false, wait: true }).catch(() => {});
      // pg-boss's own start creates its internal queues the way createQueues would ours, without a
      // lock: instances starting together on an empty schema can deadlock there, and PostgreSQL
      // aborts one of them. That one starts again once the others are through.
      if (!isDeadlock(error) || attempt >= START_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, attempt * 200 + Math.random() * 300));
    }
  }
}

/** Starts of one instance that may end in a deadlock before it gives up. */
const START_ATTEMPTS = 5;

/** PostgreSQL's deadlock_detected (40P01). */
function isDeadlock(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    ((error as { code?: string }).code === "40P01" || /deadlock detected/i.test(String(error)))
  );
}

/**
 * What the queues are made with: a task's job is retried `maxAttempts` times; pg-boss lets a job stay
 * active `expireSeconds` (JOB_EXPIRE_SECONDS) before it fails and retries it. A generation's liveness
 * is the Task row's lease (heartbeats); expiry only bounds a job whose process vanished.
 */
export type TQueueSettings = { maxAttempts: number; expireSeconds: number };

/**
 * Creates the two queues, or brings an existing queue's retries and expiry to these settings (the
 * first instance of a release to start applies a changed JOB_MAX_ATTEMPTS or JOB_EXPIRE_SECONDS),
 * one instance at a time. pg-boss's create_queue inserts the queue's row and then adds a partition
 * with foreign keys to the queue table; two instances creating the same queue at once deadlock on
 * that (the second's insert waits for the first's row, the first's foreign key waits for the
 * second's table lock) and PostgreSQL aborts one — an instance failing its first start. A session
 * advisory lock, held on a connection of its own and released by closing it, serialises them.
 */
async function createQueues(
  boss: PgBoss,
  settings: { schema: string; connectionString: string },
  { maxAttempts, expireSeconds }: TQueueSettings,
): Promise<void> {
  // `short`: at most one waiting job per singleton key (the task or delivery id), so sending a job
  // for work that already has one waiting is a no-op — the sweeps may send freely.
  const common = { policy: "short" as const, expireInSeconds: expireSeconds, retryBackoff: true };
  const queues = [
    { name: TASK_QUEUE, ...common, retryLimit: maxAttempts, retryDelay: 2 },
    { name: DELIVERY_QUEUE, ...common, retryLimit: 3, retryDelay: 5 },
  ];
  const current = async (queue: (typeof queues)[number]) => {
    const existing = await boss.getQueue(queue.name);
    if (!existing) return "missing";
    const same =
      existing.retryLimit === queue.retryLimit &&
      existing.retryDelay === queue.retryDelay &&
      existing.expireInSeconds === queue.expireInSeconds;
    return same ? "current" : "stale";
  };
  if ((await Promise.all(queues.map(current))).every((state) => state === "current")) return;
  const lock = new pg.Client({
    connectionString: settings.connectionString,
    application_name: "deckforge-queue",
  });
  await lock.connect();
  try {
    await lock.query("SELECT pg_advisory_lock(hashtext($1))", [`deckforge.pgboss.queues.${settings.schema}`]);
    for (const queue of queues) {
      const state = await current(queue);
      if (state === "missing") await boss.createQueue(queue.name, queue);
      else if (state === "stale") await boss.updateQueue(queue.name, queue);
    }
  } finally {
    await lock.end().catch(() => {});
  }
}

/**
 * Sends a job for one task or delivery, keyed by its id: a job already waiting for it makes this a
 * no-op. `startAfterSeconds` delays it (a webhook retry). Returns false when pg-boss could not take
 * it; the caller's row stays due in the database and the next sweep sends it again.
 */
export async function sendBossJob(
  queue: TBossQueue,
  id: string,
  data: { taskId: string } | { deliveryId: string },
  startAfterSeconds = 0,
): Promise<boolean> {
  try {
    const boss = await getBoss();
    await boss.send(queue, data, {
      singletonKey: id,
      ...(startAfterSeconds > 0 ? { startAfter: Math.ceil(startAfterSeconds) } : {}),
    });
    return true;
  } catch (error) {
    console.error(`[deckforge] pg-boss: job for ${id} not sent (the next sweep sends it):`, error);
    return false;
  }
}

/**
 * Jobs of `queue` waiting for a worker (created or due for retry), for readiness; null when pg-boss
 * is not running here. Active jobs are left out: one held by an instance that was killed stays
 * active until it expires, though the task row it names has long been taken back and finished.
 */
export async function bossQueueDepth(queue: TBossQueue): Promise<number | null> {
  if (!globalForBoss.deckforgeBoss) return null;
  const boss = await getBoss();
  return boss.getQueueSize(queue, { before: "active" });
}

/** Stops this process's pg-boss and closes its pool (tests; a server exits instead). */
export async function stopBoss(): Promise<void> {
  const started = globalForBoss.deckforgeBoss;
  globalForBoss.deckforgeBoss = undefined;
  if (started) await (await started.catch(() => undefined))?.stop({ graceful: false, wait: true });
}
