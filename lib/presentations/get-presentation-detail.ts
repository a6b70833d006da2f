import "server-only";
import type { z } from "zod";
import type { ZPresentationDetail } from "@/lib/api/openapi/response-schemas";
import { ZExportAs } from "@/lib/api/schemas/common";
import type { Db } from "@/lib/db";
import { ZDeck } from "@/lib/deck/schema";
import { getPresentationOrThrow } from "./get-presentation-or-throw";
import { downloadUrl, editUrl, exportStorageKey, fileNameFor } from "./links";

export type TPresentationDetail = z.infer<typeof ZPresentationDetail>;

/**
 * The user's presentation as GET /api/v1/ppt/presentation/{id} answers it: the stored Deck, and a
 * fresh signed download link per export (404 for another account's id, as for an unknown one).
 */
export async function getPresentationDetail(
  db: Db,
  userId: string,
  id: string,
  origin: string,
): Promise<TPresentationDetail> {
  const presentation = await getPresentationOrThrow(db, userId, id);
  const deck = ZDeck.parse(JSON.parse(presentation.deck));
  return {
    presentation_id: presentation.id,
    title: presentation.title,
    version: presentation.version,
    created_at: presentation.createdAt.toISOString(),
    updated_at: presentation.updatedAt.toISOString(),
    slide_count: deck.slides.length,
    edit_path: editUrl(origin, presentation.id),
    exports: await Promise.all(
      presentation.exports.map(async (item) => ({
        format: ZExportAs.parse(item.format),
        slide_count: item.slideCount,
        created_at: item.createdAt.toISOString(),
        path: await downloadUrl(origin, {
          exportId: item.id,
          storageKey: exportStorageKey(item.id, item.format),
          fileName: fileNameFor(presentation.title, item.format),
        }),
      })),
    ),
    deck,
  };
}
