// POST /api/v1/ppt/presentation/generate/async — queue a v1 generation, answer the task (202)
import { parseBodyLenient } from "@/lib/api/parse-body";
import { publicOrigin } from "@/lib/api/public-origin";
import { json } from "@/lib/api/respond";
import { ZGeneratePresentationRequest } from "@/lib/api/schemas/generate";
import { withApiKey } from "@/lib/api/with-api-key";
import { assertTemplateUsable } from "@/lib/brand-templates/assert-template-usable";
import { assertUploadedFiles } from "@/lib/files/assert-uploaded-files";
import { withIdempotency } from "@/lib/idempotency/with-idempotency";
import { enqueueTask } from "@/lib/jobs/enqueue-task";
import { toTaskView } from "@/lib/jobs/task-view";

export const POST = withApiKey(async ({ req, db, user }) => {
  const {
    data: request,
    warnings,
    headers,
    sent,
  } = await parseBodyLenient(req, ZGeneratePresentationRequest);
  await assertTemplateUsable(db, user.id, {
    template: request.template,
    themeSent: sent.has("theme"),
    headers,
  });
  // A bad file reference is the request's fault: answer 422 now rather than fail the task later.
  await assertUploadedFiles(db, user.id, request.files ?? []);
  return withIdempotency({ req, db, userId: user.id }, request, async () => {
    const task = await enqueueTask(
      db,
      user.id,
      { kind: "generate_presentation", request, warnings },
      publicOrigin(req),
    );
    return json(toTaskView(task, warnings), { status: 202, headers });
  });
});
