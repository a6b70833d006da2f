import "server-only";
import type { TSessionView } from "@/lib/api/schemas/account";
import type { Db } from "@/lib/db";
import { describeUserAgent } from "./describe-user-agent";

/**
 * The account's live (unexpired) sessions: the one asking (`currentSessionId`) first, then the
 * most recently used.
 */
export async function listAccountSessions(
  db: Db,
  userId: string,
  currentSessionId: string,
): Promise<TSessionView[]> {
  const rows = await db.session.findMany({
    where: { userId, expiresAt: { gt: new Date() } },
    orderBy: [{ lastSeenAt: "desc" }, { createdAt: "desc" }, { id: "asc" }],
    select: { id: true, createdAt: true, lastSeenAt: true, expiresAt: true, userAgent: true },
  });
  const views = rows.map((row) => ({
    id: row.id,
    current: row.id === currentSessionId,
    ...describeUserAgent(row.userAgent),
    user_agent: row.userAgent,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  }));
  return [...views.filter((view) => view.current), ...views.filter((view) => !view.current)];
}
