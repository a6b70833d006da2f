import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db";

/** The user's task, or 404 — another account's task id is answered the same as an unknown one. */
export async function getTaskOrThrow(db: Db, userId: string, id: string) {
  const task = /^[0-9a-f-]{36}$/i.test(id) ? await db.task.findFirst({ where: { id, userId } }) : null;
  if (!task) throw new ApiError("not_found", `No task with id '${id}'.`);
  return task;
}
