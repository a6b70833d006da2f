// DELETE /api/v3/presentation/{id}/share-links/{linkId} — revoke a share link: its page answers 404 from now on (204)
import { withApiKey } from "@/lib/api/with-api-key";
import { revokeShareLink } from "@/lib/share-links/revoke-share-link";

export const DELETE = withApiKey<{ id: string; linkId: string }>(async ({ db, user, params }) => {
  await revokeShareLink(db, user.id, params.id, params.linkId);
  return new Response(null, { status: 204 });
});
