/**
 * The Deck document: the single source of truth for a presentation. Stored as JSON per
 * presentation, drawn by the layout engine into boxes that PPTX, PDF and the editor all share.
 * Client-safe: no server imports here.
 */
import { z } from "zod";

export const DECK_VERSION = 1 as const;

/** Layouts the engine draws. Unknown layouts are refused with the list of these. */
export const LAYOUT_IDS = ["title", "section", "agenda", "bullets", "two-column", "closing"] as const;
export const ZLayoutId = z.enum(LAYOUT_IDS);
export type TLayoutId = z.infer<typeof ZLayoutId>;

export const TEMPLATE_IDS = ["general"] as const;
export const ZTemplateId = z.enum(TEMPLATE_IDS);
export type TTemplateId = z.infer<typeof ZTemplateId>;

export const THEME_IDS = ["light", "dark"] as const;
export const ZThemeId = z.enum(THEME_IDS);
export type TThemeId = z.infer<typeof ZThemeId>;

/**
 * Inline text. May carry markdown emphasis (`**bold**`, `*italic*`, `` `code` ``), which the
 * layout engine turns into runs; a literal asterisk is written `\*`.
 */
export const ZInlineText = z.string().max(5000);

export const ZColumn = z.object({
  heading: ZInlineText.optional(),
  bullets: z.array(ZInlineText).max(30).optional(),
  body: ZInlineText.optional(),
});
export type TColumn = z.infer<typeof ZColumn>;

/** What a slide says, independent of where it is drawn. Each layout reads the fields it needs. */
export const ZSlideContent = z.object({
  title: ZInlineText.optional(),
  subtitle: ZInlineText.optional(),
  body: ZInlineText.optional(),
  bullets: z.array(ZInlineText).max(30).optional(),
  columns: z.array(ZColumn).max(2).optional(),
});
export type TSlideContent = z.infer<typeof ZSlideContent>;

export const ZSlide = z.object({
  id: z.string().min(1).max(64),
  layout: ZLayoutId,
  content: ZSlideContent,
  notes: z.string().max(20000).optional(),
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
