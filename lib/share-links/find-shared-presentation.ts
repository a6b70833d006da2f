import "server-only";
import type { Db } from "@/lib/db";

/** What a share token looks like: 32 bytes in base64url. Anything else is not looked up. */
const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The presentation a share token opens — its current saved deck — or null when the token is
 * malformed, unknown, revoked (deleted) or past its expiry. Of the owner only the id is read (a deck
 * on a brand template is laid out with the owner's uploaded file: loadDeckLook).
 */
export async function findSharedPresentation(db: Db, token: string, now = new Date()) {
  if (!SHARE_TOKEN_PATTERN.test(token)) return null;
  const link = await db.shareLink.findUnique({
    where: { token },
    select: {
      expiresAt: true,
      presentation: { select: { id: true, userId: true, title: true, deck: true, version: true } },
    },
  });
  if (!link || (link.expiresAt && link.expiresAt <= now)) return null;
  return link.presentation;
}
