import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db";
import { getStorage } from "@/lib/storage";

/**
 * Deletes a presentation of the account, its export records (cascade) and their files in storage.
 * The records go first: a file whose removal fails is unreachable without its record.
 */
export async function deletePresentation(db: Db, userId: string, id: string): Promise<void> {
  const notFound = () => new ApiError("not_found", `No presentation with id '${id}'.`);
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound();
  const files = await db.export.findMany({
    where: { presentationId: id, presentation: { userId } },
    select: { storageKey: true },
  });
  const { count } = await db.presentation.deleteMany({ where: { id, userId } });
  if (count === 0) throw notFound();
  const storage = getStorage();
  await Promise.all(files.map((file) => storage.delete(file.storageKey)));
}
