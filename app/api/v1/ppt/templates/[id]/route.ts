// GET /api/v1/ppt/templates/{id} — one of the account's brand templates (`custom-<uuid>` or the uuid)
// DELETE /api/v1/ppt/templates/{id} — delete it for new decks; decks made on it keep their look (204)
import { json } from "@/lib/api/respond";
import { ZBrandTemplateView } from "@/lib/api/schemas/brand-templates";
import { withApiKey } from "@/lib/api/with-api-key";
import { brandTemplateView } from "@/lib/brand-templates/brand-template-view";
import { deleteBrandTemplate } from "@/lib/brand-templates/delete-brand-template";
import { getBrandTemplateOrThrow } from "@/lib/brand-templates/find-brand-template";

export const GET = withApiKey<{ id: string }>(async ({ db, user, params }) =>
  json(ZBrandTemplateView.parse(brandTemplateView(await getBrandTemplateOrThrow(db, user.id, params.id)))),
);

export const DELETE = withApiKey<{ id: string }>(async ({ db, user, params }) => {
  await deleteBrandTemplate(db, user.id, params.id);
  return new Response(null, { status: 204 });
});
