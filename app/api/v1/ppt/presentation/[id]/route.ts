// GET /api/v1/ppt/presentation/{id} — the stored Deck document and fresh download links, owner only
// PUT /api/v1/ppt/presentation/{id} — save an edited Deck over the version it was based on (409 if stale)
// PATCH /api/v1/ppt/presentation/{id} — rename (title and deck title; 409 when `version` is stale)
// DELETE /api/v1/ppt/presentation/{id} — delete the presentation and its exports' records (204)

import { parseBody } from "@/lib/api/parse-body";
import { publicOrigin } from "@/lib/api/public-origin";
import { json } from "@/lib/api/respond";
import {
  ZRenamePresentationRequest,
  ZRenamePresentationResponse,
  ZSaveDeckRequest,
  ZSaveDeckResponse,
} from "@/lib/api/schemas/presentations";
import { withApiKey } from "@/lib/api/with-api-key";
import { deletePresentation } from "@/lib/presentations/delete-presentation";
import { getPresentationDetail } from "@/lib/presentations/get-presentation-detail";
import { renamePresentation } from "@/lib/presentations/rename-presentation";
import { saveDeck } from "@/lib/presentations/save-deck";

export const GET = withApiKey<{ id: string }>(async ({ req, db, user, params }) =>
  json(await getPresentationDetail(db, user.id, params.id, publicOrigin(req))),
);

export const PUT = withApiKey<{ id: string }>(async ({ req, db, user, params }) => {
  const input = await parseBody(req, ZSaveDeckRequest);
  return json(ZSaveDeckResponse.parse(await saveDeck(db, user.id, params.id, input)));
});

export const PATCH = withApiKey<{ id: string }>(async ({ req, db, user, params }) => {
  const input = await parseBody(req, ZRenamePresentationRequest);
  return json(ZRenamePresentationResponse.parse(await renamePresentation(db, user.id, params.id, input)));
});

export const DELETE = withApiKey<{ id: string }>(async ({ db, user, params }) => {
  await deletePresentation(db, user.id, params.id);
  return new Response(null, { status: 204 });
});
