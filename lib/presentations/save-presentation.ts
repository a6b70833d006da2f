import "server-only";
import crypto from "node:crypto";
import type { TPresentationResult } from "@/lib/api/schemas/common";
import { assertDeckAssets } from "@/lib/asset-grants/assert-deck-assets";
import { loadDeckLook } from "@/lib/brand-templates/deck-look";
import { creditsFor } from "@/lib/credits/credits-for";
import { settleCredits } from "@/lib/credits/settle-credits";
import type { Db } from "@/lib/db";
import { type TDeck, ZDeck } from "@/lib/deck/schema";
import { renderDeck } from "@/lib/render/render-deck";
import { getStorage } from "@/lib/storage";
import { deletePresentation } from "./delete-presentation";
import type { TCharge } from "./generation-context";
import { downloadUrl, editUrl, fileNameFor } from "./links";

export type TSaveOptions = {
  format: "pptx" | "pdf";
  origin: string;
  /** The reservation this deck is charged to; settled here with the deck's actual price. */
  charge: TCharge;
  warnings?: string[];
  /** Pictures an image model generated for this deck. */
  aiImages?: number;
  /** Pages (PDF pages, PPTX slides) of the uploaded documents the deck was made from. */
  documentPages?: number;
};

/**
 * Checks that the deck shows only pictures of the account (else a 422 naming
 * `slides.<n>.content.image.asset`: a request's slides are the deck's), renders it, stores the file,
 * records the presentation and its export in one transaction, then settles the reservation with
 * what the deck actually costs. Returns the API result, whose `credits_consumed` is the settled
 * ledger charge.
 */
export async function savePresentation(
  db: Db,
  userId: string,
  deck: TDeck,
  options: TSaveOptions,
): Promise<TPresentationResult> {
  const valid = ZDeck.parse(deck);
  // Before drawing: a PPTX or PDF must never carry another account's picture.
  await assertDeckAssets(db, userId, valid);
  const rendered = await renderDeck(valid, options.format, undefined, await loadDeckLook(valid, userId));
  const presentationId = crypto.randomUUID();
  const exportId = crypto.randomUUID();
  const storageKey = `exports/${exportId}.${rendered.extension}`;
  const storage = getStorage();
  await storage.put(storageKey, rendered.bytes);
  await db
    .$transaction([
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
    ])
    .catch(async (error: unknown) => {
      // Nothing records the file: removed, so a failed save leaves no unreachable export behind.
      await storage.delete(storageKey).catch(() => {});
      throw error;
    });
  const actual = creditsFor(valid, {
    aiImages: options.aiImages ?? 0,
    documentPages: options.documentPages ?? 0,
  });
  // settleCredits never charges past the reservation quoted up front. A reservation that cannot be
  // settled (the task was cancelled and refunded meanwhile) leaves no deck behind.
  const credits = await settleCredits(db, options.charge.entryId, actual, { presentationId }).catch(
    async (error: unknown) => {
      await deletePresentation(db, userId, presentationId).catch(() => {});
      throw error;
    },
  );
  return {
    presentation_id: presentationId,
    path: await downloadUrl(options.origin, {
      exportId,
      storageKey,
      fileName: fileNameFor(valid.title, rendered.extension),
    }),
    edit_path: editUrl(options.origin, presentationId),
    credits_consumed: credits,
    ...(options.warnings && options.warnings.length > 0 ? { warnings: options.warnings } : {}),
  };
}
