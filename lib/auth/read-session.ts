import "server-only";
import type { Db } from "@/lib/db";
import { SESSION_TOUCH_MS, sessionExpiry } from "./session-settings";

/** A live session and its account. */
export type TActiveSession = {
  sessionId: string;
  user: { id: string; email: string; name: string | null };
};

/**
 * The session a decoded session token names, while its row exists, belongs to the token's account
 * and has not expired — else null (signed out, revoked, ended by a password change, or a token
 * from before sessions were recorded, which has no `sid`). An expired row is deleted when met.
 * Use renews it: lastSeenAt and the expiry move forward, at most once per SESSION_TOUCH_MS.
 */
export async function readSession(
  db: Db,
  token: { uid?: unknown; sid?: unknown } | null,
): Promise<TActiveSession | null> {
  if (typeof token?.sid !== "string" || typeof token.uid !== "string") return null;
  const row = await db.session.findUnique({
    where: { id: token.sid },
    select: {
      id: true,
      userId: true,
      lastSeenAt: true,
      expiresAt: true,
      user: { select: { id: true, email: true, name: true } },
    },
  });
  if (!row || row.userId !== token.uid) return null;
  const now = new Date();
  if (row.expiresAt <= now) {
    await db.session.deleteMany({ where: { id: row.id, expiresAt: { lte: now } } });
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() >= SESSION_TOUCH_MS)
    // updateMany: a session revoked since the read above is not an error, and is not brought back.
    await db.session.updateMany({
      where: { id: row.id },
      data: { lastSeenAt: now, expiresAt: sessionExpiry(now) },
    });
  return { sessionId: row.id, user: row.user };
}
