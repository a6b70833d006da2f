import "server-only";
import type { TRestoreVersionRequest, TRestoreVersionResponse } from "@/lib/api/schemas/versions";
import type { Db } from "@/lib/db";
import { ZDeck } from "@/lib/deck/schema";
import { findVersionOrThrow } from "./find-version-or-throw";
import { writeDeck } from "./write-deck";

/**
 * Restores a version: its deck becomes the presentation's next version, after the current deck is
 * kept as an automatic version (reason `restore`), so a restore can itself be undone from the
 * history. With `version`, a presentation saved since is a 409 carrying `current_version`.
 */
export async function restoreVersion(
  db: Db,
  userId: string,
  presentationId: string,
  versionId: string,
  input: TRestoreVersionRequest,
): Promise<TRestoreVersionResponse> {
  const found = await findVersionOrThrow(db, userId, presentationId, versionId);
  const deck = ZDeck.parse(JSON.parse(found.deck));
  const { version, updatedAt } = await writeDeck(db, userId, presentationId, {
    deck,
    basedOn: input.version,
    reason: "restore",
    what: "This restore",
  });
  return {
    presentation_id: presentationId,
    version,
    updated_at: updatedAt.toISOString(),
    restored_from: versionId,
    deck,
  };
}
