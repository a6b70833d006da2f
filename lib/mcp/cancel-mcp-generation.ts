import "server-only";
import { ApiError } from "@/lib/api/errors";
import { cancelTask } from "@/lib/jobs/cancel-task";
import { readTaskInput } from "@/lib/jobs/task-input";
import type { TMcpContext } from "./mcp-context";

/** The JSON-RPC request id a task's `mcp.requestId` holds: JSON-encoded, so 3 and "3" differ. */
export function mcpRequestKey(requestId: string | number): string {
  return JSON.stringify(requestId);
}

/**
 * An MCP client's notifications/cancelled for a generate_presentation call cancels its task (it
 * stops, keeps no deck and is refunded: cancelTask). The HTTP transport is stateless, so the
 * notification comes in a POST of its own, to any instance: the task is found in the database by
 * the account, the API key and the call's request id. Request ids are only unique per client, so
 * when two unfinished generations of the key share the id (two clients on one key) neither is
 * cancelled. A call that already finished, or one that is not a generation, is nothing to cancel.
 */
export async function cancelMcpGeneration(
  ctx: TMcpContext,
  requestId: string | number | undefined,
  reason: string | undefined,
): Promise<void> {
  if (requestId === undefined) return;
  const key = mcpRequestKey(requestId);
  const unfinished = await ctx.db.task.findMany({
    where: { userId: ctx.userId, status: { in: ["pending", "processing"] } },
    select: { id: true, input: true },
  });
  const calls = unfinished.filter((task) => {
    const mcp = readTaskInput(task.input).mcp;
    return mcp?.apiKeyId === ctx.apiKeyId && mcp.requestId === key;
  });
  if (calls.length !== 1) {
    if (calls.length > 1)
      console.warn(
        `[deckforge] MCP cancellation of request ${key} left alone: ${calls.length} unfinished generations of this key have that id`,
      );
    return;
  }
  const task = calls[0];
  const why = reason ? `: ${reason}` : "";
  const detail = `Task ${task.id} was cancelled before it finished (the MCP client cancelled generate_presentation${why}); its credits were refunded.`;
  await cancelTask(ctx.db, ctx.userId, task.id, detail).catch((error: unknown) => {
    // It finished between the lookup and the cancellation: nothing left to cancel.
    if (!(error instanceof ApiError && error.code === "conflict")) throw error;
  });
}
