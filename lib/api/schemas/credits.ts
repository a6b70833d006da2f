import { z } from "zod";
import { ZPageLimit } from "./common";

const ZCredits = z.number().int().min(0);

/** What each unit of work costs right now (the server's CREDITS_PER_* settings). */
export const ZCreditRules = z
  .object({
    per_slide: ZCredits.describe(
      "Every slide of a delivered deck, title, agenda and closing slides included.",
    ),
    per_ai_image: ZCredits.describe("Every picture an image model generated (image_type 'ai-generated')."),
    per_ai_edit: ZCredits.describe("Every AI prompt edit of a slide in the editor."),
    per_document_page: ZCredits.describe(
      "Every page of an uploaded PDF and every slide of an uploaded PPTX a generation reads.",
    ),
  })
  .describe("Credits per unit of work.")
  .meta({ example: { per_slide: 1, per_ai_image: 2, per_ai_edit: 1, per_document_page: 0 } });
export type TCreditRulesView = z.infer<typeof ZCreditRules>;

/** One movement of an account's credits. */
export const ZCreditEntry = z.object({
  id: z.string().meta({ example: "5b0e8a1c-2f4d-4c3e-9a51-0d6f2b7c8e91" }),
  delta: z
    .number()
    .int()
    .describe(
      "Credits added (positive) or taken (negative). A generation's entry is minus its credits_consumed; a refunded one is 0.",
    )
    .meta({ example: -9 }),
  reason: z
    .string()
    .describe(
      "'grant' (new account), 'generation', 'generation_refunded' (a failed generation, given back), 'adjustment' or 'adjustment: <note>' (an operator's change).",
    )
    .meta({ example: "generation" }),
  presentation_id: z.string().nullable().describe("The presentation a generation produced."),
  task_id: z.string().nullable().describe("The async task a generation ran in."),
  created_at: z.iso.datetime().meta({ example: "2026-11-22T10:15:00.000Z" }),
});
export type TCreditEntryView = z.infer<typeof ZCreditEntry>;

/** Query of GET /api/v1/credits: the ledger is read newest first, `limit` entries a page. */
export const ZCreditsQuery = z.object({
  limit: ZPageLimit.describe("Ledger entries per page (1–100, default 20)."),
  cursor: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe("`next_cursor` of the previous page; absent for the newest entries."),
});
export type TCreditsQuery = z.infer<typeof ZCreditsQuery>;

/** GET /api/v1/credits (and /api/v3/credits): the key's account. */
export const ZCreditsResponse = z.object({
  balance: z
    .number()
    .int()
    .describe("Credits left. Always the sum of every ledger entry's delta.")
    .meta({ example: 91 }),
  enforce: z
    .boolean()
    .describe("False when the server does not refuse work for a short balance (CREDITS_ENFORCE=false)."),
  rules: ZCreditRules,
  entries: z.array(ZCreditEntry).describe("Ledger entries, newest first."),
  next_cursor: z
    .string()
    .nullable()
    .describe("Pass as `cursor` for the next (older) page; null on the last page."),
});
export type TCreditsResponse = z.infer<typeof ZCreditsResponse>;

/** One row of the documented rule table. */
export const ZCreditRule = z.object({
  rule: z.enum(["per_slide", "per_ai_image", "per_ai_edit", "per_document_page"]),
  credits: ZCredits,
  env: z.string().describe("The server setting that sets it."),
  description: z.string(),
});

/** GET /api/v1/credits/rules (and /api/v3/credits/rules): the rule table with the values in force. */
export const ZCreditRulesResponse = z.object({
  rules: z.array(ZCreditRule),
  grant: ZCredits.describe("Credits a new account starts with."),
  enforce: z.boolean(),
});
export type TCreditRulesResponse = z.infer<typeof ZCreditRulesResponse>;

/** Extension members of the 402 insufficient_credits problem. */
export const ZInsufficientCreditsExtension = z.object({
  balance: z.number().int().describe("The account's balance when the request came.").meta({ example: 3 }),
  required: z
    .number()
    .int()
    .describe("Credits the request needs at most (reserved up front; unused credits come back).")
    .meta({ example: 9 }),
});
