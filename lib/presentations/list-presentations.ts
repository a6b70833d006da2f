import "server-only";
import type { TListPresentationsQuery, TListPresentationsResponse } from "@/lib/api/schemas/presentations";
import type { Db } from "@/lib/db";
import { ZDeck } from "@/lib/deck/schema";
import { layoutForClient } from "./layout-for-client";
import { editUrl } from "./links";

// The id breaks ties so pages never repeat or skip a deck saved in the same millisecond.
const ORDER = [{ updatedAt: "desc" as const }, { id: "asc" as const }];

const SELECT = { id: true, title: true, deck: true, version: true, createdAt: true, updatedAt: true };

/**
 * The ids of one page of the account's presentations whose title contains `q`, in any case, and
 * how many match. Compared here rather than with Prisma's `contains`: that is a LIKE which reads
 * `%` and `_` in the search as wildcards (SQLite has no escape by default) and folds ASCII only.
 * Only ids and titles are read for the whole account.
 */
async function searchPage(db: Db, userId: string, query: TListPresentationsQuery & { q: string }) {
  const needle = query.q.toLocaleLowerCase();
  const all = await db.presentation.findMany({
    where: { userId },
    orderBy: ORDER,
    select: { id: true, title: true },
  });
  const matching = all.filter((row) => row.title.toLocaleLowerCase().includes(needle));
  const start = (query.page - 1) * query.page_size;
  return { ids: matching.slice(start, start + query.page_size).map((row) => row.id), total: matching.length };
}

/**
 * A page of the account's presentations, newest updated first, each with its first page's boxes as
 * a thumbnail (laid out here, the same boxes the exports draw). `q` filters by title.
 */
export async function listPresentations(
  db: Db,
  userId: string,
  query: TListPresentationsQuery,
  origin: string,
): Promise<TListPresentationsResponse> {
  let total: number;
  let rows: { id: string; title: string; deck: string; version: number; createdAt: Date; updatedAt: Date }[];
  if (query.q) {
    const found = await searchPage(db, userId, { ...query, q: query.q });
    total = found.total;
    const byId = new Map(
      (await db.presentation.findMany({ where: { userId, id: { in: found.ids } }, select: SELECT })).map(
        (row) => [row.id, row],
      ),
    );
    // A deck deleted between the two reads is left out of the page.
    rows = found.ids.flatMap((id) => byId.get(id) ?? []);
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
  return {
    items: rows.map((row) => {
      const deck = ZDeck.parse(JSON.parse(row.deck));
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
        thumbnail: first ? (layoutForClient(deck, [first.id])[0] ?? null) : null,
      };
    }),
    page: query.page,
    page_size: query.page_size,
    total,
  };
}
