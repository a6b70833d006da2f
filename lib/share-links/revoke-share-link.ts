import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db";

/**
 * Revokes a share link of one of the account's presentations: the row goes, and its page answers
 * 404 from then on, as for a token that never existed. An unknown link, one of another
 * presentation, or another account's, is a 404 with the same words.
 */
export async function revokeShareLink(
  db: Db,
  userId: string,
  presentationId: string,
  linkId: string,
): Promise<void> {
  const uuid = /^[0-9a-f-]{36}$/i;
  const { count } =
    uuid.test(presentationId) && uuid.test(linkId)
      ? await db.shareLink.deleteMany({ where: { id: linkId, presentationId, presentation: { userId } } })
      : { count: 0 };
  if (count === 0)
    throw new ApiError("not_found", `No share link '${linkId}' on presentation '${presentationId}'.`);
}
