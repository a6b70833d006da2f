import "server-only";
import type { TSaveDeckRequest, TSaveDeckResponse } from "@/lib/api/schemas/presentations";
import type { Db } from "@/lib/db";
import { writeDeck } from "@/lib/versions/write-deck";

/**
 * Saves an edited Deck over the version it was based on, raising the version by one. Optimistic
 * concurrency: when someone saved in between, nothing is written and the answer is a 409 carrying
 * `current_version`, so no edit is lost and none silently overwritten. The deck it replaces is kept
 * as an automatic version when one is due (writeDeck): once per stretch of editing, and always
 * before an accepted AI edit or a layout switch (`checkpoint`).
 */
export async function saveDeck(
  db: Db,
  userId: string,
  id: string,
  input: TSaveDeckRequest,
): Promise<TSaveDeckResponse> {
  const { version, updatedAt } = await writeDeck(db, userId, id, {
    deck: input.deck,
    basedOn: input.version,
    reason: input.checkpoint ?? "editing",
  });
  return { presentation_id: id, version, updated_at: updatedAt.toISOString() };
}
