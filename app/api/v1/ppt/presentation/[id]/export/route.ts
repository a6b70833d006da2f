// POST /api/v1/ppt/presentation/{id}/export — the saved deck as PPTX or PDF, with a signed download link
import { parseBody } from "@/lib/api/parse-body";
import { publicOrigin } from "@/lib/api/public-origin";
import { json } from "@/lib/api/respond";
import { ZExportPresentationRequest, ZExportPresentationResponse } from "@/lib/api/schemas/presentations";
import { withApiKey } from "@/lib/api/with-api-key";
import { exportPresentation } from "@/lib/presentations/export-presentation";

export const POST = withApiKey<{ id: string }>(async ({ req, db, user, params }) => {
  const input = await parseBody(req, ZExportPresentationRequest);
  const file = await exportPresentation(db, user.id, params.id, input, publicOrigin(req));
  return json(ZExportPresentationResponse.parse(file));
});
