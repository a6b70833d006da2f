import "server-only";
import { problem, type TProblem } from "@/lib/api/errors";
import { toApiError } from "@/lib/api/to-api-error";

/**
 * The problem body a failed generation reports (task `error`, failed-webhook payload). An
 * unexpected error is shown only as an internal error naming `reference`, and logged unless the
 * caller rethrows it to the route wrapper, which logs it itself.
 */
export function failureProblem(
  thrown: unknown,
  reference: { taskId?: string; requestId?: string },
  options: { log?: boolean } = {},
): TProblem {
  const error = toApiError(thrown);
  if (error) return problem(error.code, error.message, error.details?.errors);
  const label = reference.taskId ? `task id ${reference.taskId}` : `request id ${reference.requestId}`;
  if (options.log !== false) console.error(`[deckforge] generation (${label}) failed:`, thrown);
  return problem(
    "internal_error",
    `The generation failed with an internal error. Quote ${label} when reporting it.`,
  );
}
