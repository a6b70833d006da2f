// GET /api/v3/async-task/status/{id} — a generation task's status, progress and result
// DELETE /api/v3/async-task/status/{id} — cancels the task while it is queued or running
import { json } from "@/lib/api/respond";
import { withApiKey } from "@/lib/api/with-api-key";
import { cancelTask } from "@/lib/jobs/cancel-task";
import { getTaskOrThrow } from "@/lib/jobs/get-task-or-throw";
import { toTaskView } from "@/lib/jobs/task-view";

export const GET = withApiKey<{ id: string }>(async ({ db, user, params }) => {
  return json(toTaskView(await getTaskOrThrow(db, user.id, params.id)));
});

export const DELETE = withApiKey<{ id: string }>(async ({ db, user, params }) => {
  const detail = `Task ${params.id} was cancelled before it finished (DELETE on its status); its credits were refunded.`;
  return json(await cancelTask(db, user.id, params.id, detail));
});
