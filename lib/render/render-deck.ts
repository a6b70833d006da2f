import "server-only";
import type { TBrandLook } from "@/lib/brand/brand-look";
import { masterPages, withoutScene } from "@/lib/brand/master-pages";
import { writeOnMaster } from "@/lib/brand/write-on-master";
import type { TDeck } from "@/lib/deck/schema";
import { deckAssetKeys, loadDeckAssets } from "@/lib/images/load-deck-assets";
import { layoutDeck } from "@/lib/layouts/layout-deck";
import { getStorage } from "@/lib/storage";
import { renderPdf } from "./pdf/render-pdf";
import { renderPptx } from "./pptx/render-pptx";
import { prepareImages } from "./prepare-images";

export type TRenderFormat = "pptx" | "pdf";

export type TRenderedFile = {
  bytes: Buffer;
  /** Pages in the file; more than the deck's slides when text continued onto extra pages. */
  slideCount: number;
  contentType: string;
  extension: TRenderFormat;
};

const FORMATS = {
  pptx: {
    render: renderPptx,
    contentType: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  },
  pdf: { render: renderPdf, contentType: "application/pdf" },
} as const;

/**
 * Lays a deck out and renders it to a PPTX or PDF file. Stored pictures (image.asset) come from
 * `assets` (loadDeckAssets) when given, else they are read from storage here. A deck on an uploaded
 * brand template needs its `look` (loadDeckLook, which reads the database: the caller's, as this
 * module never touches it); without it layoutDeck refuses the deck. Its PPTX is written on the
 * uploaded file's master and theme (writeOnMaster).
 */
export async function renderDeck(
  deck: TDeck,
  format: TRenderFormat,
  assets?: ReadonlyMap<string, string>,
  look?: TBrandLook,
): Promise<TRenderedFile> {
  const stored =
    assets ?? (deckAssetKeys(deck).length > 0 ? await loadDeckAssets(deck, getStorage()) : undefined);
  const slides = layoutDeck(deck, stored, look);
  const { render, contentType } = FORMATS[format];
  // On the uploaded file's master, its layouts draw the brand's background, shapes and logos.
  const onMaster = format === "pptx" && look;
  const pages = onMaster ? withoutScene(slides) : slides;
  const bytes = await render(deck, pages, await prepareImages(pages));
  return {
    bytes: onMaster
      ? await writeOnMaster(bytes, look.source.bytes, look.source.brand, masterPages(deck, slides))
      : bytes,
    slideCount: slides.length,
    contentType,
    extension: format,
  };
}
