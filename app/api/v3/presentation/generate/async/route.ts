// POST /api/v3/presentation/generate/async — queue a v3 generation, answer the task (202)
import { parseBodyLenient } from "@/lib/api/parse-body";
import { publicOrigin } from "@/lib/api/public-origin";
import { json } from "@/lib/api/respond";
import { ZGenerateFromSlidesRequest } from "@/lib/api/schemas/generate";
import { withApiKey } from "@/lib/api/with-api-key";
import { assertTemplateUsable } from "@/lib/brand-templates/assert-template-usable";
import { withIdempotency } from "@/lib/idempotency/with-idempotency";
import { enqueueTask } from "@/lib/jobs/enqueue-task";
import { toTaskView } from "@/lib/jobs/task-view";

export const POST = withApiKey(async ({ req, db, user }) => {
  const { data: request, warnings, headers, sent } = await parseBodyLenient(req, ZGenerateFromSlidesRequest);
  await assertTemplateUsable(db, user.id, {
    template: request.standard_template,
    themeSent: sent.has("theme"),
    headers,
  });
  return withIdempotency({ req, db, userId: user.id }, request, async () => {
    const task = await enqueueTask(
      db,
      user.id,
      { kind: "generate_from_slides", request, warnings },
      publicOrigin(req),
    );
    return json(toTaskView(task, warnings), { status: 202, headers });
  });
});
