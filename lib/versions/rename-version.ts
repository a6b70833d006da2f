import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { TDeckVersionSummary, TRenameVersionRequest } from "@/lib/api/schemas/versions";
import { TRANSACTION_OPTIONS } from "@/lib/credits/transaction-options";
import type { Db } from "@/lib/db";
import { assertNamedRoom } from "./create-named-version";
import { findVersionOrThrow } from "./find-version-or-throw";
import { toVersionSummary, VERSION_SUMMARY_SELECT } from "./version-view";

/**
 * Renames a version. Naming an automatic version makes it a named one, kept until deleted (so it is
 * counted against MAX_NAMED_VERSIONS: a 422 past it). Anyone else's version is a 404.
 */
export async function renameVersion(
  db: Db,
  userId: string,
  presentationId: string,
  versionId: string,
  input: TRenameVersionRequest,
): Promise<TDeckVersionSummary> {
  const found = await findVersionOrThrow(db, userId, presentationId, versionId);
  const row = await db.$transaction(async (tx) => {
    if (found.kind !== "named") await assertNamedRoom(tx, presentationId);
    const { count } = await tx.deckVersion.updateMany({
      where: { id: versionId, presentationId },
      data: { name: input.name, kind: "named", reason: null },
    });
    if (count !== 1)
      throw new ApiError("not_found", `No version '${versionId}' of presentation '${presentationId}'.`);
    return tx.deckVersion.findUniqueOrThrow({ where: { id: versionId }, select: VERSION_SUMMARY_SELECT });
  }, TRANSACTION_OPTIONS);
  return toVersionSummary(row);
}
