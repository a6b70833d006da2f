// POST /api/v1/ppt/layout — lay out a deck's slides into the boxes every renderer draws (editor previews)
import { parseBody } from "@/lib/api/parse-body";
import { json } from "@/lib/api/respond";
import { ZLayoutRequest } from "@/lib/api/schemas/presentations";
import { withApiKey } from "@/lib/api/with-api-key";
import { layoutForClient } from "@/lib/presentations/layout-for-client";

export const POST = withApiKey(async ({ req }) => {
  const input = await parseBody(req, ZLayoutRequest);
  return json({ slides: layoutForClient(input.deck, input.slide_ids) });
});
