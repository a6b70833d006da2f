import "server-only";
import type { TProblem } from "@/lib/api/errors";
import type { TPresentationResult } from "@/lib/api/schemas/common";
import { refundCredits } from "@/lib/credits/refund-credits";
import type { Db } from "@/lib/db";
import { deletePresentation } from "@/lib/presentations/delete-presentation";
import { failureProblem } from "@/lib/presentations/failure-problem";
import type { TGenerationJob, TProgress } from "@/lib/presentations/generation-context";
import { notifyGeneration } from "@/lib/presentations/notify-generation";
import { runGeneration } from "@/lib/presentations/run-generation";
import { ownedBy, type TTaskClaim } from "./claim-next-task";
import { renewTaskLease } from "./renew-task-lease";
import { readTaskInput, type TTaskInput, taskJob } from "./task-input";

/** How often a running task checks that it is still its worker's (not cancelled). */
const CLAIM_CHECK_MS = 2000;

/**
 * Runs a claimed task to its end: a heartbeat keeps the lease while it runs, progress is written
 * as it goes, and the outcome (result, or problem + refund) is written only while the claim is
 * still this worker's — a task taken back from a stalled worker is finished by its new owner.
 */
export async function executeTask(db: Db, claim: TTaskClaim, heartbeatMs: number): Promise<void> {
  const owned = ownedBy(claim);
  // Aborted once the claim is lost (the task was cancelled or taken back): the model calls stop.
  const stop = new AbortController();
  let lost = false;
  const lose = (held: boolean) => {
    if (held || lost) return;
    lost = true;
    console.warn(`[deckforge] task ${claim.id}: claim lost (cancelled, or taken back by another worker)`);
    stop.abort(new ClaimLostError(claim.id));
  };
  const heartbeat = setInterval(() => {
    void renewTaskLease(db, claim).then(lose, (error: unknown) =>
      console.error(`[deckforge] task ${claim.id}: heartbeat failed:`, error),
    );
  }, heartbeatMs);
  heartbeat.unref();
  // A cancellation is seen within CLAIM_CHECK_MS even inside a long model call (a read, not a write).
  const watch = setInterval(() => {
    void db.task.count({ where: owned }).then(
      (count) => lose(count === 1),
      () => {},
    );
  }, CLAIM_CHECK_MS);
  watch.unref();

  // Writes run one after another so a late write never replaces a newer message. A write that
  // misses means the claim is lost (the task was cancelled or taken back): the generation's next
  // awaited step then throws, so it stops instead of making a deck nobody will be given.
  let writes = Promise.resolve();
  const progress: TProgress = (message, percent) => {
    writes = writes
      .then(async () => {
        if (lost) return;
        const { count } = await db.task.updateMany({
          where: owned,
          data: { message, progress: percent, lockedAt: new Date() },
        });
        lose(count === 1);
      })
      .catch((error: unknown) =>
        console.error(`[deckforge] task ${claim.id}: progress write failed:`, error),
      );
    const written = writes.then(() => {
      if (lost) throw new ClaimLostError(claim.id);
    });
    // A step that does not wait for its report (`void progress(…)`) leaves no unhandled rejection.
    written.catch(() => {});
    return written;
  };

  try {
    const task = await db.task.findUnique({
      where: { id: claim.id },
      select: { userId: true, kind: true, input: true },
    });
    // Gone: its account was deleted while it ran.
    if (task) await run(db, claim, task, { progress, signal: stop.signal }, () => writes);
  } finally {
    clearInterval(heartbeat);
    clearInterval(watch);
  }
}

async function run(
  db: Db,
  claim: TTaskClaim,
  task: { userId: string; kind: string; input: string },
  { progress, signal }: { progress: TProgress; signal: AbortSignal },
  pendingWrites: () => Promise<void>,
): Promise<void> {
  let input: TTaskInput | undefined;
  let job: TGenerationJob | undefined;
  let outcome: { result: TPresentationResult } | { error: TProblem };
  try {
    input = readTaskInput(task.input);
    job = taskJob(task.kind, input.request, input.warnings);
    const result = await runGeneration(db, task.userId, job, {
      origin: input.origin,
      charge: input.charge,
      progress,
      taskId: claim.id,
      signal,
    });
    outcome = { result };
  } catch (error) {
    const stopped = error instanceof ClaimLostError;
    outcome = { error: failureProblem(error, { taskId: claim.id }, { log: !stopped }) };
  }
  await pendingWrites();
  // Only a failed generation is refunded; a failure to record a success is not one.
  await finish(db, claim, task.userId, job, outcome, "error" in outcome ? input?.charge.entryId : undefined);
}

/**
 * Writes the outcome while the claim holds, then — only then — refunds a failure and fires the
 * webhook, so a task taken back is neither refunded nor reported twice.
 */
async function finish(
  db: Db,
  claim: TTaskClaim,
  userId: string,
  job: TGenerationJob | undefined,
  outcome: { result: TPresentationResult } | { error: TProblem },
  refundEntryId?: string,
): Promise<void> {
  const data =
    "result" in outcome
      ? { status: "completed", message: "Completed", progress: 100, result: JSON.stringify(outcome.result) }
      : { status: "error", message: outcome.error.detail, error: JSON.stringify(outcome.error) };
  const { count } = await db.task.updateMany({ where: ownedBy(claim), data: { ...data, lockedBy: null } });
  if (count === 0) {
    if ("result" in outcome) await discardLostDeck(db, claim.id, userId, outcome.result.presentation_id);
    return;
  }
  if (refundEntryId) await refundCredits(db, refundEntryId);
  if (job) await notifyGeneration(db, userId, job, { taskId: claim.id, ...outcome });
}

/** Thrown by a progress report once the claim is lost, to stop the generation at that step. */
class ClaimLostError extends Error {
  constructor(taskId: string) {
    super(`Task ${taskId} is no longer this worker's (cancelled, or taken back).`);
  }
}

/**
 * Deletes the deck a worker finished after losing its claim, unless the task's result is that deck:
 * a cancelled task leaves no presentation, and a task taken back keeps only its new owner's.
 */
async function discardLostDeck(db: Db, taskId: string, userId: string, presentationId: string) {
  const task = await db.task.findUnique({ where: { id: taskId }, select: { result: true } });
  if (
    task?.result &&
    (JSON.parse(task.result) as { presentation_id?: string }).presentation_id === presentationId
  )
    return;
  await deletePresentation(db, userId, presentationId).catch((error: unknown) =>
    console.error(`[deckforge] task ${taskId}: deleting the deck of a lost claim failed:`, error),
  );
}
