import "server-only";
import { type CallToolResult, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { ApiError } from "@/lib/api/errors";
import { toApiError } from "@/lib/api/to-api-error";

/** A tool's answer: the data as structured content, and the same JSON as text for clients without it. */
export function toolResult(data: Record<string, unknown>): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(data, null, 2) }], structuredContent: data };
}

/**
 * What the REST API would answer as a problem, as a tool error (`isError: true`) the model can read:
 * "insufficient_credits (402): This needs 9 credits and the account has 3.", each invalid field on a
 * line of its own. An unexpected error is logged with the request id and shown only as that id.
 */
export function toolError(thrown: unknown, requestId: string): CallToolResult {
  return { content: [{ type: "text", text: errorMessage(thrown, requestId) }], isError: true };
}

/** The message of `thrown` as toolError words it. */
export function errorMessage(thrown: unknown, requestId: string): string {
  const error = toApiError(thrown);
  if (error) return problemMessage(error);
  console.error(`[deckforge] MCP request ${requestId} failed:`, thrown);
  return `internal_error (500): An internal error occurred. Quote request id ${requestId} when reporting it.`;
}

function problemMessage(error: ApiError): string {
  const lines = [`${error.code} (${error.status}): ${error.message}`];
  const fields = error.details?.errors ?? [];
  if (fields.length > 1) for (const field of fields) lines.push(`- ${field.path}: ${field.message}`);
  return lines.join("\n");
}

/** What a tool's work is handed by the SDK that matters here: the call's cancellation. */
type TToolCall = { signal: AbortSignal };

/**
 * Runs a tool's work, answering any error as a tool error rather than a protocol error. Work ended
 * because the call was cancelled (or its connection closed) is not an error of the server's: it is
 * answered — to nobody, as a rule — without being logged.
 */
export async function runTool(
  requestId: string,
  call: TToolCall,
  work: () => Promise<Record<string, unknown>>,
): Promise<CallToolResult> {
  try {
    return toolResult(await work());
  } catch (error) {
    if (call.signal.aborted)
      return { content: [{ type: "text", text: "The call was cancelled." }], isError: true };
    return toolError(error, requestId);
  }
}

/** JSON-RPC error code of a resource that does not exist (MCP specification, resources). */
export const RESOURCE_NOT_FOUND = -32002;

/**
 * An error of a resource read as the JSON-RPC error the client gets: an unknown (or another
 * account's) presentation is "resource not found", other refusals invalid params, anything else an
 * internal error that shows only the request id.
 */
export function resourceError(thrown: unknown, requestId: string, uri: string): McpError {
  const error = toApiError(thrown);
  const message = errorMessage(thrown, requestId);
  if (error?.code === "not_found") return new McpError(RESOURCE_NOT_FOUND, message, { uri });
  return new McpError(error ? ErrorCode.InvalidParams : ErrorCode.InternalError, message);
}
