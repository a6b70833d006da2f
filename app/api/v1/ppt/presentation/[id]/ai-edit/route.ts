// POST /api/v1/ppt/presentation/{id}/ai-edit — a proposal for one slide from a prompt (charged, not saved)

import { parseBody } from "@/lib/api/parse-body";
import { json } from "@/lib/api/respond";
import { ZAiEditRequest, ZAiEditResponse } from "@/lib/api/schemas/ai-edit";
import { withApiKey } from "@/lib/api/with-api-key";
import { aiEditSlide } from "@/lib/edit/ai-edit-slide";

export const POST = withApiKey<{ id: string }>(async ({ req, db, user, params }) => {
  const input = await parseBody(req, ZAiEditRequest);
  return json(ZAiEditResponse.parse(await aiEditSlide(db, user.id, params.id, input)));
});
