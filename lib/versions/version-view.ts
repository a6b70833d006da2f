import "server-only";
import type { TDeckVersionSummary, TVersionReason } from "@/lib/api/schemas/versions";
import type { Db } from "@/lib/db";
import type { TDeck } from "@/lib/deck/schema";

/** A Prisma client or the client of an open transaction. */
export type TDbClient = Omit<Db, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

/** The columns a version's summary is answered from (no deck body). */
export const VERSION_SUMMARY_SELECT = {
  id: true,
  presentationId: true,
  kind: true,
  name: true,
  reason: true,
  revision: true,
  createdAt: true,
  slideCount: true,
  firstTitle: true,
} as const;

type TVersionRow = {
  id: string;
  presentationId: string;
  kind: string;
  name: string | null;
  reason: string | null;
  revision: number;
  createdAt: Date;
  slideCount: number;
  firstTitle: string | null;
};

/** A version as the API lists it. */
export function toVersionSummary(row: TVersionRow): TDeckVersionSummary {
  return {
    id: row.id,
    presentation_id: row.presentationId,
    kind: row.kind === "named" ? "named" : "automatic",
    name: row.name,
    reason: row.kind === "named" ? null : ((row.reason ?? "editing") as TVersionReason),
    revision: row.revision,
    created_at: row.createdAt.toISOString(),
    slide_count: row.slideCount,
    first_slide_title: row.firstTitle,
  };
}

/** What a version stores besides the deck, read off the deck so the list needs no deck body. */
export function deckFacts(deck: TDeck): { slideCount: number; firstTitle: string | null } {
  const title = deck.slides[0]?.content.title?.trim();
  return { slideCount: deck.slides.length, firstTitle: title ? title.slice(0, 200) : null };
}

/** The id test for path segments: anything else is a 404 without a query. */
export const UUID_PATTERN = /^[0-9a-f-]{36}$/i;
