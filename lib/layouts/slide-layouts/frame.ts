/**
 * What every layout function gets: the template's grid and type scale, the theme's palette and
 * fonts, and the deck around the slide. Layout functions are template-agnostic; the template
 * decides the grid, sizes, decoration and title treatment.
 */
import type { TLayoutId, TSlideContent } from "@/lib/deck/schema";
import type { TBox, TRenderedSlide, TShapeBox, TTextBox } from "../boxes";
import type { TPalette, TTheme } from "../themes";

/** The grid of a template, in slide units (1280×720). */
export type TFrame = {
  /** The left edge of titles and content. */
  marginX: number;
  /** The width of titles and content: 1280 − 2 × marginX for the built-in templates. */
  contentW: number;
  /**
   * Where the title of a content slide sits; bottom-aligned so its last line hugs the body.
   * `right`, when set, is where the title must stop short of (a brand's logo beside it).
   */
  header: { y: number; h: number; right?: number };
  /** The body region of a content slide. */
  body: { y: number; h: number };
};

/** Preferred sizes before fitting, in slide units; even so they are whole or half points. */
export type TSizes = {
  coverTitle: number;
  sectionTitle: number;
  closingTitle: number;
  lead: number;
  header: number;
  body: number;
  columnHeading: number;
  columnBody: number;
  agendaItem: number;
  byline: number;
  contact: number;
  /** Big figures of the metrics layout. */
  metric: number;
  /** The quotation of the quote layout. */
  quote: number;
  /** Small text: captions, table cells floor, chart labels, footers. */
  caption: number;
};

export type TSlideKind = "cover" | "section" | "content" | "closing";

/** A rectangle in slide units. */
export type TRect = { x: number; y: number; w: number; h: number };

/** A visual template: grid, type scale and decoration. Layouts ask it; they never hard-code a look. */
export type TTemplateStyle = {
  id: string;
  name: string;
  description: string;
  frame: TFrame;
  sizes: TSizes;
  /** Alignment of content-slide titles. */
  titleAlign: "left" | "center";
  /** Corner radius of cards, panels and pictures (0 = square corners). */
  radius: number;
  /** Cards and panels: filled with the surface colour, or outlined on the background. */
  cards: "filled" | "outlined";
  /** Background colour of each kind of slide. */
  background(kind: TSlideKind, palette: TPalette): string;
  /** Decorative shapes drawn first (under the text) on each kind of slide. */
  decor(kind: TSlideKind, context: TLayoutContext): TBox[];
  /**
   * The mark that goes with a title (accent bar, underline…), given where its text ended up. For
   * the cover and closing slides, `text` is the whole centred text group.
   */
  titleMark(kind: Exclude<TSlideKind, "section">, text: TRect, context: TLayoutContext): TBox[];
  /** Colours of a section slide's title and lead (they sit on the section background). */
  sectionText(palette: TPalette): { title: string; lead: string };
  /**
   * Colours of the title and the lines under it on the other kinds of slide; the palette's text
   * and muted when absent. A brand template takes them from its file, readable on its backgrounds.
   */
  slideText?(kind: Exclude<TSlideKind, "section">, palette: TPalette): { title: string; lead: string };
  /**
   * Where the cover's title and the lines under it go (a brand file's title layout places them);
   * the built-in centred stack when absent. The title hugs the bottom of `title`, the lines stack
   * from the top of `lines`.
   */
  cover?: { title: TRect; lines: TRect };
  /** The same for a section slide (a brand file's section layout, else its title frame). */
  section?: { title: TRect; lines: TRect };
  /**
   * The colour a laid-out text box is drawn in on a kind of slide (`page` is everything the page
   * draws): its own where that reads on what lies under it, else one that does. Brand templates,
   * whose backgrounds are pictures and gradients, check each box; the built-in ones need not.
   */
  readableText?(kind: TSlideKind, box: TTextBox, page: readonly TBox[]): string;
};

/** The colours of a slide's title and lead lines in the template (see slideText). */
export function slideTextColors(
  kind: Exclude<TSlideKind, "section">,
  context: Pick<TLayoutContext, "template" | "palette">,
): { title: string; lead: string } {
  const { template, palette } = context;
  return template.slideText?.(kind, palette) ?? { title: palette.text, lead: palette.muted };
}

/** Inputs every layout gets. */
export type TLayoutContext = {
  template: TTemplateStyle;
  theme: TTheme;
  /** theme.palette. */
  palette: TPalette;
  /** Font keys of titles and body text (theme.fonts). */
  fonts: { heading: string; body: string };
  deckTitle: string;
  author?: string;
  /** The deck's language (an ISO tag or a name), for fixed words a layout writes. */
  language: string;
  /**
   * Stored pictures as data URIs by asset key (image.asset), loaded by the caller beforehand:
   * layouts do no I/O. A key missing here draws the offline illustration instead.
   */
  assets?: ReadonlyMap<string, string>;
};

/** A layout: content → one or more pages (more when its text continues). */
export type TLayoutFunction = (content: TSlideContent, context: TLayoutContext) => TPage[];
export type TLayoutTable = Record<TLayoutId, TLayoutFunction>;

/** One drawn page of a slide; the engine adds the slide id and notes. */
export type TPage = Pick<TRenderedSlide, "background" | "boxes">;

/** A plain filled rectangle. */
export function rect(id: string, x: number, y: number, w: number, h: number, fill: string): TShapeBox {
  return { kind: "shape", id, shape: "rect", x, y, w, h, fill };
}

/** A card or panel in the template's style (filled or outlined, rounded or square). */
export function card(id: string, r: TRect, context: TLayoutContext): TShapeBox {
  const { template, palette } = context;
  return {
    kind: "shape",
    id,
    shape: template.radius > 0 ? "roundRect" : "rect",
    ...r,
    fill: template.cards === "filled" ? palette.surface : "none",
    ...(template.cards === "outlined" ? { stroke: { color: palette.border, width: 2 } } : {}),
    ...(template.radius > 0 ? { radius: template.radius } : {}),
  };
}

/** The background and decoration of a content slide, then its title, then `boxes`. */
export function contentPage(context: TLayoutContext, header: TBox[], boxes: TBox[]): TPage {
  return {
    background: context.template.background("content", context.palette),
    boxes: [...context.template.decor("content", context), ...header, ...boxes],
  };
}
