// GET /api/account/sessions — the account's signed-in browsers (the calling one first, marked current)

import { listAccountSessions } from "@/lib/account/list-account-sessions";
import { json } from "@/lib/api/respond";
import { ZSessionList } from "@/lib/api/schemas/account";
import { withSession } from "@/lib/api/with-api-key";

export const GET = withSession(async ({ db, user, sessionId }) =>
  json(ZSessionList.parse(await listAccountSessions(db, user.id, sessionId)), {
    headers: { "cache-control": "no-store" },
  }),
);
