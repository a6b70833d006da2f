import "server-only";
import crypto from "node:crypto";
import { refundOrRetry } from "@/lib/credits/refund-credits";
import type { Db } from "@/lib/db";
import type { TGenerationJob } from "@/lib/presentations/generation-context";
import { reserveGeneration } from "@/lib/presentations/reserve-generation";
import type { TMcpCaller, TTaskInput } from "./task-input";
import { dispatchTask } from "./worker";

/**
 * Queues a generation: its credits are reserved first (a short balance is a 402 now, not a failed
 * task), then the task row — the only state the worker needs — is stored and handed to the queue.
 * `mcp` names the MCP tool call that queued it, so the call's cancellation can find it.
 */
export async function enqueueTask(
  db: Db,
  userId: string,
  job: TGenerationJob,
  origin: string,
  mcp?: TMcpCaller,
) {
  const id = crypto.randomUUID();
  const charge = await reserveGeneration(db, userId, job, id);
  const input: TTaskInput = {
    request: job.request,
    origin,
    charge,
    ...(job.warnings?.length ? { warnings: job.warnings } : {}),
    ...(mcp ? { mcp } : {}),
  };
  try {
    const task = await db.task.create({
      data: {
        id,
        userId,
        kind: job.kind,
        input: JSON.stringify(input),
        status: "pending",
        message: "Queued",
        progress: 0,
      },
    });
    await dispatchTask(id);
    return task;
  } catch (error) {
    await refundOrRetry(db, charge.entryId);
    throw error;
  }
}
