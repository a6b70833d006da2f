import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db";
import { UUID_PATTERN, VERSION_SUMMARY_SELECT } from "./version-view";

/**
 * A version of one of the account's presentations, with its deck; an unknown version, one of
 * another presentation, or another account's, is a 404 with the same words.
 */
export async function findVersionOrThrow(db: Db, userId: string, presentationId: string, versionId: string) {
  const row =
    UUID_PATTERN.test(presentationId) && UUID_PATTERN.test(versionId)
      ? await db.deckVersion.findFirst({
          where: { id: versionId, presentationId, presentation: { userId } },
          select: { ...VERSION_SUMMARY_SELECT, deck: true },
        })
      : null;
  if (!row) throw new ApiError("not_found", `No version '${versionId}' of presentation '${presentationId}'.`);
  return row;
}
