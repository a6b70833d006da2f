/**
 * Positioned boxes: what the layout engine produces and every renderer (PPTX, PDF, React) draws.
 * Coordinates are in a 1280×720 space; 1 unit = 1/96 inch = 0.75 pt. Client-safe.
 */

export const SLIDE_WIDTH = 1280;
export const SLIDE_HEIGHT = 720;

/** A styled piece of text inside one paragraph. */
export type TTextRun = {
  text: string;
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
};

/** A measured line: the runs that fit on it, and its width in slide units. */
export type TLine = { runs: TTextRun[]; width: number };

export type TParagraph = {
  runs: TTextRun[];
  /** Drawn with a bullet glyph and hanging indent. */
  bullet?: boolean;
  /** Lines after wrapping at the box's fitted font size (filled by the layout engine). */
  lines: TLine[];
};

export type TTextBox = {
  kind: "text";
  id: string;
  /** Which content field this box shows (e.g. "title", "bullets", "columns.0.body"). */
  role: string;
  x: number;
  y: number;
  w: number;
  h: number;
  paragraphs: TParagraph[];
  /** Font family key (see lib/layouts/fonts.ts); renderers map it to files or a PPTX face name. */
  font: string;
  /** Font size in slide units after fitting (pt = size × 0.75). */
  fontSize: number;
  /** Line height as a multiple of fontSize. */
  lineHeight: number;
  /** Extra space after each paragraph, in slide units. */
  paragraphGap: number;
  color: string;
  bold?: boolean;
  align: "left" | "center" | "right";
  valign: "top" | "middle" | "bottom";
};

export type TShapeBox = {
  kind: "shape";
  id: string;
  shape: "rect" | "ellipse";
  x: number;
  y: number;
  w: number;
  h: number;
  fill: string;
};

export type TBox = TTextBox | TShapeBox;

export type TRenderedSlide = {
  slideId: string;
  background: string;
  boxes: TBox[];
  notes?: string;
};
