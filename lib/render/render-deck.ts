import "server-only";
import type { TDeck } from "@/lib/deck/schema";
import { layoutDeck } from "@/lib/layouts/layout-deck";
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

/** Lays a deck out and renders it to a PPTX or PDF file. */
export async function renderDeck(deck: TDeck, format: TRenderFormat): Promise<TRenderedFile> {
  const slides = layoutDeck(deck);
  const { render, contentType } = FORMATS[format];
  const images = await prepareImages(slides);
  return {
    bytes: await render(deck, slides, images),
    slideCount: slides.length,
    contentType,
    extension: format,
  };
}
