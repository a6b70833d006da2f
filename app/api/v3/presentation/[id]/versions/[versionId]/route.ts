// GET /api/v3/presentation/{id}/versions/{versionId} — one version with its deck, for a preview
// PATCH /api/v3/presentation/{id}/versions/{versionId} — rename a version (naming an automatic one keeps it)
// DELETE /api/v3/presentation/{id}/versions/{versionId} — delete a version; the deck is untouched (204)
import { parseBody } from "@/lib/api/parse-body";
import { json } from "@/lib/api/respond";
import { ZDeckVersion, ZDeckVersionSummary, ZRenameVersionRequest } from "@/lib/api/schemas/versions";
import { withApiKey } from "@/lib/api/with-api-key";
import { deleteVersion } from "@/lib/versions/delete-version";
import { getVersion } from "@/lib/versions/get-version";
import { renameVersion } from "@/lib/versions/rename-version";

type TParams = { id: string; versionId: string };

export const GET = withApiKey<TParams>(async ({ db, user, params }) =>
  json(ZDeckVersion.parse(await getVersion(db, user.id, params.id, params.versionId))),
);

export const PATCH = withApiKey<TParams>(async ({ req, db, user, params }) => {
  const input = await parseBody(req, ZRenameVersionRequest);
  return json(
    ZDeckVersionSummary.parse(await renameVersion(db, user.id, params.id, params.versionId, input)),
  );
});

export const DELETE = withApiKey<TParams>(async ({ db, user, params }) => {
  await deleteVersion(db, user.id, params.id, params.versionId);
  return new Response(null, { status: 204 });
});
