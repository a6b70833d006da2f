// POST /api/v1/ppt/presentation/generate — content → outline → deck file, synchronously
import { parseBody } from "@/lib/api/parse-body";
import { publicOrigin } from "@/lib/api/public-origin";
import { json } from "@/lib/api/respond";
import { ZPresentationResult } from "@/lib/api/schemas/common";
import { ZGeneratePresentationRequest } from "@/lib/api/schemas/generate";
import { withApiKey } from "@/lib/api/with-api-key";
import { generatePresentation } from "@/lib/presentations/generate-presentation";

export const POST = withApiKey(async ({ req, db, user }) => {
  const input = await parseBody(req, ZGeneratePresentationRequest);
  const result = await generatePresentation(db, user.id, input, publicOrigin(req));
  return json(ZPresentationResult.parse(result));
});
