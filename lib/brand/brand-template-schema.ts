/**
 * What the brand-template reader takes from a company's .pptx/.potx: the contract between the
 * reader (lib/brand/read-brand-template.ts) and what draws decks in the brand and writes PPTX on
 * the uploaded master. Everything here is read from the file's own XML; nothing is guessed.
 * Lengths are EMU (914400 to the inch, 12700 to the point) unless a field says otherwise.
 */
import { z } from "zod";

/** An sRGB colour as six upper-case hex digits, every DrawingML colour transform already applied. */
export const ZBrandColor = z.string().regex(/^[0-9A-F]{6}$/);
export type TBrandColor = z.infer<typeof ZBrandColor>;

const ZEmu = z.number().int();
const ZFraction = z.number().finite();

/**
 * A shape's frame on the slide: its offset and extent in EMU, and the same as fractions of the
 * slide's width and height (0–1 for a frame inside the slide), so it can be drawn at any size.
 */
export const ZBrandFrame = z.object({
  x: ZEmu,
  y: ZEmu,
  cx: ZEmu.nonnegative(),
  cy: ZEmu.nonnegative(),
  fraction: z.object({ x: ZFraction, y: ZFraction, w: ZFraction, h: ZFraction }),
});
export type TBrandFrame = z.infer<typeof ZBrandFrame>;

/** One stop of a gradient: where it sits along the gradient (0–1) and its colour. */
export const ZGradientStop = z.object({ position: z.number().min(0).max(1), color: ZBrandColor });

/**
 * A fill: a solid colour; a gradient (stops in order, `angle` in degrees clockwise from
 * left-to-right for a linear one, null for a path gradient, whose `path` says its shape); or a
 * picture stored in the package (`part` is its name inside the zip, `contentType` from
 * [Content_Types].xml; `tile` when it repeats rather than stretches).
 */
export const ZBrandFill = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("solid"), color: ZBrandColor }),
  z.object({
    kind: z.literal("gradient"),
    stops: z.array(ZGradientStop).min(1),
    angle: z.number().min(0).lt(360).nullable(),
    path: z.enum(["linear", "circle", "rect", "shape"]),
  }),
  z.object({
    kind: z.literal("picture"),
    part: z.string().min(1),
    contentType: z.string().min(1),
    tile: z.boolean(),
  }),
]);
export type TBrandFill = z.infer<typeof ZBrandFill>;

/** The twelve colours of the theme's colour scheme (a:clrScheme); a system colour is its lastClr. */
export const ZThemeColors = z.object({
  dk1: ZBrandColor,
  lt1: ZBrandColor,
  dk2: ZBrandColor,
  lt2: ZBrandColor,
  accent1: ZBrandColor,
  accent2: ZBrandColor,
  accent3: ZBrandColor,
  accent4: ZBrandColor,
  accent5: ZBrandColor,
  accent6: ZBrandColor,
  hlink: ZBrandColor,
  folHlink: ZBrandColor,
});
export type TThemeColors = z.infer<typeof ZThemeColors>;
export const THEME_COLOR_NAMES = Object.keys(ZThemeColors.shape) as (keyof TThemeColors)[];

/** One font of the font scheme: Latin, East Asian and complex-script typefaces ("" = not set). */
export const ZThemeFont = z.object({ latin: z.string(), ea: z.string(), cs: z.string() });
export type TThemeFont = z.infer<typeof ZThemeFont>;

export const ZBrandTheme = z.object({
  /** The theme part inside the package ("ppt/theme/theme1.xml"). */
  part: z.string(),
  name: z.string(),
  colors: ZThemeColors,
  /** Major = headings, minor = body text. */
  fonts: z.object({ major: ZThemeFont, minor: ZThemeFont }),
  /**
   * True when the accents are one of Office's stock schemes (what LibreOffice writes into every
   * export): the brand's colours then live in the master's text styles and backgrounds, not here.
   */
  generic: z.boolean(),
});
export type TBrandTheme = z.infer<typeof ZBrandTheme>;

/**
 * A text style as the file states it: colour, typeface (theme references such as +mj-lt
 * resolved), size in points, bold. Null where the file leaves it to what it inherits.
 */
export const ZBrandTextStyle = z.object({
  color: ZBrandColor.nullable(),
  font: z.string().min(1).nullable(),
  sizePt: z.number().positive().nullable(),
  bold: z.boolean().nullable(),
});
export type TBrandTextStyle = z.infer<typeof ZBrandTextStyle>;

/** A text style with everything resolved (the file's own value, else what PowerPoint inherits). */
export const ZEffectiveTextStyle = z.object({
  color: ZBrandColor,
  font: z.string().min(1),
  sizePt: z.number().positive(),
  bold: z.boolean(),
});
export type TEffectiveTextStyle = z.infer<typeof ZEffectiveTextStyle>;

/** The body's first-level bullet: its character and typeface (null when level 1 has no bullet). */
export const ZBrandBullet = z.object({ char: z.string().min(1), font: z.string().nullable() }).nullable();

/**
 * A master's text styles: the title and level-1 body text, from the master's title/body
 * placeholders' own paragraphs and list styles over its p:txStyles (which LibreOffice leaves out).
 */
export const ZMasterTextStyles = z.object({
  title: ZBrandTextStyle,
  body: ZBrandTextStyle,
  bullet: ZBrandBullet,
});

/** ST_PlaceholderType values; a p:ph without a type is "obj". */
export const ZPlaceholderType = z.enum([
  "title",
  "ctrTitle",
  "subTitle",
  "body",
  "obj",
  "chart",
  "tbl",
  "clipArt",
  "dgm",
  "media",
  "sldImg",
  "pic",
  "dt",
  "ftr",
  "sldNum",
  "hdr",
]);

/**
 * A placeholder of a master or layout. `frame` is its own xfrm, or (`inherited: true`) the frame
 * of the master's placeholder it inherits from (same idx, else the same kind: title, body, …);
 * null only when neither has one. `text` is the style its own paragraphs set (null fields inherit).
 */
export const ZBrandPlaceholder = z.object({
  type: ZPlaceholderType,
  idx: z.number().int().nonnegative(),
  name: z.string(),
  frame: ZBrandFrame.nullable(),
  inherited: z.boolean(),
  text: ZBrandTextStyle,
});
export type TBrandPlaceholder = z.infer<typeof ZBrandPlaceholder>;

/** A picture placed on a master or layout (a logo, a decoration): its media part and frame. */
export const ZBrandPicture = z.object({
  name: z.string(),
  /** The picture's alt text (cNvPr descr), "" when none. */
  description: z.string(),
  part: z.string().min(1),
  contentType: z.string().min(1),
  frame: ZBrandFrame,
});
export type TBrandPicture = z.infer<typeof ZBrandPicture>;

/** A decorative shape (not a placeholder) on a master or layout: geometry, frame and fill. */
export const ZBrandShape = z.object({
  name: z.string(),
  /** The preset geometry ("rect", "ellipse", …) or "custom" for a freeform path. */
  geometry: z.string().min(1),
  frame: ZBrandFrame,
  fill: ZBrandFill.nullable(),
  /** Outline colour, null for none or a non-solid line. */
  line: ZBrandColor.nullable(),
});
export type TBrandShape = z.infer<typeof ZBrandShape>;

/**
 * ST_SlideLayoutType as written (PowerPoint: "title", "obj", "secHead", "twoObj", "titleOnly",
 * "blank", …; LibreOffice writes "tx" for its title slide); "cust" when the layout names none.
 */
export const ZLayoutType = z.string().min(1);

export const ZBrandLayout = z.object({
  part: z.string(),
  name: z.string(),
  type: ZLayoutType,
  /** The layout's own background; null when it shows its master's. */
  background: ZBrandFill.nullable(),
  /**
   * The fill of the topmost shape or picture that covers the whole slide, which is what shows as
   * the background whatever p:bg says (LibreOffice writes gradient and picture backgrounds so).
   */
  cover: ZBrandFill.nullable(),
  placeholders: z.array(ZBrandPlaceholder),
  /** The frames later parts fit text into: the title, the (first) body or content, the subtitle. */
  frames: z.object({
    title: ZBrandFrame.nullable(),
    body: ZBrandFrame.nullable(),
    subtitle: ZBrandFrame.nullable(),
  }),
  pictures: z.array(ZBrandPicture),
  shapes: z.array(ZBrandShape),
  /** Whether the layout hides its master's pictures and shapes (showMasterSp="0"). */
  hidesMasterShapes: z.boolean(),
});
export type TBrandLayout = z.infer<typeof ZBrandLayout>;

export const ZBrandMaster = z.object({
  part: z.string(),
  /** The theme part this master uses (each master may have its own). */
  themePart: z.string(),
  /** The master's background (p:bg), resolved; null when it states none (white, bg1). */
  background: ZBrandFill.nullable(),
  /**
   * The fill of the topmost shape or picture that covers the whole slide, which is what shows as
   * the background whatever p:bg says (LibreOffice writes gradient and picture backgrounds so).
   */
  cover: ZBrandFill.nullable(),
  textStyles: ZMasterTextStyles,
  placeholders: z.array(ZBrandPlaceholder),
  pictures: z.array(ZBrandPicture),
  shapes: z.array(ZBrandShape),
  /** The master's layouts, in the order of its p:sldLayoutIdLst (PowerPoint's Layout menu). */
  layouts: z.array(ZBrandLayout),
});
export type TBrandMaster = z.infer<typeof ZBrandMaster>;

/** Where a layout sits: master index and layout index within that master's `layouts`. */
export const ZLayoutRef = z.object({
  master: z.number().int().nonnegative(),
  layout: z.number().int().nonnegative(),
});
export type TLayoutRef = z.infer<typeof ZLayoutRef>;

/** A font embedded in the file (p:embeddedFontLst): its typeface and the parts of its styles. */
export const ZEmbeddedFont = z.object({
  typeface: z.string().min(1),
  styles: z.array(
    z.object({
      style: z.enum(["regular", "bold", "italic", "boldItalic"]),
      part: z.string().min(1),
      contentType: z.string().min(1),
    }),
  ),
});
export type TEmbeddedFont = z.infer<typeof ZEmbeddedFont>;

export const ZBrandTemplate = z.object({
  /** "potx" when the main part is a template's (PowerPoint's .potx), else "pptx". */
  format: z.enum(["pptx", "potx"]),
  slideSize: z.object({
    cx: ZEmu.positive(),
    cy: ZEmu.positive(),
    /** 16:9 and 4:3 within 1%; anything else (16:10, A4, custom) is "other". */
    aspect: z.enum(["16:9", "4:3", "other"]),
  }),
  /** The first master's theme (the one new slides use). */
  theme: ZBrandTheme,
  /**
   * The brand's title and body text as a slide on the first master shows it: the master's
   * title/body styles, falling back to the theme (tx1 and the major/minor Latin font).
   */
  text: z.object({ title: ZEffectiveTextStyle, body: ZEffectiveTextStyle }),
  /** What a slide on the first master shows behind its content (see backgroundSource). */
  background: ZBrandFill,
  /**
   * Where `background` comes from: "cover", a shape or picture covering the whole slide;
   * "background", the master's p:bg; "bg1", neither, so the theme's bg1 colour (solid).
   */
  backgroundSource: z.enum(["cover", "background", "bg1"]),
  /** Every master, in presentation order; the first is the one new slides use. */
  masters: z.array(ZBrandMaster).min(1),
  /**
   * The layouts that serve a title slide, a title-and-content slide and a section header (on the
   * first master by type, else by their placeholders); null when the file has none that fits.
   */
  roles: z.object({
    title: ZLayoutRef.nullable(),
    content: ZLayoutRef.nullable(),
    section: ZLayoutRef.nullable(),
  }),
  embeddedFonts: z.array(ZEmbeddedFont),
  /** What could not be read, in words a user can act on; empty when everything was read. */
  warnings: z.array(z.string()),
});
export type TBrandTemplate = z.infer<typeof ZBrandTemplate>;
