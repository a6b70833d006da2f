import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db";

/**
 * Deletes a presentation of the account and its export records (cascade). The exported files stay
 * in storage: the storage interface has no delete, and without their records no link reaches them.
 */
export async function deletePresentation(db: Db, userId: string, id: string): Promise<void> {
  const { count } = /^[0-9a-f-]{36}$/i.test(id)
    ? await db.presentation.deleteMany({ where: { id, userId } })
    : { count: 0 };
  if (count === 0) throw new ApiError("not_found", `No presentation with id '${id}'.`);
}
