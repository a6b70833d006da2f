// POST /api/v1/ppt/presentation/{id}/switch-layout — a slide's own content in another layout (free, not saved)

import { parseBody } from "@/lib/api/parse-body";
import { json } from "@/lib/api/respond";
import { ZSwitchLayoutRequest, ZSwitchLayoutResponse } from "@/lib/api/schemas/switch-layout";
import { withApiKey } from "@/lib/api/with-api-key";
import { switchSlideLayout } from "@/lib/edit/switch-layout";

export const POST = withApiKey<{ id: string }>(async ({ req, db, user, params }) => {
  const input = await parseBody(req, ZSwitchLayoutRequest);
  return json(ZSwitchLayoutResponse.parse(await switchSlideLayout(db, user.id, params.id, input)));
});
