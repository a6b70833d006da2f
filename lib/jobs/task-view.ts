import { z } from "zod";
import type { TProblem } from "@/lib/api/errors";
import { ZPresentationResult } from "@/lib/api/schemas/common";

export const ZTaskStatus = z.enum(["pending", "processing", "completed", "error"]);

/** What the status endpoints answer for a task. */
export const ZTaskView = z.object({
  id: z.uuid(),
  status: ZTaskStatus.describe(
    "pending → processing → completed, or error when the generation failed or was cancelled (the failure status is `error`, never `failed`: a client waiting for `failed` would poll forever; `error` then holds the problem, whose code is `cancelled` for a cancelled task).",
  ),
  message: z.string(),
  progress: z.number().int().min(0).max(100),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  data: ZPresentationResult.optional(),
  error: z.record(z.string(), z.unknown()).optional(),
  warnings: z
    .array(z.string())
    .optional()
    .describe(
      "Only in the 202 answer that queued the task: request fields that were ignored (the finished task's `data.warnings` repeats them).",
    ),
});
export type TTaskView = z.infer<typeof ZTaskView>;

type TaskRow = {
  id: string;
  status: string;
  message: string;
  progress: number;
  createdAt: Date;
  updatedAt: Date;
  result: string | null;
  error: string | null;
};

/**
 * The public view of a stored task; `data` and `error` are parsed from their JSON columns.
 * `warnings` are the request's parse warnings, given when the task is queued.
 */
export function toTaskView(task: TaskRow, warnings: string[] = []): TTaskView {
  return ZTaskView.parse({
    ...(warnings.length > 0 ? { warnings } : {}),
    id: task.id,
    status: task.status,
    message: task.message,
    progress: task.progress,
    created_at: task.createdAt.toISOString(),
    updated_at: task.updatedAt.toISOString(),
    ...(task.result ? { data: JSON.parse(task.result) } : {}),
    ...(task.error ? { error: JSON.parse(task.error) as TProblem } : {}),
  });
}
