import "server-only";
import type { TListPresentationsQuery, TListPresentationsResponse } from "@/lib/api/schemas/presentations";
import { loadDeckLook } from "@/lib/brand-templates/deck-look";
import type { Db } from "@/lib/db";
import { ZDeck } from "@/lib/deck/schema";
import { layoutForClient } from "./layout-for-client";
import { editUrl } from "./links";
import { findInDeck, type TSearchMatch } from "./search-decks";

// The id breaks ties so pages never repeat or skip a deck saved in the same millisecond.
const ORDER = [{ updatedAt: "desc" as const }, { id: "asc" as const }];

const SELECT = { id: true, title: true, deck: true, version: true, createdAt: true, updatedAt: true };

/** Decks read at a time while searching, so a large account is not held in memory at once. */
const SEARCH_BATCH = 100;

/**
 * One page of the account's presentations whose title or slides contain `q` (findInDeck), with
 * where each matched, and how many match. Compared here rather than with Prisma's `contains`: that
 * is a LIKE which reads `%` and `_` as wildcards (SQLite has no escape by default), folds ASCII
 * only and would find words in the stored JSON's keys. The account's decks are read in batches.
 */
async function searchPage(db: Db, userId: string, query: TListPresentationsQuery & { q: string }) {
  const needle = query.q.toLocaleLowerCase();
  const matching: { id: string; match: TSearchMatch | null }[] = [];
  for (let skip = 0; ; skip += SEARCH_BATCH) {
    const batch = await db.presentation.findMany({
      where: { userId },
      orderBy: ORDER,
      skip,
      take: SEARCH_BATCH,
      select: { id: true, title: true, deck: true },
    });
    for (const row of batch) {
      const found = findInDeck(row.title, ZDeck.parse(JSON.parse(row.deck)), needle);
      if (found) matching.push({ id: row.id, match: found === true ? null : found });
    }
    if (batch.length < SEARCH_BATCH) break;
  }
  const start = (query.page - 1) * query.page_size;
  return { found: matching.slice(start, start + query.page_size), total: matching.length };
}

/**
 * A page of the account's presentations, newest updated first, each with its first page's boxes as
 * a thumbnail (laid out here, the same boxes the exports draw). `q` filters by title and slide
 * text; a deck found by its slides says where (`match`).
 */
export async function listPresentations(
  db: Db,
  userId: string,
  query: TListPresentationsQuery,
  origin: string,
): Promise<TListPresentationsResponse> {
  let total: number;
  let rows: { id: string; title: string; deck: string; version: number; createdAt: Date; updatedAt: Date }[];
  const matches = new Map<string, TSearchMatch>();
  if (query.q) {
    const { found, ...page } = await searchPage(db, userId, { ...query, q: query.q });
    total = page.total;
    for (const f of found) if (f.match) matches.set(f.id, f.match);
    const ids = found.map((f) => f.id);
    const byId = new Map(
      (await db.presentation.findMany({ where: { userId, id: { in: ids } }, select: SELECT })).map((row) => [
        row.id,
        row,
      ]),
    );
    // A deck deleted between the two reads is left out of the page.
    rows = ids.flatMap((id) => byId.get(id) ?? []);
  } else {
    [total, rows] = await Promise.all([
      db.presentation.count({ where: { userId } }),
      db.presentation.findMany({
        where: { userId },
        orderBy: ORDER,
        skip: (query.page - 1) * query.page_size,
        take: query.page_size,
        select: SELECT,
      }),
    ]);
  }
  const decks = rows.map((row) => ZDeck.parse(JSON.parse(row.deck)));
  const looks = await Promise.all(decks.map((deck) => loadDeckLook(deck, userId)));
  return {
    items: rows.map((row, i) => {
      const deck = decks[i];
      const first = deck.slides[0];
      return {
        presentation_id: row.id,
        title: row.title,
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
        slide_count: deck.slides.length,
        version: row.version,
        template: deck.template,
        theme: deck.theme,
        edit_path: editUrl(origin, row.id),
        thumbnail: first ? (layoutForClient(deck, [first.id], undefined, looks[i])[0] ?? null) : null,
        ...(query.q ? { match: matches.get(row.id) ?? null } : {}),
      };
    }),
    page: query.page,
    page_size: query.page_size,
    total,
  };
}
