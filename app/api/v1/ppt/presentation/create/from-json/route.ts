// POST /api/v1/ppt/presentation/create/from-json — structured slides → deck file, no generation
import { parseBody } from "@/lib/api/parse-body";
import { publicOrigin } from "@/lib/api/public-origin";
import { json } from "@/lib/api/respond";
import { ZPresentationResult } from "@/lib/api/schemas/common";
import { ZCreateFromJsonRequest } from "@/lib/api/schemas/generate";
import { withApiKey } from "@/lib/api/with-api-key";
import { createFromJson } from "@/lib/presentations/create-from-json";

export const POST = withApiKey(async ({ req, db, user }) => {
  const input = await parseBody(req, ZCreateFromJsonRequest);
  const result = await createFromJson(db, user.id, input, publicOrigin(req));
  return json(ZPresentationResult.parse(result));
});
