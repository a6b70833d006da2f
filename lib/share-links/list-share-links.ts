import "server-only";
import type { TShareLink } from "@/lib/api/schemas/share-links";
import type { Db } from "@/lib/db";
import { getPresentationOrThrow } from "@/lib/presentations/get-presentation-or-throw";
import { SHARE_LINK_SELECT, toShareLinkView } from "./share-link-view";

/** The share links of one of the account's presentations, newest first (another account's: 404). */
export async function listShareLinks(
  db: Db,
  userId: string,
  presentationId: string,
  origin: string,
): Promise<TShareLink[]> {
  await getPresentationOrThrow(db, userId, presentationId);
  const rows = await db.shareLink.findMany({
    where: { presentationId },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: SHARE_LINK_SELECT,
  });
  const now = new Date();
  return rows.map((row) => toShareLinkView(row, origin, now));
}
