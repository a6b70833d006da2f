// GET /api/v1/ppt/presentation/{id} — the stored Deck document and fresh download links, owner only
import { publicOrigin } from "@/lib/api/public-origin";
import { json } from "@/lib/api/respond";
import { withApiKey } from "@/lib/api/with-api-key";
import { ZDeck } from "@/lib/deck/schema";
import { getPresentationOrThrow } from "@/lib/presentations/get-presentation-or-throw";
import { downloadUrl, editUrl, fileNameFor } from "@/lib/presentations/links";

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
    exports: presentation.exports.map((item) => ({
      format: item.format,
      slide_count: item.slideCount,
      created_at: item.createdAt.toISOString(),
      path: downloadUrl(origin, item.id, fileNameFor(presentation.title, item.format)),
    })),
    deck,
  });
});
