// POST /api/account/password — change the session's password, ending the account's other sessions (204; wrong current or weak new → 422)

import { changePassword } from "@/lib/account/change-password";
import { parseBody } from "@/lib/api/parse-body";
import { ZChangePasswordRequest } from "@/lib/api/schemas/account";
import { withSession } from "@/lib/api/with-api-key";

export const POST = withSession(async ({ req, db, user, sessionId }) => {
  await changePassword(db, user.id, sessionId, await parseBody(req, ZChangePasswordRequest));
  return new Response(null, { status: 204 });
});
