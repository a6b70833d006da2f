// POST /api/v3/presentation/generate — reviewed outline slides → deck file
import { parseBody } from "@/lib/api/parse-body";
import { publicOrigin } from "@/lib/api/public-origin";
import { json } from "@/lib/api/respond";
import { ZPresentationResult } from "@/lib/api/schemas/common";
import { ZGenerateFromSlidesRequest } from "@/lib/api/schemas/generate";
import { withApiKey } from "@/lib/api/with-api-key";
import { generateFromSlides } from "@/lib/presentations/generate-from-slides";

export const POST = withApiKey(async ({ req, db, user }) => {
  const input = await parseBody(req, ZGenerateFromSlidesRequest);
  const result = await generateFromSlides(db, user.id, input, publicOrigin(req));
  return json(ZPresentationResult.parse(result));
});
