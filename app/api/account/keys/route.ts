// GET /api/account/keys — the session's API keys (no secrets); POST — create one, secret shown once (201)

import { createAccountKey } from "@/lib/account/create-account-key";
import { listAccountKeys } from "@/lib/account/list-account-keys";
import { parseBody } from "@/lib/api/parse-body";
import { json } from "@/lib/api/respond";
import { ZApiKeyList, ZCreatedApiKey, ZCreateKeyRequest } from "@/lib/api/schemas/account";
import { withSession } from "@/lib/api/with-api-key";

export const GET = withSession(async ({ db, user }) =>
  json(ZApiKeyList.parse(await listAccountKeys(db, user.id))),
);

export const POST = withSession(async ({ req, db, user }) => {
  const input = await parseBody(req, ZCreateKeyRequest);
  return json(ZCreatedApiKey.parse(await createAccountKey(db, user.id, input.name)), { status: 201 });
});
