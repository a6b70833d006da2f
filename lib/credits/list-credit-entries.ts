import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { TCreditEntryView } from "@/lib/api/schemas/credits";
import type { Db } from "@/lib/db";

/**
 * A page of the account's ledger, newest first. The cursor is opaque to clients: the last entry's
 * time and id, so a page boundary stays put while new entries arrive at the top.
 */
export async function listCreditEntries(
  db: Pick<Db, "creditEntry">,
  userId: string,
  page: { limit: number; cursor?: string },
): Promise<{ entries: TCreditEntryView[]; next_cursor: string | null }> {
  const after = page.cursor ? decodeCursor(page.cursor) : undefined;
  const rows = await db.creditEntry.findMany({
    where: {
      userId,
      ...(after
        ? { OR: [{ createdAt: { lt: after.at } }, { createdAt: after.at, id: { lt: after.id } }] }
        : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: page.limit + 1,
    select: { id: true, delta: true, reason: true, presentationId: true, taskId: true, createdAt: true },
  });
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    entries: shown.map((row) => ({
      id: row.id,
      delta: row.delta,
      reason: row.reason,
      presentation_id: row.presentationId,
      task_id: row.taskId,
      created_at: row.createdAt.toISOString(),
    })),
    next_cursor: rows.length > page.limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

function encodeCursor(at: Date, id: string): string {
  return Buffer.from(JSON.stringify([at.getTime(), id])).toString("base64url");
}

function decodeCursor(cursor: string): { at: Date; id: string } {
  try {
    const [ms, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    if (typeof ms === "number" && Number.isFinite(ms) && typeof id === "string" && id.length > 0)
      return { at: new Date(ms), id };
  } catch {
    // answered below
  }
  throw new ApiError("invalid_field", "cursor: not a cursor this endpoint returned.", {
    errors: [{ path: "cursor", message: "Not a cursor this endpoint returned." }],
  });
}
