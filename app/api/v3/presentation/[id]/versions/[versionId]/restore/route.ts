// POST /api/v3/presentation/{id}/versions/{versionId}/restore — the version's deck becomes the next version (the current one is kept first)
import { parseBody } from "@/lib/api/parse-body";
import { json } from "@/lib/api/respond";
import { ZRestoreVersionRequest, ZRestoreVersionResponse } from "@/lib/api/schemas/versions";
import { withApiKey } from "@/lib/api/with-api-key";
import { restoreVersion } from "@/lib/versions/restore-version";

export const POST = withApiKey<{ id: string; versionId: string }>(async ({ req, db, user, params }) => {
  const input = await parseBody(req, ZRestoreVersionRequest);
  return json(
    ZRestoreVersionResponse.parse(await restoreVersion(db, user.id, params.id, params.versionId, input)),
  );
});
