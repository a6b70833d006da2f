/** Requests and answers of a presentation's version history (/api/v3/presentation/{id}/versions). */
import { z } from "zod";
import { ZDeck } from "@/lib/deck/schema";

/** Automatic versions kept per presentation: taking one more deletes the oldest automatic one. */
export const MAX_AUTOMATIC_VERSIONS = 50;
/** Named versions a presentation may hold; naming one more is a 422 until one is deleted. */
export const MAX_NAMED_VERSIONS = 100;
/** Saves within this long of the last automatic version take no new one (one per stretch of editing). */
export const AUTOMATIC_VERSION_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Why an automatic version was taken: `editing` before the first save of a stretch of editing,
 * `restore` before a version was restored over the deck, `ai_edit` before an accepted AI edit,
 * `layout_switch` before a slide's layout switch.
 */
export const VERSION_REASONS = ["editing", "restore", "ai_edit", "layout_switch"] as const;
export type TVersionReason = (typeof VERSION_REASONS)[number];

/** What a save may ask for: an automatic version of the stored deck first, whatever its age. */
export const ZSaveCheckpoint = z
  .enum(["ai_edit", "layout_switch"])
  .describe(
    "Take an automatic version of the stored deck before this save, however recent the last one: the editor sends it with an accepted AI edit (`ai_edit`) or a layout switch (`layout_switch`), changes a user may want to go back on whole.",
  );
export type TSaveCheckpoint = z.infer<typeof ZSaveCheckpoint>;

const ZVersionName = z
  .string()
  .trim()
  .min(1, "A version name cannot be empty.")
  .max(100, "A version name has at most 100 characters.");

/** POST /api/v3/presentation/{id}/versions: name the presentation's current saved deck. */
export const ZCreateVersionRequest = z.strictObject({
  name: ZVersionName.describe("What to call this version (1–100 characters), e.g. 'Sent to the board'."),
});
export type TCreateVersionRequest = z.infer<typeof ZCreateVersionRequest>;

/** PATCH /api/v3/presentation/{id}/versions/{versionId}: rename a version (naming an automatic one keeps it). */
export const ZRenameVersionRequest = z.strictObject({
  name: ZVersionName.describe(
    "The version's new name. Naming an automatic version makes it a named one, kept until deleted.",
  ),
});
export type TRenameVersionRequest = z.infer<typeof ZRenameVersionRequest>;

/** POST /api/v3/presentation/{id}/versions/{versionId}/restore. */
export const ZRestoreVersionRequest = z.strictObject({
  version: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe(
      "The presentation version the caller last saw (as PUT takes it). When given and the presentation has been saved since, the restore is refused with 409 carrying `current_version` and changes nothing; without it the restore applies over whatever is current.",
    ),
});
export type TRestoreVersionRequest = z.infer<typeof ZRestoreVersionRequest>;

/** One version as the list answers it: no deck body. */
export const ZDeckVersionSummary = z.object({
  id: z.uuid().describe("Id of the version."),
  presentation_id: z.uuid(),
  kind: z
    .enum(["automatic", "named"])
    .describe(
      `\`automatic\`: taken by the service before the deck changed (the newest ${MAX_AUTOMATIC_VERSIONS} are kept); \`named\`: made or named by the user, kept until deleted.`,
    ),
  name: z.string().nullable().describe("The user's name for it; null for an automatic version."),
  reason: z
    .enum(VERSION_REASONS)
    .nullable()
    .describe(
      "Why an automatic version was taken: `editing` (before the first save of a stretch of editing, at most one per 5 minutes), `restore`, `ai_edit` or `layout_switch` (before that change); null for a named version.",
    ),
  revision: z.number().int().min(1).describe("The presentation's `version` this deck was saved as."),
  created_at: z.iso.datetime(),
  slide_count: z.number().int().min(0),
  first_slide_title: z.string().nullable().describe("The first slide's title, if it has one."),
});
export type TDeckVersionSummary = z.infer<typeof ZDeckVersionSummary>;

/** GET /api/v3/presentation/{id}/versions: newest first. */
export const ZDeckVersionList = z.array(ZDeckVersionSummary);

/** GET /api/v3/presentation/{id}/versions/{versionId}: one version with its deck, for a preview. */
export const ZDeckVersion = ZDeckVersionSummary.extend({
  deck: ZDeck.describe("The Deck document as it was saved."),
});
export type TDeckVersion = z.infer<typeof ZDeckVersion>;

/** The answer of a restore: the presentation's new state. */
export const ZRestoreVersionResponse = z.object({
  presentation_id: z.uuid(),
  version: z.number().int().min(2).describe("The presentation's new version: send it with the next save."),
  updated_at: z.iso.datetime(),
  restored_from: z.uuid().describe("The version that was restored."),
  deck: ZDeck.describe("The presentation's deck now: the restored version's."),
});
export type TRestoreVersionResponse = z.infer<typeof ZRestoreVersionResponse>;
