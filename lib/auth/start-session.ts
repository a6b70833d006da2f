import "server-only";
import type { Db } from "@/lib/db";
import { sessionExpiry } from "./session-settings";

/** User-Agent strings longer than this are cut: the account page names browser and OS from it. */
const MAX_USER_AGENT_LENGTH = 512;

/**
 * Records a sign-in of `userId` from a browser (its User-Agent, when it sent one) and answers the
 * new session's id, which the session cookie carries as `sid`. The account's expired sessions are
 * removed on the way.
 */
export async function startSession(db: Db, userId: string, userAgent: string | null): Promise<string> {
  const now = new Date();
  const [, created] = await db.$transaction([
    db.session.deleteMany({ where: { userId, expiresAt: { lte: now } } }),
    db.session.create({
      data: {
        userId,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: sessionExpiry(now),
        userAgent: userAgent?.slice(0, MAX_USER_AGENT_LENGTH) || null,
      },
      select: { id: true },
    }),
  ]);
  return created.id;
}
