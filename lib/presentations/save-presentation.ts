import "server-only";
import crypto from "node:crypto";
import type { TPresentationResult } from "@/lib/api/schemas/common";
import { getConfig } from "@/lib/config";
import type { Db } from "@/lib/db";
import { type TDeck, ZDeck } from "@/lib/deck/schema";
import { renderDeck } from "@/lib/render/render-deck";
import { getStorage } from "@/lib/storage";
import { downloadUrl, editUrl, fileNameFor } from "./links";

export type TSaveOptions = {
  format: "pptx" | "pdf";
  origin: string;
  warnings?: string[];
  taskId?: string;
  /** Pictures an image model generated for this deck (charged per CREDITS_PER_AI_IMAGE). */
  aiImages?: number;
};

/**
 * Renders a deck, stores the file, and records the presentation, its export and the credit
 * ledger entry in one transaction. Returns the API result.
 */
export async function savePresentation(
  db: Db,
  userId: string,
  deck: TDeck,
  options: TSaveOptions,
): Promise<TPresentationResult> {
  const valid = ZDeck.parse(deck);
  const rendered = await renderDeck(valid, options.format);
  const presentationId = crypto.randomUUID();
  const exportId = crypto.randomUUID();
  const storageKey = `exports/${exportId}.${rendered.extension}`;
  await getStorage().put(storageKey, rendered.bytes);
  const { CREDITS_PER_SLIDE, CREDITS_PER_AI_IMAGE } = getConfig();
  const credits = valid.slides.length * CREDITS_PER_SLIDE + (options.aiImages ?? 0) * CREDITS_PER_AI_IMAGE;
  await db.$transaction([
    db.presentation.create({
      data: { id: presentationId, userId, title: valid.title, deck: JSON.stringify(valid), version: 1 },
      select: { id: true },
    }),
    db.export.create({
      data: {
        id: exportId,
        presentationId,
        format: options.format,
        storageKey,
        size: rendered.bytes.byteLength,
        slideCount: rendered.slideCount,
        deckVersion: 1,
      },
      select: { id: true },
    }),
    db.creditEntry.create({
      data: { userId, delta: -credits, reason: "generation", presentationId, taskId: options.taskId ?? null },
      select: { id: true },
    }),
  ]);
  return {
    presentation_id: presentationId,
    path: downloadUrl(options.origin, exportId, fileNameFor(valid.title, rendered.extension)),
    edit_path: editUrl(options.origin, presentationId),
    credits_consumed: credits,
    ...(options.warnings && options.warnings.length > 0 ? { warnings: options.warnings } : {}),
  };
}
