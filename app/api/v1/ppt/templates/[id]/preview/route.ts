// GET /api/v1/ppt/templates/{id}/preview — every layout drawn in a template: a built-in one, or one of
// the account's brand templates (`custom-<uuid>`), as the pages the editor draws
import { ApiError } from "@/lib/api/errors";
import { json } from "@/lib/api/respond";
import { withApiKey } from "@/lib/api/with-api-key";
import { loadDeckLook } from "@/lib/brand-templates/deck-look";
import { getBrandTemplateOrThrow } from "@/lib/brand-templates/find-brand-template";
import { isCustomTemplateId, TEMPLATE_IDS, type TTemplateId } from "@/lib/deck/schema";
import { layoutForClient } from "@/lib/presentations/layout-for-client";
import { everyLayoutSample } from "@/lib/preview/every-layout-deck";

export const GET = withApiKey<{ id: string }>(async ({ db, user, params }) => {
  const template = templateOf(params.id);
  if (isCustomTemplateId(template)) await getBrandTemplateOrThrow(db, user.id, template);
  const deck = everyLayoutSample(
    "preview",
    { title: "Solar Clinics Programme", language: "en", template, theme: "light" },
    "column",
  );
  const look = await loadDeckLook(deck, user.id);
  return json({ slides: layoutForClient(deck, undefined, undefined, look) });
});

function templateOf(id: string): TTemplateId {
  if ((TEMPLATE_IDS as readonly string[]).includes(id)) return id as TTemplateId;
  if (isCustomTemplateId(id)) return id;
  throw new ApiError("not_found", `Template ${id} not found.`);
}
