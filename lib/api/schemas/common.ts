import { z } from "zod";
import { isCustomTemplateId, LAYOUT_IDS, TEMPLATE_IDS, THEME_IDS, type TTemplateId } from "@/lib/deck/schema";
import { ZTone as ZGenerateTone, ZVerbosity as ZGenerateVerbosity } from "@/lib/generate/types";

/** Documented request limits (defaults; the server's env can lower or raise some of them). */
export const LIMITS = {
  minSlides: 1,
  maxSlides: 50,
  maxContentChars: 200_000,
  maxFiles: 10,
  maxInstructionsChars: 5_000,
} as const;

export const ZTone = ZGenerateTone.describe("Voice of the slide text.");
export const ZVerbosity = ZGenerateVerbosity.describe(
  "How much text per slide: concise ≈ ≤ 8 words a bullet, standard ≈ ≤ 15, text-heavy full sentences.",
);
export const ZExportAs = z.enum(["pptx", "pdf"]).describe("File format behind `path`.");
export const ZLanguage = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .describe("Language of fixed slide words (agenda, closing).");

const choices = (values: readonly string[]) => values.map((v) => `'${v}'`).join(", ");

/**
 * A built-in template id, or an uploaded brand template's `custom-<uuid>` (POST
 * /api/v1/ppt/templates answers it). Only the form is checked here; the handler checks the brand
 * template is the account's (404 otherwise).
 */
export const ZTemplate = z
  .string()
  .refine((v) => (TEMPLATE_IDS as readonly string[]).includes(v) || isCustomTemplateId(v), {
    error: (issue) =>
      typeof issue.input === "string" && issue.input.startsWith("custom-")
        ? "A brand template is named 'custom-' and its UUID, as POST /api/v1/ppt/templates answers it."
        : `Unknown template. Valid templates: ${choices(TEMPLATE_IDS)}, or an uploaded brand template's 'custom-<id>'.`,
  })
  .transform((v) => v as TTemplateId)
  .describe(
    "A built-in template id (GET /api/v1/ppt/templates), or `custom-<id>` of a brand template this account uploaded (POST /api/v1/ppt/templates); a brand template brings its own colours and fonts, so `theme` must then be left out or null.",
  );
export const ZTheme = z
  .string()
  .refine((v) => (THEME_IDS as readonly string[]).includes(v), {
    message: `Unknown theme. Valid themes: ${choices(THEME_IDS)}.`,
  })
  .transform((v) => v as (typeof THEME_IDS)[number]);
export const ZLayout = z
  .string()
  .refine((v) => (LAYOUT_IDS as readonly string[]).includes(v), {
    message: `Unknown layout. Valid layouts: ${choices(LAYOUT_IDS)}.`,
  })
  .transform((v) => v as (typeof LAYOUT_IDS)[number]);

export const ZNSlides = z.number().int().min(LIMITS.minSlides).max(LIMITS.maxSlides);

/**
 * A field the specification types "… or null" with a default: `null` means "not given", so it
 * takes the default (generated clients send null for every unset nullable field).
 */
export function nullOrDefault<T extends z.ZodType>(schema: T, fallback: z.output<T>) {
  return schema
    .nullable()
    .transform((value): z.output<T> => value ?? fallback)
    .default(fallback as never);
}

/** A field the specification types "… or null" without a default: `null` is the same as leaving it out. */
export function nullOrOmitted<T extends z.ZodType>(schema: T) {
  return schema
    .nullish()
    .transform((value): z.output<T> | undefined => value ?? undefined)
    .optional();
}

/** `?limit=` of a paged listing: 1–100, 20 by default. */
export const ZPageLimit = z.coerce.number().int().min(1).max(100).default(20);

/** What every generation answers. */
export const ZPresentationResult = z.object({
  presentation_id: z.uuid(),
  path: z.url().describe("Signed, expiring download URL of the exported file."),
  edit_path: z
    .url()
    .describe(
      "Opens the deck in the web editor for the owner: a signed-out visitor is sent to sign in and back; another account gets a 404.",
    ),
  credits_consumed: z.number().int().min(0),
  warnings: z
    .array(z.string())
    .optional()
    .describe(
      "Requested behaviour that could not be carried out (e.g. web search with no provider), and request fields the service does not know, which it ignored (one warning names them all; send `Prefer: handling=strict` to have them refused instead).",
    ),
});
export type TPresentationResult = z.infer<typeof ZPresentationResult>;
