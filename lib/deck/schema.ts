/**
 * The Deck document: the single source of truth for a presentation. Stored as JSON per
 * presentation, drawn by the layout engine into boxes that PPTX, PDF and the editor all share.
 * Client-safe: no server imports here.
 */
import { z } from "zod";

export const DECK_VERSION = 1 as const;

/** Layouts every template draws. Unknown layouts are refused with the list of these. */
export const LAYOUT_IDS = [
  "title",
  "section",
  "agenda",
  "bullets",
  "two-column",
  "image-left",
  "image-right",
  "icons-grid",
  "metrics",
  "quote",
  "table",
  "chart",
  "timeline",
  "comparison",
  "closing",
] as const;
export const ZLayoutId = z.enum(LAYOUT_IDS);
export type TLayoutId = z.infer<typeof ZLayoutId>;

/** The built-in templates. */
export const TEMPLATE_IDS = ["general", "modern", "standard", "swift"] as const;
export type TBuiltInTemplateId = (typeof TEMPLATE_IDS)[number];
/** A brand template an account uploaded: "custom-" and the template's id (a UUID). */
export type TCustomTemplateId = `custom-${string}`;
export const CUSTOM_TEMPLATE_ID = /^custom-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// A template literal rather than a transform: the Deck is also a response schema, and the OpenAPI
// document cannot describe a transform's output.
export const ZCustomTemplateId = z.templateLiteral([
  "custom-",
  z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
]);
export const ZTemplateId = z.union([z.enum(TEMPLATE_IDS), ZCustomTemplateId]);
export type TTemplateId = TBuiltInTemplateId | TCustomTemplateId;

/** Whether a template id names an uploaded brand template rather than a built-in one. */
export function isCustomTemplateId(id: string): id is TCustomTemplateId {
  return CUSTOM_TEMPLATE_ID.test(id);
}

export const THEME_IDS = [
  "light",
  "dark",
  "ocean",
  "forest",
  "sunset",
  "midnight",
  "slate",
  "royal",
] as const;
export const ZThemeId = z.enum(THEME_IDS);
export type TThemeId = z.infer<typeof ZThemeId>;

/**
 * Inline text. May carry markdown emphasis (`**bold**`, `*italic*`, `` `code` ``) and links
 * (`[label](https://…)`, http/https/mailto only), which the layout engine turns into runs; a literal
 * asterisk or bracket is written `\*`, `\[`. The editor's marks are bracketed spans with classes:
 * `[text]{.underline}`, `[text]{.highlight}` (the theme's highlighter colour) and a theme colour
 * role `[text]{.accent}` / `{.accent2}` / `{.muted}`, combinable (`[text]{.underline .accent}`).
 * Roles, not colours, are stored, so a theme change recolours them; a span with any other class
 * stays literal text (lib/layouts/parse-inline.ts).
 */
export const ZInlineText = z.string().max(5000);

export const ZColumn = z.object({
  heading: ZInlineText.optional(),
  bullets: z.array(ZInlineText).max(30).optional(),
  body: ZInlineText.optional(),
});
export type TColumn = z.infer<typeof ZColumn>;

/**
 * An icon: a Lucide icon name ("rocket", "shield-check") or keywords ("growth", "security"),
 * resolved to the best-matching icon of the shipped set.
 */
export const ZIcon = z.string().trim().min(1).max(100);

/**
 * Storage key of a picture the service stored (a provider's photo, a generated image): named by the
 * SHA-256 of its bytes, so a key always means the same picture.
 */
export const ASSET_KEY_PATTERN = /^assets\/[a-f0-9]{64}\.(jpg|png)$/;

/** How a picture fills its frame: `cover` fills it, cutting what overflows; `contain` shows all of it, centred. */
export const IMAGE_FITS = ["cover", "contain"] as const;
export const ZImageFit = z.enum(IMAGE_FITS);
export type TImageFit = z.infer<typeof ZImageFit>;

/** The largest share of a picture's width or height a crop may remove (what is left stays a picture). */
export const MAX_CROP = 0.95;

const cropSide = (side: string) =>
  z
    .number({ error: `crop.${side} must be a number from 0 (keep all) to below 1.` })
    .min(0, `crop.${side} must be at least 0.`)
    .lt(1, `crop.${side} must be below 1.`)
    .default(0);

/**
 * The point of a picture kept in view when `cover` cuts it: fractions of the whole (uncropped)
 * picture's width and height from its top-left corner; { x: 0.5, y: 0.5 } (the centre) by default.
 */
export const ZImageFocus = z
  .object({
    x: z.number().min(0, "focus.x must be from 0 to 1.").max(1, "focus.x must be from 0 to 1."),
    y: z.number().min(0, "focus.y must be from 0 to 1.").max(1, "focus.y must be from 0 to 1."),
  })
  .strict();
export type TImageFocus = z.infer<typeof ZImageFocus>;

/**
 * The share of the picture cut away at each side before it is fitted to its frame (0.25 on `left`
 * drops the left quarter). A side left out is 0; each is below 1, and left + right and top + bottom
 * are each below MAX_CROP.
 */
export const ZImageCrop = z
  .object({
    left: cropSide("left"),
    top: cropSide("top"),
    right: cropSide("right"),
    bottom: cropSide("bottom"),
  })
  .strict()
  .superRefine((crop, ctx) => {
    // A side out of range has its own message already.
    if (Object.values(crop).some((side) => !(side >= 0 && side < 1))) return;
    if (crop.left + crop.right >= MAX_CROP)
      ctx.addIssue({
        code: "custom",
        path: ["right"],
        message: `crop.left + crop.right is ${round(crop.left + crop.right)}; it must be below ${MAX_CROP}, so some of the picture's width is left.`,
      });
    if (crop.top + crop.bottom >= MAX_CROP)
      ctx.addIssue({
        code: "custom",
        path: ["bottom"],
        message: `crop.top + crop.bottom is ${round(crop.top + crop.bottom)}; it must be below ${MAX_CROP}, so some of the picture's height is left.`,
      });
  });
export type TImageCrop = z.infer<typeof ZImageCrop>;

const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * How a picture sits in its frame. All optional: a picture without them fills its frame centred
 * (`cover`), as every picture did before framing existed.
 */
export const ZImageFraming = z.object({
  /** `cover` (default) fills the frame, cutting what overflows; `contain` shows the whole (cropped) picture, letterboxed. */
  fit: ZImageFit.optional().describe(
    "`cover` (default) fills the picture's frame, cutting what overflows; `contain` shows the whole (cropped) picture inside the frame, centred, the spare room left empty.",
  ),
  /** The point kept in view when `cover` cuts the picture; the centre by default. */
  focus: ZImageFocus.optional().describe(
    "The point of the picture kept in view when `cover` cuts it: `x` and `y` from 0 to 1, fractions of the whole picture's width and height from its top-left corner. Default { x: 0.5, y: 0.5 }.",
  ),
  /** Sides of the picture cut away before fitting; none by default. */
  crop: ZImageCrop.optional().describe(
    "Shares of the picture cut away at each side before it is fitted (0.25 on `left` drops its left quarter); a side left out is 0. Each is from 0 to below 1; left + right and top + bottom must each be below 0.95. The PPTX keeps the whole picture with a picture crop that PowerPoint can adjust.",
  ),
});
export type TImageFraming = z.infer<typeof ZImageFraming>;

/**
 * A picture for the slide. With no image provider, an offline graphic is drawn from `query`.
 * `fit`, `focus` and `crop` frame it the same way in the editor, the PPTX (a picture crop that
 * PowerPoint can adjust) and the PDF.
 */
export const ZImage = ZImageFraming.extend({
  /** What the picture should show; also seeds the offline graphic. */
  query: z.string().trim().max(300).optional(),
  /** Alternative text written into the PPTX and the editor. */
  alt: z.string().trim().max(500).optional(),
  /** A stored picture drawn instead of the offline graphic (set by the service, not by callers). */
  asset: z.string().regex(ASSET_KEY_PATTERN, "Not a stored picture's key.").optional(),
  /** Who made the picture and where it is from ("Photo by … on Pexels"). */
  credit: z.string().trim().max(300).optional(),
});
export type TImage = z.infer<typeof ZImage>;

/** One card of an icons grid. */
export const ZItem = z.object({
  title: ZInlineText,
  body: ZInlineText.optional(),
  icon: ZIcon.optional(),
});
export type TItem = z.infer<typeof ZItem>;

/** A headline figure: "18%" over "revenue growth". */
export const ZMetric = z.object({
  value: z.string().trim().min(1).max(40),
  label: ZInlineText,
  detail: ZInlineText.optional(),
});
export type TMetric = z.infer<typeof ZMetric>;

/** A dated step of a timeline. */
export const ZTimelineEvent = z.object({
  date: z.string().trim().min(1).max(60),
  title: ZInlineText,
  body: ZInlineText.optional(),
});
export type TTimelineEvent = z.infer<typeof ZTimelineEvent>;

export const ZQuote = z.object({
  text: ZInlineText.refine((v) => v.trim().length > 0, "A quote needs text."),
  attribution: ZInlineText.optional(),
});
export type TQuote = z.infer<typeof ZQuote>;

/** A table of inline-text cells: a header row and body rows of the same width. */
export const ZTable = z
  .object({
    header: z.array(ZInlineText).min(1).max(10),
    rows: z.array(z.array(ZInlineText).max(10)).max(50),
  })
  .superRefine((table, ctx) => {
    table.rows.forEach((row, i) => {
      if (row.length !== table.header.length) {
        ctx.addIssue({
          code: "custom",
          path: ["rows", i],
          message: `Row has ${row.length} cells; the header has ${table.header.length}.`,
        });
      }
    });
  });
export type TTable = z.infer<typeof ZTable>;

export const CHART_TYPES = ["bar", "column", "line", "pie", "doughnut"] as const;
export const ZChartType = z.enum(CHART_TYPES);
export type TChartType = z.infer<typeof ZChartType>;

/**
 * A numeric chart, drawn as a native (editable) chart in the PPTX. `bar` is horizontal, `column`
 * vertical; pie and doughnut draw the first series only.
 */
export const ZChart = z
  .object({
    type: ZChartType.default("column"),
    categories: z.array(z.string().trim().min(1).max(80)).min(1).max(24),
    series: z
      .array(
        z.object({
          name: z.string().trim().min(1).max(80),
          values: z.array(z.number().finite()).min(1).max(24),
        }),
      )
      .min(1)
      .max(6),
    /** Unit shown after values ("%", "M€"). */
    unit: z.string().trim().max(12).optional(),
  })
  .superRefine((chart, ctx) => {
    chart.series.forEach((series, i) => {
      if (series.values.length !== chart.categories.length) {
        ctx.addIssue({
          code: "custom",
          path: ["series", i, "values"],
          message: `Has ${series.values.length} values for ${chart.categories.length} categories.`,
        });
      }
    });
    if ((chart.type === "pie" || chart.type === "doughnut") && chart.series[0]?.values.some((v) => v < 0)) {
      ctx.addIssue({
        code: "custom",
        path: ["series", 0, "values"],
        message: "Pie values cannot be negative.",
      });
    }
  });
export type TChart = z.infer<typeof ZChart>;

/** What a slide says, independent of where it is drawn. Each layout reads the fields it needs. */
export const ZSlideContent = z.object({
  title: ZInlineText.optional(),
  subtitle: ZInlineText.optional(),
  body: ZInlineText.optional(),
  bullets: z.array(ZInlineText).max(30).optional(),
  columns: z.array(ZColumn).max(2).optional(),
  image: ZImage.optional(),
  icon: ZIcon.optional(),
  items: z.array(ZItem).max(8).optional(),
  metrics: z.array(ZMetric).max(6).optional(),
  timeline: z.array(ZTimelineEvent).max(10).optional(),
  quote: ZQuote.optional(),
  table: ZTable.optional(),
  chart: ZChart.optional(),
});
export type TSlideContent = z.infer<typeof ZSlideContent>;

/** Text sizes a box can be set to, in steps of about 15% from the layout's own size. */
export const TEXT_SIZE_STEPS = [-2, -1, 0, 1, 2] as const;

/**
 * How one text box of a slide is set, over the layout's choice: its alignment, and a size step
 * (larger only as far as the text still fits its box; the fitter never lets it overflow).
 */
export const ZTextFormat = z.object({
  align: z.enum(["left", "center", "right"]).optional(),
  size: z
    .number()
    .int()
    .min(-2, "A size step is from -2 to 2.")
    .max(2, "A size step is from -2 to 2.")
    .optional(),
});
export type TTextFormat = z.infer<typeof ZTextFormat>;

/**
 * A slide's text box: its content field, with a column or card number where the field has several
 * ("title", "bullets", "columns.1.bullets", "items.0.title").
 */
export const TEXT_BOX_KEY = /^[a-z]+(?:\.\d{1,2}\.[a-z]+)?$/;

export const ZSlide = z.object({
  id: z.string().min(1).max(64),
  layout: ZLayoutId,
  content: ZSlideContent,
  notes: z.string().max(20000).optional(),
  /**
   * Text formatting by text box (TEXT_BOX_KEY: "title", "columns.1.bullets"). A box the slide no
   * longer has is dropped when the deck is saved (pruneTextFormat).
   */
  format: z
    .record(
      z.string().regex(TEXT_BOX_KEY, 'A text box is named like "title" or "columns.1.bullets".'),
      ZTextFormat,
    )
    .refine((format) => Object.keys(format).length <= 60, "At most 60 formatted text boxes per slide.")
    .optional(),
});
export type TSlide = z.infer<typeof ZSlide>;

export const ZDeck = z.object({
  version: z.literal(DECK_VERSION),
  title: z.string().max(500),
  author: z.string().max(200).optional(),
  language: z.string().max(64),
  template: ZTemplateId,
  theme: ZThemeId,
  slides: z.array(ZSlide).max(500),
});
export type TDeck = z.infer<typeof ZDeck>;
