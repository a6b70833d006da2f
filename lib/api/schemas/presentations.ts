/** Requests and answers of the stored-presentation endpoints the editor and the dashboard use. */
import { z } from "zod";
import { THEME_IDS, ZDeck, ZTemplateId } from "@/lib/deck/schema";
import { ZExportAs } from "./common";
import { ZSaveCheckpoint } from "./versions";

/** PUT /api/v1/ppt/presentation/{id}: the edited Deck, based on the version the editor loaded. */
export const ZSaveDeckRequest = z
  .object({
    version: z
      .number()
      .int()
      .min(1)
      .describe(
        "The version this edit is based on (from GET /api/v1/ppt/presentation/{id} or the previous save). A save over a newer version is refused with 409 and changes nothing.",
      ),
    deck: ZDeck.describe("The whole edited Deck document; its `title` becomes the presentation's title."),
    checkpoint: ZSaveCheckpoint.optional(),
  })
  .strict();
export type TSaveDeckRequest = z.infer<typeof ZSaveDeckRequest>;

export const ZSaveDeckResponse = z.object({
  presentation_id: z.uuid(),
  version: z.number().int().min(2).describe("The new version: send it with the next save."),
  updated_at: z.iso.datetime(),
});
export type TSaveDeckResponse = z.infer<typeof ZSaveDeckResponse>;

/** POST /api/v1/ppt/layout: a deck (saved or not) to lay out, for previews while editing. */
export const ZLayoutRequest = z
  .object({
    deck: ZDeck,
    slide_ids: z
      .array(z.string().min(1).max(64))
      .max(500)
      .optional()
      .describe("Lay out only these slides (by `id`); all slides when left out."),
  })
  .strict();
export type TLayoutRequest = z.infer<typeof ZLayoutRequest>;

/** Positioned boxes of one page, as lib/layouts/boxes.ts types them (documented loosely: it is the renderer's format). */
export const ZRenderedSlide = z.looseObject({
  slideId: z.string().describe("The deck slide this page draws; a long slide continues on further pages."),
  background: z.string(),
  boxes: z
    .array(z.looseObject({ kind: z.enum(["text", "shape", "image", "table", "chart"]), id: z.string() }))
    .describe("Boxes in a 1280×720 space: text with its measured lines, shapes, pictures, tables, charts."),
});

export const ZLayoutResponse = z.object({
  slides: z.array(ZRenderedSlide).describe("Pages in deck order, each naming its slide."),
});

/** The template and theme ids a stored deck can name. */
const ZDeckTemplateId = ZTemplateId;
const ZDeckThemeId = z.enum(THEME_IDS);

/** GET /api/v1/ppt/presentations: which page of the account's decks, and an optional title filter. */
export const ZListPresentationsQuery = z.object({
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(1)
    .describe("Page number, from 1.")
    .meta({ example: 1 }),
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .max(50)
    .default(20)
    .describe("Presentations per page (1–50, default 20).")
    .meta({ example: 20 }),
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe(
      "Only presentations whose title or slides (their text and speaker notes) contain this text, in any case; `%` and `_` are plain characters. Each item then says where a deck matched (`match`).",
    )
    .meta({ example: "solar" }),
});
export type TListPresentationsQuery = z.infer<typeof ZListPresentationsQuery>;

/** One deck of the dashboard's list. */
export const ZPresentationSummary = z.object({
  presentation_id: z.uuid(),
  title: z.string(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime().describe("Last save, rename or generation; the list is ordered by it."),
  slide_count: z.number().int().min(0).describe("Slides of the deck (pages of an export can be more)."),
  version: z.number().int().min(1).describe("Send it with PUT or PATCH for the conflict check."),
  template: ZDeckTemplateId,
  theme: ZDeckThemeId,
  edit_path: z.url().describe("Opens the deck in the web editor for the owner's session."),
  thumbnail: ZRenderedSlide.nullable().describe(
    "The first page's boxes, as POST /api/v1/ppt/layout answers them (draw them to show a preview); null for a deck without slides.",
  ),
  match: z
    .object({
      slide: z.number().int().min(1).describe("The first slide the text was found on, from 1."),
      text: z.string().describe("The slide's text around the match (cut with “…”)."),
    })
    .nullable()
    .optional()
    .describe(
      "With `q` only: where the text was found when it is not in the title (null when the title matched).",
    ),
});
export type TPresentationSummary = z.infer<typeof ZPresentationSummary>;

export const ZListPresentationsResponse = z.object({
  items: z.array(ZPresentationSummary).describe("Newest updated first."),
  page: z.number().int().min(1),
  page_size: z.number().int().min(1),
  total: z.number().int().min(0).describe("Presentations matching `q` (all of the account's without it)."),
});
export type TListPresentationsResponse = z.infer<typeof ZListPresentationsResponse>;

/** PATCH /api/v1/ppt/presentation/{id}: a new title, optionally guarded by the version it is based on. */
export const ZRenamePresentationRequest = z.strictObject({
  title: z
    .string()
    .trim()
    .min(1, "A title cannot be empty.")
    .max(500)
    .describe("The new title; it becomes the deck's `title` too."),
  version: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe(
      "The version this rename is based on. When given and the presentation has been saved since, the rename is refused with 409 (like PUT); without it the rename applies to the latest version.",
    ),
});
export type TRenamePresentationRequest = z.infer<typeof ZRenamePresentationRequest>;

export const ZRenamePresentationResponse = z.object({
  presentation_id: z.uuid(),
  title: z.string(),
  version: z.number().int().min(2).describe("The new version: send it with the next save."),
  updated_at: z.iso.datetime(),
});
export type TRenamePresentationResponse = z.infer<typeof ZRenamePresentationResponse>;

/** POST /api/v1/ppt/presentation/{id}/duplicate answers the new presentation. */
export const ZDuplicatePresentationResponse = z.object({
  presentation_id: z.uuid().describe("The copy's id."),
  title: z.string().describe("The original's title followed by ' (copy)'."),
  edit_path: z.url(),
  version: z.literal(1),
});
export type TDuplicatePresentationResponse = z.infer<typeof ZDuplicatePresentationResponse>;

/** POST /api/v1/ppt/presentation/{id}/export: the saved deck as a file. */
export const ZExportPresentationRequest = z.strictObject({
  export_as: ZExportAs.default("pptx"),
});
export type TExportPresentationRequest = z.infer<typeof ZExportPresentationRequest>;

export const ZExportPresentationResponse = z.object({
  format: ZExportAs,
  path: z.url().describe("Signed, expiring download URL of the file."),
  slide_count: z.number().int().min(0).describe("Pages in the file."),
  version: z.number().int().min(1).describe("The deck version the file was drawn from."),
});
export type TExportPresentationResponse = z.infer<typeof ZExportPresentationResponse>;
