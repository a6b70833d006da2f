import "server-only";
import { ApiError } from "@/lib/api/errors";
import {
  AUTOMATIC_VERSION_INTERVAL_MS,
  MAX_AUTOMATIC_VERSIONS,
  type TVersionReason,
} from "@/lib/api/schemas/versions";
import { assertDeckAssets } from "@/lib/asset-grants/assert-deck-assets";
import { TRANSACTION_OPTIONS } from "@/lib/credits/transaction-options";
import type { Db } from "@/lib/db";
import { pruneTextFormat } from "@/lib/deck/prune-text-format";
import { type TDeck, ZDeck } from "@/lib/deck/schema";
import { deckFacts, type TDbClient, UUID_PATTERN } from "./version-view";

export type TWriteDeckInput = {
  deck: TDeck;
  /** The version the change is based on: a presentation saved since is a 409 and nothing changes. */
  basedOn?: number;
  /**
   * Why the deck changes: `editing` takes an automatic version only when none was taken within
   * AUTOMATIC_VERSION_INTERVAL_MS; any other reason (a restore, an accepted AI edit, a layout
   * switch) takes one whatever the time since the last.
   */
  reason: TVersionReason;
  /** A save's own words for a conflict ("This edit", "This restore"). */
  what?: string;
};

export type TWriteDeckResult = { version: number; updatedAt: Date };

/**
 * The one place a presentation's whole deck is written (PUT saves and restores): refuses a deck
 * showing a picture the account may not use (422 naming `deck.slides.<n>.content.image.asset`, as
 * PUT's body holds it); then, in one transaction, checks the version the change is based on, keeps the stored deck as an automatic
 * version when due (see `reason`), then writes the new deck as the next version. A conflict rolls
 * the version back too, so a refused save leaves no trace.
 */
export async function writeDeck(
  db: Db,
  userId: string,
  presentationId: string,
  input: TWriteDeckInput,
): Promise<TWriteDeckResult> {
  const notFound = () => new ApiError("not_found", `No presentation with id '${presentationId}'.`);
  if (!UUID_PATTERN.test(presentationId)) throw notFound();
  // Another account's presentation stays a 404 whatever its deck shows; the pictures are checked
  // outside the transaction (an older deck's picture is granted on the way, a write of its own).
  const owned = await db.presentation.findFirst({
    where: { id: presentationId, userId },
    select: { id: true },
  });
  if (!owned) throw notFound();
  await assertDeckAssets(db, userId, input.deck, "deck.");
  // Formatting of boxes the slides no longer have is dropped (a field removed, a layout switched).
  const deck = JSON.stringify(pruneTextFormat(input.deck));
  return db.$transaction(async (tx) => {
    const current = await tx.presentation.findFirst({
      where: { id: presentationId, userId },
      select: { deck: true, version: true },
    });
    if (!current) throw notFound();
    if (input.basedOn !== undefined && input.basedOn !== current.version)
      throw conflict(input.what ?? "This edit", input.basedOn, current.version);
    await keepStoredDeck(tx, userId, presentationId, current, input.reason);
    const updatedAt = new Date();
    const { count } = await tx.presentation.updateMany({
      where: { id: presentationId, userId, version: current.version },
      data: { deck, title: input.deck.title, version: { increment: 1 }, updatedAt },
    });
    // Another writer got in between the read and the write (PostgreSQL's read committed).
    if (count !== 1)
      throw conflict(input.what ?? "This edit", input.basedOn ?? current.version, current.version + 1);
    return { version: current.version + 1, updatedAt };
  }, TRANSACTION_OPTIONS);
}

function conflict(what: string, based: number, current: number): ApiError {
  return new ApiError(
    "conflict",
    `${what} is based on version ${based}, but the presentation is at version ${current}: someone saved in between. Reload it and apply the change again.`,
    { extensions: { current_version: current } },
  );
}

/**
 * Takes an automatic version of the stored deck when due: not when the newest version already holds
 * this revision, and for plain editing not within AUTOMATIC_VERSION_INTERVAL_MS of the last
 * automatic one. Keeps the newest MAX_AUTOMATIC_VERSIONS automatic versions.
 */
async function keepStoredDeck(
  tx: TDbClient,
  userId: string,
  presentationId: string,
  current: { deck: string; version: number },
  reason: TVersionReason,
): Promise<void> {
  const newest = await tx.deckVersion.findFirst({
    where: { presentationId },
    orderBy: [{ createdAt: "desc" }, { revision: "desc" }],
    select: { revision: true },
  });
  if (newest?.revision === current.version) return;
  if (reason === "editing") {
    const recent = await tx.deckVersion.findFirst({
      where: {
        presentationId,
        kind: "automatic",
        createdAt: { gt: new Date(Date.now() - AUTOMATIC_VERSION_INTERVAL_MS) },
      },
      select: { id: true },
    });
    if (recent) return;
  }
  const stored = ZDeck.safeParse(JSON.parse(current.deck));
  await tx.deckVersion.create({
    data: {
      presentationId,
      deck: current.deck,
      revision: current.version,
      kind: "automatic",
      reason,
      createdById: userId,
      ...(stored.success ? deckFacts(stored.data) : { slideCount: 0, firstTitle: null }),
    },
    select: { id: true },
  });
  const stale = await tx.deckVersion.findMany({
    where: { presentationId, kind: "automatic" },
    orderBy: [{ createdAt: "desc" }, { revision: "desc" }],
    skip: MAX_AUTOMATIC_VERSIONS,
    select: { id: true },
  });
  if (stale.length) await tx.deckVersion.deleteMany({ where: { id: { in: stale.map((row) => row.id) } } });
}
