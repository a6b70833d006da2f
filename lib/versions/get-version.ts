import "server-only";
import type { TDeckVersion } from "@/lib/api/schemas/versions";
import type { Db } from "@/lib/db";
import { ZDeck } from "@/lib/deck/schema";
import { findVersionOrThrow } from "./find-version-or-throw";
import { toVersionSummary } from "./version-view";

/** One version with its deck, for a preview (404 for anyone else's). */
export async function getVersion(
  db: Db,
  userId: string,
  presentationId: string,
  versionId: string,
): Promise<TDeckVersion> {
  const row = await findVersionOrThrow(db, userId, presentationId, versionId);
  return { ...toVersionSummary(row), deck: ZDeck.parse(JSON.parse(row.deck)) };
}
