import "server-only";
import type { TPresentationTitles } from "@/lib/api/schemas/account";
import type { Db } from "@/lib/db";

/**
 * Titles of the account's presentations among `ids`, in one query — for the usage table's links.
 * Deleted presentations and other accounts' ids are simply absent.
 */
export async function listPresentationTitles(
  db: Db,
  userId: string,
  ids: string[],
): Promise<TPresentationTitles> {
  return db.presentation.findMany({
    where: { userId, id: { in: ids } },
    select: { id: true, title: true },
  });
}
