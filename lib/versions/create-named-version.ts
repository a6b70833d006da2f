import "server-only";
import { ApiError } from "@/lib/api/errors";
import {
  MAX_NAMED_VERSIONS,
  type TCreateVersionRequest,
  type TDeckVersionSummary,
} from "@/lib/api/schemas/versions";
import { TRANSACTION_OPTIONS } from "@/lib/credits/transaction-options";
import type { Db } from "@/lib/db";
import { ZDeck } from "@/lib/deck/schema";
import { getPresentationOrThrow } from "@/lib/presentations/get-presentation-or-throw";
import { deckFacts, type TDbClient, toVersionSummary, VERSION_SUMMARY_SELECT } from "./version-view";

/** A 422 when a presentation already holds MAX_NAMED_VERSIONS named versions. */
export async function assertNamedRoom(tx: TDbClient, presentationId: string): Promise<void> {
  const count = await tx.deckVersion.count({ where: { presentationId, kind: "named" } });
  if (count >= MAX_NAMED_VERSIONS)
    throw new ApiError(
      "invalid_field",
      `This presentation already has ${count} named versions, the limit; delete one you no longer need first.`,
      { errors: [{ path: "name", message: `At most ${MAX_NAMED_VERSIONS} named versions.` }] },
    );
}

/**
 * Keeps the presentation's current saved deck as a named version (kept until deleted). Another
 * account's presentation is a 404; past MAX_NAMED_VERSIONS a 422.
 */
export async function createNamedVersion(
  db: Db,
  userId: string,
  presentationId: string,
  input: TCreateVersionRequest,
): Promise<TDeckVersionSummary> {
  await getPresentationOrThrow(db, userId, presentationId);
  const row = await db.$transaction(async (tx) => {
    // Read inside the transaction: the deck named is the one stored at this moment.
    const current = await tx.presentation.findFirst({
      where: { id: presentationId, userId },
      select: { deck: true, version: true },
    });
    if (!current) throw new ApiError("not_found", `No presentation with id '${presentationId}'.`);
    await assertNamedRoom(tx, presentationId);
    return tx.deckVersion.create({
      data: {
        presentationId,
        deck: current.deck,
        revision: current.version,
        kind: "named",
        name: input.name,
        createdById: userId,
        ...deckFacts(ZDeck.parse(JSON.parse(current.deck))),
      },
      select: VERSION_SUMMARY_SELECT,
    });
  }, TRANSACTION_OPTIONS);
  return toVersionSummary(row);
}
