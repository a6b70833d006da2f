import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db";
import { UUID_PATTERN } from "./version-view";

/**
 * Deletes a version (named or automatic) of one of the account's presentations; the deck itself is
 * untouched. An unknown version, one of another presentation, or another account's, is a 404.
 */
export async function deleteVersion(
  db: Db,
  userId: string,
  presentationId: string,
  versionId: string,
): Promise<void> {
  const { count } =
    UUID_PATTERN.test(presentationId) && UUID_PATTERN.test(versionId)
      ? await db.deckVersion.deleteMany({
          where: { id: versionId, presentationId, presentation: { userId } },
        })
      : { count: 0 };
  if (count === 0)
    throw new ApiError("not_found", `No version '${versionId}' of presentation '${presentationId}'.`);
}
