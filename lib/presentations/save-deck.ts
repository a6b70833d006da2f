import "server-only";
import type { TSaveDeckRequest, TSaveDeckResponse } from "@/lib/api/schemas/presentations";
import { assertTemplateUsable } from "@/lib/brand-templates/assert-template-usable";
import type { Db } from "@/lib/db";
import { isCustomTemplateId } from "@/lib/deck/schema";
import { writeDeck } from "@/lib/versions/write-deck";

/**
 * Saves an edited Deck over the version it was based on, raising the version by one. Optimistic
 * concurrency: when someone saved in between, nothing is written and the answer is a 409 carrying
 * `current_version`, so no edit is lost and none silently overwritten. The deck it replaces is kept
 * as an automatic version when one is due (writeDeck): once per stretch of editing, and always
 * before an accepted AI edit or a layout switch (`checkpoint`). Switching the deck to a brand
 * template needs one of the account's that is not deleted (404 otherwise); a deck that already
 * stood on a brand template since deleted keeps it.
 */
export async function saveDeck(
  db: Db,
  userId: string,
  id: string,
  input: TSaveDeckRequest,
): Promise<TSaveDeckResponse> {
  const template = input.deck.template;
  if (isCustomTemplateId(template)) {
    const current = await db.presentation.findFirst({ where: { id, userId }, select: { deck: true } });
    const kept =
      current !== null && (JSON.parse(current.deck) as { template?: string }).template === template;
    if (!kept)
      await assertTemplateUsable(db, userId, { template, themeSent: false, themeField: "deck.theme" });
  }
  const { version, updatedAt } = await writeDeck(db, userId, id, {
    deck: input.deck,
    basedOn: input.version,
    reason: input.checkpoint ?? "editing",
  });
  return { presentation_id: id, version, updated_at: updatedAt.toISOString() };
}
