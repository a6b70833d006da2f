// GET /api/v3/presentation/{id}/share-links — the presentation's read-only share links, newest first
// POST /api/v3/presentation/{id}/share-links — a new share link, optionally expiring (201)
import { parseBody } from "@/lib/api/parse-body";
import { publicOrigin } from "@/lib/api/public-origin";
import { json } from "@/lib/api/respond";
import { ZCreateShareLinkRequest, ZShareLink, ZShareLinkList } from "@/lib/api/schemas/share-links";
import { withApiKey } from "@/lib/api/with-api-key";
import { createShareLink } from "@/lib/share-links/create-share-link";
import { listShareLinks } from "@/lib/share-links/list-share-links";

export const GET = withApiKey<{ id: string }>(async ({ req, db, user, params }) =>
  json(ZShareLinkList.parse(await listShareLinks(db, user.id, params.id, publicOrigin(req)))),
);

export const POST = withApiKey<{ id: string }>(async ({ req, db, user, params }) => {
  const input = await parseBody(req, ZCreateShareLinkRequest);
  const link = await createShareLink(db, user.id, params.id, input, publicOrigin(req));
  return json(ZShareLink.parse(link), { status: 201 });
});
