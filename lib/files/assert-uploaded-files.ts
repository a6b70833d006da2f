import "server-only";
import type { Db } from "@/lib/db";
import { unknownFileRefs } from "./unknown-file-refs";

/**
 * Checks that every reference is one of the account's uploads without loading any text: for the
 * async endpoint, so a bad reference is a 422 on the request rather than a failed task.
 */
export async function assertUploadedFiles(db: Db, userId: string, refs: string[]): Promise<void> {
  if (refs.length === 0) return;
  const rows = await db.uploadedFile.findMany({
    where: { userId, id: { in: [...new Set(refs)] } },
    select: { id: true },
  });
  const error = unknownFileRefs(refs, new Set(rows.map((row) => row.id)));
  if (error) throw error;
}
