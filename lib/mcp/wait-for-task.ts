import "server-only";
import { ApiError, ERROR_CODES, type TErrorCode } from "@/lib/api/errors";
import type { TPresentationResult } from "@/lib/api/schemas/common";
import { ZPresentationResult } from "@/lib/api/schemas/common";
import type { Db } from "@/lib/db";
import { getTaskOrThrow } from "@/lib/jobs/get-task-or-throw";
import { type TTaskView, toTaskView } from "@/lib/jobs/task-view";

/** Time between the last progress report and the result, so they travel as two reads. */
const REPORT_GAP_MS = 50;

/** How often the task row is read while waiting: a generation takes a second offline, minutes with an LLM. */
export const TASK_POLL_MS = 250;

type TWaitOptions = {
  /** Called with the task when its progress has risen since the last call (and once at the start). */
  onProgress: (task: TTaskView) => Promise<void>;
  /** Ends the wait (the MCP request was cancelled or its connection closed); the task runs on. */
  signal: AbortSignal;
  pollMs?: number;
};

/**
 * Waits for the user's generation task, wherever a worker runs it (the task row is the truth, as
 * for GET /api/v3/async-task/status/{id}), and answers its result. A task that ends in `error`
 * throws its problem as an ApiError, so it reads as the synchronous endpoint's refusal would.
 */
export async function waitForTask(
  db: Db,
  userId: string,
  taskId: string,
  options: TWaitOptions,
): Promise<TPresentationResult> {
  let reported = -1;
  for (;;) {
    const task = toTaskView(await getTaskOrThrow(db, userId, taskId));
    const progress = task.status === "completed" ? 100 : task.progress;
    if (progress > reported) {
      await options.onProgress({ ...task, progress });
      reported = progress;
    }
    if (task.status === "completed") {
      // The last report (100) goes out a moment before the result: a client that reads both in one
      // chunk handles the response first and drops the report (the SDK's Client does).
      await delay(REPORT_GAP_MS, options.signal);
      return ZPresentationResult.parse(task.data);
    }
    if (task.status === "error") throw taskProblem(task);
    await delay(options.pollMs ?? TASK_POLL_MS, options.signal);
  }
}

/** The problem a failed task stored, as the error the route wrapper would have answered. */
function taskProblem(task: TTaskView): ApiError {
  const problem = task.error ?? {};
  const code =
    typeof problem.code === "string" && problem.code in ERROR_CODES ? problem.code : "internal_error";
  const detail =
    typeof problem.detail === "string" ? problem.detail : `Task ${task.id} failed: ${task.message}`;
  const errors = Array.isArray(problem.errors)
    ? problem.errors.filter(
        (item): item is { path: string; message: string } =>
          typeof item?.path === "string" && typeof item?.message === "string",
      )
    : undefined;
  return new ApiError(code as TErrorCode, detail, errors?.length ? { errors } : undefined);
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", abort, { once: true });
  });
}
