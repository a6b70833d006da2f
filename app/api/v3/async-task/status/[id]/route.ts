// GET /api/v3/async-task/status/{id} — a generation task's status, progress and result
import { json } from "@/lib/api/respond";
import { withApiKey } from "@/lib/api/with-api-key";
import { getTaskOrThrow } from "@/lib/jobs/get-task-or-throw";
import { toTaskView } from "@/lib/jobs/task-view";

export const GET = withApiKey<{ id: string }>(async ({ db, user, params }) => {
  return json(toTaskView(await getTaskOrThrow(db, user.id, params.id)));
});
