// POST /api/v1/ppt/layout — lay out a deck's slides into the boxes every renderer draws (editor previews)
import { parseBody } from "@/lib/api/parse-body";
import { json } from "@/lib/api/respond";
import { ZLayoutRequest } from "@/lib/api/schemas/presentations";
import { withApiKey } from "@/lib/api/with-api-key";
import { loadDeckLook } from "@/lib/brand-templates/deck-look";
import { layoutForClient } from "@/lib/presentations/layout-for-client";

export const POST = withApiKey(async ({ req, user }) => {
  const input = await parseBody(req, ZLayoutRequest);
  // A brand template must be the caller's own (404 otherwise); a deleted one still lays out its decks.
  const look = await loadDeckLook(input.deck, user.id);
  return json({ slides: layoutForClient(input.deck, input.slide_ids, undefined, look) });
});
