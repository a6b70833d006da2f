/**
 * OpenAPI entries of the editor's slide rewrites: the AI prompt edit (POST …/ai-edit) and the
 * layout switch (POST …/switch-layout).
 */
import "server-only";
import { z } from "zod";
import { ZAiEditRequest, ZAiEditResponse, ZRejectAiEditResponse } from "@/lib/api/schemas/ai-edit";
import { ZSwitchLayoutRequest, ZSwitchLayoutResponse } from "@/lib/api/schemas/switch-layout";
import { EXAMPLE_IDS } from "./examples";
import type { TApiRoute } from "./routes";

const COSTS_SLIDE = {
  id: "s3",
  layout: "bullets",
  content: { title: "Costs", bullets: ["Panels: $6,000", "Batteries: $4,500", "Installation: $1,500"] },
  notes: "Prices per clinic, quoted in March.",
} as const;

const PROPOSAL_IDS = [
  "5b0c2f64-8a51-4d7e-9d43-1f6a2b7c9e10",
  "c81e728d-9d4c-4f2a-b8e1-3a6f0c5d7b92",
] as const;

const OFFLINE_RULES =
  '"make it shorter" / "concise" / "fewer words"; "simpler" / "plain language"; "more detail" / "expand" (from the speaker notes); "turn into a table" / "… a chart" (bar, column, line, pie) / "… a timeline" / "… two columns" / "… a comparison" / "… a quote" / "… an icons grid" / "… metrics" / "… bullet points"; "change the layout to <layout>"; "title: <new title>"; "emphasise the numbers" (or "remove the bold"); "split into two slides"; "add a slide about <topic>" (or "add next steps", "add a section on costs"); "add an agenda" / "add a summary slide" / "add a thank-you slide" (made from the deck’s own slides); "make it visual"; "remove the image"; "add icons" — and several at once joined by "and"';

export const AI_EDIT_ROUTES: TApiRoute[] = [
  {
    method: "post",
    path: "/api/v1/ppt/presentation/{id}/ai-edit",
    operationId: "aiEditSlide",
    summary: "Rewrite a slide from a prompt",
    description: [
      'The editor\'s AI box: a proposal for one slide (sent as the editor has it, saved or not) from a prompt such as "make it shorter", "turn into a table" or "add a slide about risks", in the context of the presentation (its title, language and other slides). Nothing is saved: the editor shows the proposal and saves it with PUT /api/v1/ppt/presentation/{id} on accept. Every slide answered satisfies its layout; the edited slide keeps its `id`, added slides get new ids.',
      "",
      `**Providers.** With an LLM (LLM_PROVIDER) one structured call writes the proposal; an answer that does not fit its layouts is asked again (LLM_MAX_RETRIES), then repaired (a slide missing its layout's data is shown as bullets of its own text, with a warning) — an answer that never parses, or a provider failure, is a 503 and is refunded. Offline (the default) deterministic rules understand: ${OFFLINE_RULES}. They never invent text: "add a slide about X" gathers what the deck already says about X (a section divider titled X and a warning when it says nothing), and "more detail" takes it from the speaker notes. A free-form request the rules do not read word for word is mapped to the nearest edit by its words ("make it more engaging" → "make it visual", "rewrite for executives" → the change the slide needs most, e.g. "make it shorter"), and the summary says so: “Read “…” as “make it shorter” (…): shortened the slide from 43 to 37 words.” Translation and a request with no word to map need an LLM: a 422 gives examples of what the rules understand.`,
      "",
      "**Credits.** Each proposal is charged CREDITS_PER_AI_EDIT (default 1) when it is made; the ledger entry has reason `ai_edit`, the presentation id, and the proposal's `proposal_id` as its id. A rejected proposal is free: POST …/ai-edit/{proposalId}/reject refunds it (within 24 hours, once), so only accepted proposals cost credits. A short balance is a 402 before any work; a 422 (a prompt the offline rules do not understand, an edit the slide's content cannot take, or one that would change nothing — “shorter” on a slide of a few words, “more detail” with nothing new in the notes) and a 503 charge nothing.",
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
            proposal_id: PROPOSAL_IDS[0],
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
            proposal_id: PROPOSAL_IDS[1],
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
  {
    method: "post",
    path: "/api/v1/ppt/presentation/{id}/switch-layout",
    operationId: "switchSlideLayout",
    summary: "Switch a slide to another layout, keeping its content",
    description: [
      'The editor\'s layout menu: the slide (as the editor has it, saved or not) rebuilt in another layout from its own content, by the same deterministic rules as the offline AI edit, whatever LLM is configured. Bullets with figures become key figures ("Revenue: $2.4M, up 12%" → $2.4M, Revenue, up 12%), dated bullets a timeline, "Label: text" bullets cards or a two-column table, rows a table or a chart, and back.',
      "",
      "**Nothing is lost.** What the new layout does not draw stays in the slide's `content`, undrawn (a metrics slide keeps the bullets it came from; a quote keeps the picture): switching back to a layout whose field the slide kept shows that content as it was. PPTX, PDF and the editor draw only the fields a layout reads (GET /api/v1/ppt/templates lists them).",
      "",
      "**Starter content** fills a layout's required fields only for a slide with nothing to convert (a title alone). A slide with content the layout cannot take (no figures for key figures, no dates for a timeline) is a 422 on `layout` saying why; sent again with `starter: true` it switches with example content to replace.",
      "",
      "**Free**: no credits, nothing saved (the editor saves the deck with PUT on accept).",
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
      schema: ZSwitchLayoutRequest,
      example: { layout: "metrics", slide: COSTS_SLIDE },
    },
    response: {
      status: 200,
      description: "The slide in the new layout, and what was done.",
      schema: ZSwitchLayoutResponse,
      examples: {
        metrics: {
          summary: "Bullets with figures as key figures",
          value: {
            slide: {
              ...COSTS_SLIDE,
              layout: "metrics",
              content: {
                ...COSTS_SLIDE.content,
                bullets: [...COSTS_SLIDE.content.bullets],
                metrics: [
                  { value: "$6,000", label: "Panels" },
                  { value: "$4,500", label: "Batteries" },
                  { value: "$1,500", label: "Installation" },
                ],
              },
            },
            summary: "Turned the slide into 3 headline figures.",
            warnings: [],
            starter: false,
          },
        },
      },
    },
    errors: ["not_found", "forbidden"],
  },
  {
    method: "post",
    path: "/api/v1/ppt/presentation/{id}/ai-edit/{proposalId}/reject",
    operationId: "rejectAiEdit",
    summary: "Reject an AI edit proposal (its credits back)",
    description:
      "Refunds the credits a proposal of POST …/ai-edit was charged, so a rejected proposal costs nothing; the editor calls it on Reject. Once per proposal, within 24 hours of it being made (later, or again: 409). The ledger entry stays, as `ai_edit_refunded` with a delta of 0. Nothing else changes: a proposal is never saved unless the deck is saved with it (PUT).",
    tags: ["Editor"],
    auth: "api-key",
    pathParams: z.object({
      id: z.uuid().meta({
        description: "Id of the presentation the proposal was made for.",
        example: EXAMPLE_IDS.presentation,
      }),
      proposalId: z.uuid().meta({
        description: "The `proposal_id` of the AI edit's answer.",
        example: PROPOSAL_IDS[0],
      }),
    }),
    response: {
      status: 200,
      description: "The credits given back and the balance after.",
      schema: ZRejectAiEditResponse,
      examples: {
        refunded: {
          summary: "A one-credit proposal rejected",
          value: { proposal_id: PROPOSAL_IDS[0], credits_refunded: 1, balance_after: 42 },
        },
      },
    },
    errors: ["not_found", "conflict", "forbidden"],
  },
];
