import "server-only";
import crypto from "node:crypto";
import type {
  TExportPresentationRequest,
  TExportPresentationResponse,
} from "@/lib/api/schemas/presentations";
import { loadDeckLook } from "@/lib/brand-templates/deck-look";
import type { Db } from "@/lib/db";
import { ZDeck } from "@/lib/deck/schema";
import { renderDeck } from "@/lib/render/render-deck";
import { getStorage } from "@/lib/storage";
import { getPresentationOrThrow } from "./get-presentation-or-throw";
import { downloadUrl, fileNameFor } from "./links";

/**
 * The saved deck as a PPTX or PDF with a signed download link. The file is rendered from the
 * current version and recorded as an export of that version; asking again before the next save
 * reuses that file. Charges nothing.
 */
export async function exportPresentation(
  db: Db,
  userId: string,
  id: string,
  input: TExportPresentationRequest,
  origin: string,
): Promise<TExportPresentationResponse> {
  const presentation = await getPresentationOrThrow(db, userId, id);
  const format = input.export_as;
  const storage = getStorage();
  const answer = async (
    exportId: string,
    storageKey: string,
    slideCount: number,
  ): Promise<TExportPresentationResponse> => ({
    format,
    path: await downloadUrl(origin, {
      exportId,
      storageKey,
      fileName: fileNameFor(presentation.title, format),
    }),
    slide_count: slideCount,
    version: presentation.version,
  });

  const existing = await db.export.findFirst({
    where: { presentationId: presentation.id, format, deckVersion: presentation.version },
    orderBy: { createdAt: "desc" },
    select: { id: true, slideCount: true, storageKey: true },
  });
  if (existing && (await storage.get(existing.storageKey)))
    return answer(existing.id, existing.storageKey, existing.slideCount);

  const deck = ZDeck.parse(JSON.parse(presentation.deck));
  const rendered = await renderDeck(deck, format, undefined, await loadDeckLook(deck, userId));
  const exportId = crypto.randomUUID();
  const storageKey = `exports/${exportId}.${rendered.extension}`;
  await storage.put(storageKey, rendered.bytes);
  await db.export
    .create({
      data: {
        id: exportId,
        presentationId: presentation.id,
        format,
        storageKey,
        size: rendered.bytes.byteLength,
        slideCount: rendered.slideCount,
        deckVersion: presentation.version,
      },
      select: { id: true },
    })
    .catch(async (error: unknown) => {
      // Nothing records the file: removed, so a failed export leaves no unreachable file behind.
      await storage.delete(storageKey).catch(() => {});
      // Deleted while it was rendering: the record's foreign key fails; answer what GET would.
      await getPresentationOrThrow(db, userId, id);
      throw error;
    });
  return answer(exportId, storageKey, rendered.slideCount);
}
