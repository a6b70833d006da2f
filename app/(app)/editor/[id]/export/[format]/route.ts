// GET /editor/{id}/export/{pptx|pdf} — the editor's download buttons: the saved deck re-rendered, owner's session only
import { ApiError } from "@/lib/api/errors";
import { withSession } from "@/lib/api/with-api-key";
import { loadDeckLook } from "@/lib/brand-templates/deck-look";
import { ZDeck } from "@/lib/deck/schema";
import { getPresentationOrThrow } from "@/lib/presentations/get-presentation-or-throw";
import { fileNameFor } from "@/lib/presentations/links";
import { renderDeck } from "@/lib/render/render-deck";

export const GET = withSession<{ id: string; format: string }>(async ({ db, user, params }) => {
  if (params.format !== "pptx" && params.format !== "pdf") {
    throw new ApiError("not_found", `No export format '${params.format}'; use pptx or pdf.`);
  }
  const presentation = await getPresentationOrThrow(db, user.id, params.id);
  const deck = ZDeck.parse(JSON.parse(presentation.deck));
  const rendered = await renderDeck(deck, params.format, undefined, await loadDeckLook(deck, user.id));
  return new Response(new Uint8Array(rendered.bytes), {
    headers: {
      "content-type": rendered.contentType,
      "content-disposition": `attachment; filename="${fileNameFor(presentation.title, rendered.extension)}"`,
      "cache-control": "private, no-store",
    },
  });
});
