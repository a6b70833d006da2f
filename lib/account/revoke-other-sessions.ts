import "server-only";
import type { TRevokedSessions } from "@/lib/api/schemas/account";
import type { Db } from "@/lib/db";

/**
 * "Sign out everywhere else": ends every session of the account but `currentSessionId`, expired
 * rows included, and answers how many live ones were ended.
 */
export async function revokeOtherSessions(
  db: Db,
  userId: string,
  currentSessionId: string,
): Promise<TRevokedSessions> {
  const now = new Date();
  const [live] = await db.$transaction([
    db.session.deleteMany({ where: { userId, id: { not: currentSessionId }, expiresAt: { gt: now } } }),
    db.session.deleteMany({ where: { userId, id: { not: currentSessionId } } }),
  ]);
  return { revoked: live.count };
}
