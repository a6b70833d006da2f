import "server-only";
import type { TProblem } from "@/lib/api/errors";
import type { TPresentationResult } from "@/lib/api/schemas/common";
import type { Db } from "@/lib/db";
import { emitWebhookEvent } from "@/lib/webhooks/emit-webhook-event";
import type { TGenerationJob } from "./generation-context";

/** How a generation ended, as its webhook reports it. */
export type TGenerationOutcome = { taskId?: string } & (
  | { result: TPresentationResult }
  | { error: TProblem }
);

/**
 * Fires presentation.generation.completed / .failed for a request sent with trigger_webhook:
 * true; requests without it (and kinds without the field) send nothing.
 */
export async function notifyGeneration(
  db: Db,
  userId: string,
  job: TGenerationJob,
  outcome: TGenerationOutcome,
): Promise<void> {
  if (!("trigger_webhook" in job.request) || job.request.trigger_webhook !== true) return;
  const task = outcome.taskId ? { task_id: outcome.taskId } : {};
  if ("result" in outcome) {
    await emitWebhookEvent(db, userId, "presentation.generation.completed", { ...task, ...outcome.result });
  } else {
    await emitWebhookEvent(db, userId, "presentation.generation.failed", { ...task, error: outcome.error });
  }
}
