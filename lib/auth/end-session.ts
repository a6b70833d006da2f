import "server-only";
import type { Db } from "@/lib/db";

/**
 * Ends the session a session token names (sign-out): its row is deleted, so a copy of the cookie
 * signs nobody in from now on. A token without a session, or one already ended, changes nothing.
 */
export async function endSession(db: Db, token: { uid?: unknown; sid?: unknown } | null): Promise<void> {
  if (typeof token?.sid !== "string" || typeof token.uid !== "string") return;
  await db.session.deleteMany({ where: { id: token.sid, userId: token.uid } });
}
