/**
 * Positioned boxes: what the layout engine produces and every renderer (PPTX, PDF, React) draws.
 * Coordinates are in a 1280×720 space; 1 unit = 1/96 inch = 0.75 pt. Client-safe.
 */

import type { TImageCrop, TImageFocus } from "@/lib/deck/schema";
import type { TChartGeometry } from "./chart-geometry";

export const SLIDE_WIDTH = 1280;
export const SLIDE_HEIGHT = 720;

/**
 * Theme colours a run of text may take, by role (inline `[text]{.accent}`): the deck's theme
 * decides the colour, so a theme change recolours the run. "Primary text" is the box's own colour
 * (no mark).
 */
export const TEXT_COLOR_ROLES = ["accent", "accent2", "muted"] as const;
export type TTextColorRole = (typeof TEXT_COLOR_ROLES)[number];

/** A styled piece of text inside one paragraph. */
export type TTextRun = {
  text: string;
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
  /** A hyperlink target (http, https or mailto), from inline `[text](url)`. */
  link?: string;
  /** Underlined, from inline `[text]{.underline}`. */
  underline?: boolean;
  /** Marked with the theme's highlighter colour behind it, from inline `[text]{.highlight}`. */
  highlight?: boolean;
  /** A theme colour role, from inline `[text]{.accent}` (see TEXT_COLOR_ROLES). */
  color?: TTextColorRole;
  /**
   * The run's colours as "#RRGGBB", resolved from `color` and `highlight` with the deck's theme by
   * the layout engine (layoutSlide), so renderers need no theme.
   */
  fill?: string;
  highlightFill?: string;
};

/** A measured line: the runs that fit on it, and its width in slide units. */
export type TLine = { runs: TTextRun[]; width: number };

export type TParagraph = {
  runs: TTextRun[];
  /** Drawn with a bullet glyph and hanging indent. */
  bullet?: boolean;
  /**
   * Right-to-left paragraph (its first strong character is Arabic or Hebrew): the bullet and the
   * start of each line are on the right. Lines keep their runs in logical order; renderers that
   * place glyphs themselves reorder each line visually (lib/layouts/bidi.ts).
   */
  rtl?: boolean;
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

/** A line or outline around a shape. */
export type TStroke = { color: string; width: number };

/**
 * A gradient fill: colour stops (position 0–1, "#RRGGBB") along a line at `angle` degrees
 * clockwise from left-to-right, or, when `angle` is null, outward from the shape's centre to its
 * farthest corner (a brand file's path gradient). The line runs through the centre and is as long
 * as the shape's extent along it, as CSS draws linear-gradient.
 */
export type TGradient = { angle: number | null; stops: { position: number; color: string }[] };

export type TShapeBox = {
  kind: "shape";
  id: string;
  /** "line" runs from (x, y) to (x + w, y + h) and is drawn with its stroke only. */
  shape: "rect" | "roundRect" | "ellipse" | "line";
  x: number;
  y: number;
  w: number;
  h: number;
  /** "#RRGGBB", or "none" for an outline only. With a gradient, the gradient's mean colour. */
  fill: string;
  /** Drawn instead of `fill` by the PDF and the editor; the PPTX draws `fill`. */
  gradient?: TGradient;
  stroke?: TStroke;
  /** Corner radius of a roundRect, in slide units. */
  radius?: number;
  /** 0–1; 1 when absent. */
  opacity?: number;
};

/**
 * A picture: a photo, an offline generated graphic or an icon. `src` is a data URI (SVG, PNG or
 * JPEG). Renderers draw it stretched to the box: sources are cropped to the box's aspect ("cover")
 * or padded ("contain") before drawing, so PPTX, PDF and editor agree.
 */
export type TImageBox = {
  kind: "image";
  id: string;
  /** Which content field this picture shows ("image", "icon", "items.2.icon"). */
  role: string;
  x: number;
  y: number;
  w: number;
  h: number;
  src: string;
  /** Alternative text (PPTX descr, PDF alt, editor alt). */
  alt: string;
  fit: "cover" | "contain";
  /** The point kept in view when cover cuts the picture (fractions of the whole picture); the centre when absent. */
  focus?: TImageFocus;
  /** Sides of the source cut away before fitting; none when absent. framePicture places the picture from these. */
  crop?: TImageCrop;
  /** Rounded corners, in slide units (a clip of the picture where it is drawn). */
  radius?: number;
};

/** One cell of a table: its text laid out in lines at the table's font size. */
export type TTableCell = {
  paragraphs: TParagraph[];
  bold?: boolean;
  align: "left" | "center" | "right";
};

export type TTableRow = {
  /** Row height in slide units (every cell's text fits within it, less the padding). */
  h: number;
  header?: boolean;
  cells: TTableCell[];
};

/** A native table: column widths and row heights fixed by the layout, text fitted per cell. */
export type TTableBox = {
  kind: "table";
  id: string;
  role: string;
  x: number;
  y: number;
  w: number;
  h: number;
  /** Column widths in slide units; they add up to w. */
  columns: number[];
  rows: TTableRow[];
  font: string;
  fontSize: number;
  lineHeight: number;
  /** Inner cell margins in slide units. */
  padding: { x: number; y: number };
  color: string;
  headerFill: string;
  headerColor: string;
  /** Fill of every other body row; none when absent. */
  bandFill?: string;
  border: string;
};

/** The data of a chart as drawn (validated content, with the unit). */
export type TChartData = {
  type: "bar" | "column" | "line" | "pie" | "doughnut";
  categories: string[];
  series: { name: string; values: number[] }[];
  unit?: string;
};

/** A native chart: PPTX writes a real chart part; PDF and editor draw the same geometry. */
export type TChartBox = {
  kind: "chart";
  id: string;
  role: string;
  x: number;
  y: number;
  w: number;
  h: number;
  chart: TChartData;
  /** One colour per series (per slice for pie and doughnut). */
  colors: string[];
  font: string;
  /** Size of axis labels, legend and data labels, in slide units. */
  fontSize: number;
  textColor: string;
  gridColor: string;
  /** Text drawn on slices and bars. */
  onColor: string;
  /** The colour behind the chart: the thin gaps between pie and doughnut slices. */
  background: string;
  /** What the chart shows, in words: the PPTX chart's name and alt text. */
  alt: string;
  /**
   * Everything drawn, in slide units: plot area, axis ticks, bars, points, slices and every label
   * already measured and cut to fit (see chart-geometry.ts). Computed once by the layout with the
   * real font metrics, so the PDF, the editor and the PPTX's plot layout agree exactly.
   */
  geometry: TChartGeometry;
};

export type TBox = TTextBox | TShapeBox | TImageBox | TTableBox | TChartBox;

export type TRenderedSlide = {
  slideId: string;
  background: string;
  boxes: TBox[];
  notes?: string;
};
