import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db";

/**
 * Ends one of the account's sessions: from then on its cookie signs nobody in (401 on the API, a
 * sign-in redirect on pages). Ending the asking browser's own session is a sign-out. Another
 * account's session, an expired or already ended one is a 404, like an unknown id.
 */
export async function revokeAccountSession(db: Db, userId: string, sessionId: string): Promise<void> {
  const { count } = await db.session.deleteMany({
    where: { id: sessionId, userId, expiresAt: { gt: new Date() } },
  });
  if (count === 0) throw new ApiError("not_found", `No session ${sessionId} on this account.`);
}
