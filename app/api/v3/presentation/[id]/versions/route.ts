// GET /api/v3/presentation/{id}/versions — the presentation's version history, newest first, without decks
// POST /api/v3/presentation/{id}/versions — keep the current saved deck as a named version (201)
import { parseBody } from "@/lib/api/parse-body";
import { json } from "@/lib/api/respond";
import { ZCreateVersionRequest, ZDeckVersionList, ZDeckVersionSummary } from "@/lib/api/schemas/versions";
import { withApiKey } from "@/lib/api/with-api-key";
import { createNamedVersion } from "@/lib/versions/create-named-version";
import { listVersions } from "@/lib/versions/list-versions";

export const GET = withApiKey<{ id: string }>(async ({ db, user, params }) =>
  json(ZDeckVersionList.parse(await listVersions(db, user.id, params.id))),
);

export const POST = withApiKey<{ id: string }>(async ({ req, db, user, params }) => {
  const input = await parseBody(req, ZCreateVersionRequest);
  const version = await createNamedVersion(db, user.id, params.id, input);
  return json(ZDeckVersionSummary.parse(version), { status: 201 });
});
