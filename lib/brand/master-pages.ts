/**
 * A branded deck's pages as the uploaded master takes them: which brand layout each goes on, its
 * title, and the boxes the master draws itself left out (the brand look redraws the file's
 * background, shapes and pictures on every page for the PDF and the editor; in the PPTX they come
 * from the master and layouts, once).
 */
import type { TDeck } from "@/lib/deck/schema";
import type { TRenderedSlide } from "@/lib/layouts/boxes";
import { stripInline } from "@/lib/layouts/parse-inline";
import type { TMasterPage } from "./write-on-master";

/** Ids of the boxes the brand look draws from the file itself (brand-scene.ts). */
const SCENE_BOX = /^brand-/;

/** The pages without the file's own background, shapes and pictures, which the master draws. */
export function withoutScene(pages: readonly TRenderedSlide[]): TRenderedSlide[] {
  return pages.map((page) => ({ ...page, boxes: page.boxes.filter((box) => !SCENE_BOX.test(box.id)) }));
}

/** For each page: the brand layout's role (cover and closing on the title layout), title and background. */
export function masterPages(deck: Pick<TDeck, "slides">, pages: readonly TRenderedSlide[]): TMasterPage[] {
  const slides = new Map(deck.slides.map((slide) => [slide.id, slide]));
  return pages.map((page) => {
    const slide = slides.get(page.slideId);
    const layout = slide?.layout;
    const role =
      layout === "title" || layout === "closing" ? "title" : layout === "section" ? "section" : "content";
    const title = slide?.content.title ? stripInline(slide.content.title) : undefined;
    return { role, ...(title ? { title } : {}), background: "layout" };
  });
}
