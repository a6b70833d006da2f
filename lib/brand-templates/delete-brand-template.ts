import "server-only";
import type { Db } from "@/lib/db";
import { getStorage } from "@/lib/storage";
import { customTemplateId } from "./brand-template-view";
import { brandTemplateUuid, templateNotFound } from "./find-brand-template";

/**
 * Deletes one of the account's brand templates (`custom-<uuid>` or the uuid): it leaves the lists
 * and new decks cannot name it (404), but the row stays so decks already made on it keep their
 * look. The stored original file goes too when none of the account's decks (or their saved
 * versions) names the template; otherwise it stays for them. 404 for an unknown, another account's
 * or an already deleted id.
 */
export async function deleteBrandTemplate(db: Db, userId: string, idOrTemplate: string): Promise<void> {
  const id = brandTemplateUuid(idOrTemplate);
  if (!id) throw templateNotFound(idOrTemplate);
  const { count } = await db.brandTemplate.updateMany({
    where: { id, userId, deletedAt: null },
    data: { deletedAt: new Date() },
  });
  if (count === 0) throw templateNotFound(idOrTemplate);
  // A deck names its template as the JSON string "custom-<uuid>".
  const named = `"${customTemplateId(id)}"`;
  const [decks, versions] = await Promise.all([
    db.presentation.count({ where: { userId, deck: { contains: named } } }),
    db.deckVersion.count({ where: { presentation: { userId }, deck: { contains: named } } }),
  ]);
  if (decks + versions > 0) return;
  const row = await db.brandTemplate.findUniqueOrThrow({ where: { id }, select: { storageKey: true } });
  await getStorage().delete(row.storageKey);
}
