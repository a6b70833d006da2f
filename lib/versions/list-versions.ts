import "server-only";
import type { TDeckVersionSummary } from "@/lib/api/schemas/versions";
import type { Db } from "@/lib/db";
import { getPresentationOrThrow } from "@/lib/presentations/get-presentation-or-throw";
import { toVersionSummary, VERSION_SUMMARY_SELECT } from "./version-view";

/** The versions of one of the account's presentations, newest first, without their decks (another account's: 404). */
export async function listVersions(
  db: Db,
  userId: string,
  presentationId: string,
): Promise<TDeckVersionSummary[]> {
  await getPresentationOrThrow(db, userId, presentationId);
  const rows = await db.deckVersion.findMany({
    where: { presentationId },
    orderBy: [{ createdAt: "desc" }, { revision: "desc" }, { id: "asc" }],
    select: VERSION_SUMMARY_SELECT,
  });
  return rows.map(toVersionSummary);
}
