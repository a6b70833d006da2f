/** OpenAPI entries of the editor's AI prompt edit (POST /api/v1/ppt/presentation/{id}/ai-edit). */
import "server-only";
import { z } from "zod";
import { ZAiEditRequest, ZAiEditResponse } from "@/lib/api/schemas/ai-edit";
import { EXAMPLE_IDS } from "./examples";
import type { TApiRoute } from "./routes";

const COSTS_SLIDE = {
  id: "s3",
  layout: "bullets",
  content: { title: "Costs", bullets: ["Panels: $6,000", "Batteries: $4,500", "Installation: $1,500"] },
  notes: "Prices per clinic, quoted in March.",
} as const;

const OFFLINE_RULES =
  '"make it shorter" / "concise" / "fewer words"; "simpler" / "plain language"; "more detail" / "expand" (from the speaker notes); "turn into a table" / "… a chart" (bar, column, line, pie) / "… a timeline" / "… two columns" / "… a comparison" / "… a quote" / "… an icons grid" / "… metrics" / "… bullet points"; "change the layout to <layout>"; "title: <new title>"; "emphasise the numbers" (or "remove the bold"); "split into two slides"; "add a slide about <topic>"; "remove the image"; "add icons" — and several at once joined by "and"';

export const AI_EDIT_ROUTES: TApiRoute[] = [
  {
    method: "post",
    path: "/api/v1/ppt/presentation/{id}/ai-edit",
    operationId: "aiEditSlide",
    summary: "Rewrite a slide from a prompt",
    description: [
      'The editor\'s AI box: a proposal for one slide (sent as the editor has it, saved or not) from a prompt such as "make it shorter", "turn into a table" or "add a slide about risks", in the context of the presentation (its title, language and other slides). Nothing is saved: the editor shows the proposal and saves it with PUT /api/v1/ppt/presentation/{id} on accept. Every slide answered satisfies its layout; the edited slide keeps its `id`, added slides get new ids.',
      "",
      `**Providers.** With an LLM (LLM_PROVIDER) one structured call writes the proposal; an answer that does not fit its layouts is asked again (LLM_MAX_RETRIES), then repaired (a slide missing its layout's data is shown as bullets of its own text, with a warning) — an answer that never parses, or a provider failure, is a 503 and is refunded. Offline (the default) deterministic rules understand: ${OFFLINE_RULES}. They never invent text: "add a slide about X" gathers what the deck already says about X (a section divider titled X and a warning when it says nothing), and "more detail" takes it from the speaker notes. Translation and any other request need an LLM: a 422 lists what the rules understand.`,
      "",
      "**Credits.** Each proposal costs CREDITS_PER_AI_EDIT (default 1), accepted or not; the ledger entry has reason `ai_edit` and the presentation id. A short balance is a 402 before any work; a 422 (a prompt the offline rules do not understand, an edit the slide's content cannot take, or one that would change nothing — “shorter” on a slide of a few words, “more detail” with nothing new in the notes) and a 503 charge nothing.",
    ].join("\n"),
    tags: ["Editor"],
    auth: "api-key",
    pathParams: z.object({
      id: z.uuid().meta({
        description: "Id of the presentation the slide belongs to.",
        example: EXAMPLE_IDS.presentation,
      }),
    }),
    body: {
      mediaType: "application/json",
      schema: ZAiEditRequest,
      example: { prompt: "turn into a table", slide: COSTS_SLIDE },
    },
    response: {
      status: 200,
      description: "The proposal, what it cost and the balance around the charge.",
      schema: ZAiEditResponse,
      examples: {
        table: {
          summary: '"turn into a table" (offline)',
          value: {
            slides: [
              {
                id: "s3",
                layout: "table",
                content: {
                  title: "Costs",
                  table: {
                    header: ["Item", "Value"],
                    rows: [
                      ["Panels", "$6,000"],
                      ["Batteries", "$4,500"],
                      ["Installation", "$1,500"],
                    ],
                  },
                },
                notes: "Prices per clinic, quoted in March.",
              },
            ],
            summary:
              'Turned the slide into a table of 3 rows and 2 columns (its values are numbers: "turn into a chart" draws them).',
            provider: "offline",
            credits_consumed: 1,
            balance_before: 42,
            balance_after: 41,
          },
        },
        added: {
          summary: '"add a slide about risks" when the deck says nothing about risks (offline)',
          value: {
            slides: [
              {
                ...COSTS_SLIDE,
                content: { ...COSTS_SLIDE.content, bullets: [...COSTS_SLIDE.content.bullets] },
              },
              { id: "9f2c41d7", layout: "section", content: { title: "Risks" } },
            ],
            summary: 'Added a section divider titled "Risks" after the slide.',
            provider: "offline",
            credits_consumed: 1,
            balance_before: 41,
            balance_after: 40,
            warnings: [
              'The deck says nothing about "risks", and the offline rules cannot write new content: the new slide is a section divider titled "Risks". Write its content in the editor, or set an LLM provider (LLM_PROVIDER).',
            ],
          },
        },
      },
    },
    errors: ["not_found", "insufficient_credits", "forbidden", "provider_unavailable"],
  },
];
