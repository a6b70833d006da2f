// POST /api/v1/ppt/presentation/{id}/duplicate — copy a presentation's current deck into a new one (201)
import { publicOrigin } from "@/lib/api/public-origin";
import { json } from "@/lib/api/respond";
import { ZDuplicatePresentationResponse } from "@/lib/api/schemas/presentations";
import { withApiKey } from "@/lib/api/with-api-key";
import { duplicatePresentation } from "@/lib/presentations/duplicate-presentation";

export const POST = withApiKey<{ id: string }>(async ({ req, db, user, params }) => {
  const copy = await duplicatePresentation(db, user.id, params.id, publicOrigin(req));
  return json(ZDuplicatePresentationResponse.parse(copy), { status: 201 });
});
