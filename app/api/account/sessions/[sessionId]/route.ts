// DELETE /api/account/sessions/{sessionId} — sign one of the account's browsers out (204; another account's → 404)

import { revokeAccountSession } from "@/lib/account/revoke-account-session";
import { withSession } from "@/lib/api/with-api-key";

export const DELETE = withSession<{ sessionId: string }>(async ({ db, user, params }) => {
  await revokeAccountSession(db, user.id, params.sessionId);
  return new Response(null, { status: 204 });
});
