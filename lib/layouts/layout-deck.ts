import "server-only";
import { isCustomTemplateId, type TDeck, type TSlide } from "@/lib/deck/schema";
import { applyTextFormat } from "./apply-text-format";
import type { TRenderedSlide } from "./boxes";
import { resolveRunColors } from "./resolve-run-colors";
import type { TLayoutContext, TSlideKind, TTemplateStyle } from "./slide-layouts/frame";
import { LAYOUTS } from "./slide-layouts/layouts";
import { TEMPLATES } from "./templates";
import { THEMES, type TTheme } from "./themes";

/** The kind of slide a layout draws (the rest are content slides). */
const KIND_OF: Partial<Record<TSlide["layout"], TSlideKind>> = {
  title: "cover",
  section: "section",
  closing: "closing",
};

/**
 * How a deck on an uploaded brand template looks: the template style and theme built from the
 * brand file (they replace TEMPLATES[deck.template] and THEMES[deck.theme]). Built-in templates
 * need none.
 */
export type TDeckLook = { template: TTemplateStyle; theme: TTheme };

/**
 * Lays out every slide of a deck into positioned, measured boxes. A slide whose text does not fit
 * even at the smallest allowed size continues on extra pages ("… (cont.)"), so the result can be
 * longer than `deck.slides`; every page keeps its source `slideId`. `assets` holds the deck's
 * stored pictures as data URIs (loadDeckAssets); without them pictures are offline illustrations.
 */
export function layoutDeck(
  deck: TDeck,
  assets?: ReadonlyMap<string, string>,
  look?: TDeckLook,
): TRenderedSlide[] {
  return deck.slides.flatMap((slide) => layoutSlide(deck, slide, assets, look));
}

/** The context layouts get for a deck: its template, theme, fonts, words and stored pictures. */
export function deckContext(
  deck: Pick<TDeck, "title" | "author" | "template" | "theme" | "language">,
  assets?: ReadonlyMap<string, string>,
  look?: TDeckLook,
): TLayoutContext {
  const id = deck.template;
  if (!look && isCustomTemplateId(id)) {
    throw new Error(`The brand template ${id} must be loaded before its deck is laid out.`);
  }
  const theme = look?.theme ?? THEMES[deck.theme];
  return {
    template: look?.template ?? TEMPLATES[isCustomTemplateId(id) ? "general" : id],
    theme,
    palette: theme.palette,
    fonts: theme.fonts,
    deckTitle: deck.title,
    author: deck.author,
    language: deck.language,
    ...(assets ? { assets } : {}),
  };
}

/**
 * Lays out one slide of a deck: one page, or more when its text continues, with the slide's text
 * formatting applied (alignment, size steps). The slide's speaker notes go on its first page only,
 * so a presenter does not read them twice.
 */
export function layoutSlide(
  deck: Pick<TDeck, "title" | "author" | "template" | "theme" | "language">,
  slide: TSlide,
  assets?: ReadonlyMap<string, string>,
  look?: TDeckLook,
): TRenderedSlide[] {
  const context = deckContext(deck, assets, look);
  const pages = LAYOUTS[slide.layout](slide.content, context);
  const readable = context.template.readableText;
  if (readable)
    for (const page of pages)
      for (const box of page.boxes)
        if (box.kind === "text") box.color = readable(KIND_OF[slide.layout] ?? "content", box, page.boxes);
  for (const page of pages) resolveRunColors(page.boxes, context.palette);
  return pages.map((page, index) => ({
    slideId: slide.id,
    ...page,
    boxes: applyTextFormat(page.boxes, slide.format),
    ...(index === 0 && slide.notes ? { notes: slide.notes } : {}),
  }));
}
