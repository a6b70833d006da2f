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
import { ZDeck } from "@/lib/deck/schema";
import { deletePresentation } from "@/lib/presentations/delete-presentation";
import { getPresentationOrThrow } from "@/lib/presentations/get-presentation-or-throw";
import { downloadUrl, editUrl, exportStorageKey, fileNameFor } from "@/lib/presentations/links";
import { renamePresentation } from "@/lib/presentations/rename-presentation";
import { saveDeck } from "@/lib/presentations/save-deck";

export const GET = withApiKey<{ id: string }>(async ({ req, db, user, params }) => {
  const presentation = await getPresentationOrThrow(db, user.id, params.id);
  const deck = ZDeck.parse(JSON.parse(presentation.deck));
  const origin = publicOrigin(req);
  return json({
    presentation_id: presentation.id,
    title: presentation.title,
    version: presentation.version,
    created_at: presentation.createdAt.toISOString(),
    updated_at: presentation.updatedAt.toISOString(),
    slide_count: deck.slides.length,
    edit_path: editUrl(origin, presentation.id),
    exports: await Promise.all(
      presentation.exports.map(async (item) => ({
        format: item.format,
        slide_count: item.slideCount,
        created_at: item.createdAt.toISOString(),
        path: await downloadUrl(origin, {
          exportId: item.id,
          storageKey: exportStorageKey(item.id, item.format),
          fileName: fileNameFor(presentation.title, item.format),
        }),
      })),
    ),
    deck,
  });
});

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
