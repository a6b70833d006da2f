/** The grid of the "general" template, in slide units (1280×720). */
import type { TRenderedSlide, TShapeBox } from "../boxes";
import type { TPalette } from "../themes";

export const MARGIN_X = 80;
export const CONTENT_W = 1280 - 2 * MARGIN_X;

/** Where the title of a content slide sits; it is bottom-aligned so its last line hugs the body. */
export const HEADER = { y: 80, h: 104 };
/** The body region of a content slide. */
export const BODY = { y: 216, h: 440 };

/** Sizes the layouts prefer, before fitting; even so they are whole or half points. */
export const SIZES = {
  coverTitle: 64,
  sectionTitle: 56,
  closingTitle: 60,
  lead: 28,
  header: 40,
  body: 28,
  columnHeading: 26,
  columnBody: 24,
  agendaItem: 26,
  byline: 20,
  contact: 22,
} as const;

/** Inputs every layout of the template gets. */
export type TLayoutContext = { palette: TPalette; font: string; deckTitle: string; author?: string };

/** The short accent rule that marks titles. */
export function accentBar(x: number, y: number, color: string, w = 96, h = 8): TShapeBox {
  return { kind: "shape", id: "accent-bar", shape: "rect", x, y, w, h, fill: color };
}

/** One drawn page of a slide; the engine adds the slide id and notes. */
export type TPage = Pick<TRenderedSlide, "background" | "boxes">;
