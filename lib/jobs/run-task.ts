import "server-only";
import type { TPresentationResult } from "@/lib/api/schemas/common";
import { ZGenerateFromSlidesRequest, ZGeneratePresentationRequest } from "@/lib/api/schemas/generate";
import type { Db } from "@/lib/db";
import { generateFromSlides } from "@/lib/presentations/generate-from-slides";
import { generatePresentation, type TProgress } from "@/lib/presentations/generate-presentation";

/** A stored task's input: the validated request and the origin its links are built on. */
export type TTaskInput<T> = { request: T; origin: string };

type TaskRow = { id: string; userId: string; kind: string; input: string };

const HANDLERS = {
  generate_presentation: (db: Db, task: TaskRow, input: TTaskInput<unknown>, progress: TProgress) =>
    generatePresentation(
      db,
      task.userId,
      ZGeneratePresentationRequest.parse(input.request),
      input.origin,
      progress,
      task.id,
    ),
  generate_from_slides: (db: Db, task: TaskRow, input: TTaskInput<unknown>, progress: TProgress) =>
    generateFromSlides(
      db,
      task.userId,
      ZGenerateFromSlidesRequest.parse(input.request),
      input.origin,
      progress,
      task.id,
    ),
} as const;

export type TTaskKind = keyof typeof HANDLERS;

/** Runs a claimed task by its kind; the request is re-validated, as stored JSON is not trusted. */
export function runTask(db: Db, task: TaskRow, progress: TProgress): Promise<TPresentationResult> {
  const handler = HANDLERS[task.kind as TTaskKind];
  if (!handler) throw new Error(`Unknown task kind '${task.kind}'`);
  return handler(db, task, JSON.parse(task.input) as TTaskInput<unknown>, progress);
}
