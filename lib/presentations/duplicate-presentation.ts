import "server-only";
import crypto from "node:crypto";
import type { TDuplicatePresentationResponse } from "@/lib/api/schemas/presentations";
import type { Db } from "@/lib/db";
import { ZDeck } from "@/lib/deck/schema";
import { getPresentationOrThrow } from "./get-presentation-or-throw";
import { editUrl } from "./links";

const SUFFIX = " (copy)";
/** ZDeck's title limit: the original's title is cut so the suffix still fits. */
const MAX_TITLE = 500;

/**
 * Copies a presentation's current deck into a new presentation of the same account, titled
 * "<title> (copy)", at version 1. Exports are not copied: the copy's files are made when asked for.
 */
export async function duplicatePresentation(
  db: Db,
  userId: string,
  id: string,
  origin: string,
): Promise<TDuplicatePresentationResponse> {
  const original = await getPresentationOrThrow(db, userId, id);
  const deck = ZDeck.parse(JSON.parse(original.deck));
  const title = `${original.title.slice(0, MAX_TITLE - SUFFIX.length)}${SUFFIX}`;
  const copyId = crypto.randomUUID();
  await db.presentation.create({
    data: { id: copyId, userId, title, deck: JSON.stringify({ ...deck, title }), version: 1 },
    select: { id: true },
  });
  return { presentation_id: copyId, title, edit_path: editUrl(origin, copyId), version: 1 };
}
