import "server-only";
import type { TProblem } from "@/lib/api/errors";
import type { TPresentationResult } from "@/lib/api/schemas/common";
import { refundCredits } from "@/lib/credits/refund-credits";
import type { Db } from "@/lib/db";
import { failureProblem } from "@/lib/presentations/failure-problem";
import type { TGenerationJob, TProgress } from "@/lib/presentations/generation-context";
import { notifyGeneration } from "@/lib/presentations/notify-generation";
import { runGeneration } from "@/lib/presentations/run-generation";
import { ownedBy, type TTaskClaim } from "./claim-next-task";
import { renewTaskLease } from "./renew-task-lease";
import { readTaskInput, type TTaskInput, taskJob } from "./task-input";

/**
 * Runs a claimed task to its end: a heartbeat keeps the lease while it runs, progress is written
 * as it goes, and the outcome (result, or problem + refund) is written only while the claim is
 * still this worker's — a task taken back from a stalled worker is finished by its new owner.
 */
export async function executeTask(db: Db, claim: TTaskClaim, heartbeatMs: number): Promise<void> {
  const owned = ownedBy(claim);
  let lost = false;
  const heartbeat = setInterval(() => {
    void renewTaskLease(db, claim).then(
      (held) => {
        if (!held && !lost) console.warn(`[deckforge] task ${claim.id}: lease lost, another worker took it`);
        lost ||= !held;
      },
      (error: unknown) => console.error(`[deckforge] task ${claim.id}: heartbeat failed:`, error),
    );
  }, heartbeatMs);
  heartbeat.unref();

  // Writes run one after another so a late write never replaces a newer message.
  let writes = Promise.resolve();
  const progress: TProgress = (message, percent) => {
    writes = writes
      .then(async () => {
        if (lost) return;
        await db.task.updateMany({
          where: owned,
          data: { message, progress: percent, lockedAt: new Date() },
        });
      })
      .catch((error: unknown) =>
        console.error(`[deckforge] task ${claim.id}: progress write failed:`, error),
      );
    return writes;
  };

  try {
    const task = await db.task.findUnique({
      where: { id: claim.id },
      select: { userId: true, kind: true, input: true },
    });
    // Gone: its account was deleted while it ran.
    if (task) await run(db, claim, task, progress, () => writes);
  } finally {
    clearInterval(heartbeat);
  }
}

async function run(
  db: Db,
  claim: TTaskClaim,
  task: { userId: string; kind: string; input: string },
  progress: TProgress,
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
    });
    outcome = { result };
  } catch (error) {
    outcome = { error: failureProblem(error, { taskId: claim.id }) };
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
  if (count === 0) return;
  if (refundEntryId) await refundCredits(db, refundEntryId);
  if (job) await notifyGeneration(db, userId, job, { taskId: claim.id, ...outcome });
}
