import "server-only";
import type { Db } from "@/lib/db";

/**
 * Pages of the account's uploaded files among `refs` (a generation's `files`), each file once:
 * PDF pages and PPTX slides as read at upload; files without pages count 0, as do references that
 * are unknown or another account's (the generation refuses those itself). Feeds estimateCredits'
 * and creditsFor's documentPages.
 */
export async function countDocumentPages(db: Db, userId: string, refs: readonly string[]): Promise<number> {
  const ids = [...new Set(refs)];
  if (ids.length === 0) return 0;
  const total = await db.uploadedFile.aggregate({
    where: { userId, id: { in: ids } },
    _sum: { pages: true },
  });
  return total._sum.pages ?? 0;
}
