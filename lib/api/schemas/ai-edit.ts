/** POST /api/v1/ppt/presentation/{id}/ai-edit: rewrite one slide from a prompt (editor's AI box). */
import { z } from "zod";
import { ZSlide } from "@/lib/deck/schema";
import { slideProblems } from "@/lib/edit/slide-problems";

export const ZAiEditRequest = z
  .object({
    prompt: z
      .string()
      .trim()
      .min(1)
      .max(2000)
      .describe(
        'What to change: "make it shorter", "turn into a table", "add a slide about risks". Without an LLM provider (LLM_PROVIDER=offline) a fixed set of requests is understood, and a free-form one is mapped to the nearest of them (the summary says how it was read); a prompt with no word to map is a 422 with examples.',
      ),
    slide: ZSlide.describe(
      "The slide as the editor has it now (it may hold unsaved edits); its `id` must be a slide of the presentation or a slide added in the editor. Its content must satisfy its layout (the layout's required fields; two columns for a comparison), as for create/from-json.",
    ),
  })
  .strict()
  .superRefine((input, ctx) => {
    for (const { field, message } of slideProblems(input.slide.layout, input.slide.content))
      ctx.addIssue({ code: "custom", path: ["slide", "content", field], message });
  });
export type TAiEditRequest = z.infer<typeof ZAiEditRequest>;

export const ZAiEditResponse = z.object({
  proposal_id: z
    .uuid()
    .describe(
      "The proposal's id (its ledger entry). POST /api/v1/ppt/presentation/{id}/ai-edit/{proposalId}/reject refunds its credits: a rejected proposal is free.",
    ),
  slides: z
    .array(ZSlide)
    .min(1)
    .max(10)
    .describe(
      'The proposal: replaces the edited slide. The slide keeping the edited slide\'s `id` is its new version; slides with new ids are added where they stand ("add a slide about risks" answers the slide unchanged and the new one after it). Every slide satisfies its layout. Nothing is saved: the editor shows it for accept or reject and saves on accept.',
    ),
  summary: z.string().describe("One sentence saying what was changed, for the accept/reject box."),
  provider: z
    .string()
    .describe(
      'Who wrote it: "offline" (the rule-based editor) or the configured LLM provider ("openai", "anthropic", "google", "ollama", "openai-compatible").',
    ),
  credits_consumed: z
    .number()
    .int()
    .min(0)
    .describe(
      "Charged for this proposal (CREDITS_PER_AI_EDIT); the ledger entry (reason `ai_edit`, with the presentation id) says the same. Rejecting the proposal refunds it (the entry becomes `ai_edit_refunded`, delta 0).",
    ),
  balance_before: z.number().int().describe("The account's balance before this charge."),
  balance_after: z
    .number()
    .int()
    .describe("The account's balance after it: balance_before − credits_consumed."),
  warnings: z
    .array(z.string())
    .optional()
    .describe(
      "What the proposal could not do as asked, or did differently (text moved to the speaker notes, a picture dropped, a model answer repaired).",
    ),
});
export type TAiEditResponse = z.infer<typeof ZAiEditResponse>;

/** POST /api/v1/ppt/presentation/{id}/ai-edit/{proposalId}/reject: the refund of a rejected proposal. */
export const ZRejectAiEditResponse = z.object({
  proposal_id: z.uuid(),
  credits_refunded: z.number().int().min(0).describe("The proposal's charge, given back."),
  balance_after: z.number().int().describe("The account's balance after the refund."),
});
export type TRejectAiEditResponse = z.infer<typeof ZRejectAiEditResponse>;
