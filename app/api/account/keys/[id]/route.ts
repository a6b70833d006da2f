// DELETE /api/account/keys/{id} — revoke one of the session's API keys (204; another account's → 404)

import { revokeAccountKey } from "@/lib/account/revoke-account-key";
import { withSession } from "@/lib/api/with-api-key";

export const DELETE = withSession<{ id: string }>(async ({ db, user, params }) => {
  await revokeAccountKey(db, user.id, params.id);
  return new Response(null, { status: 204 });
});
