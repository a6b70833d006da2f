// POST /api/account/sessions/revoke-others — sign out every browser of the account but this one ({revoked})

import { revokeOtherSessions } from "@/lib/account/revoke-other-sessions";
import { json } from "@/lib/api/respond";
import { ZRevokedSessions } from "@/lib/api/schemas/account";
import { withSession } from "@/lib/api/with-api-key";

export const POST = withSession(async ({ db, user, sessionId }) =>
  json(ZRevokedSessions.parse(await revokeOtherSessions(db, user.id, sessionId))),
);
