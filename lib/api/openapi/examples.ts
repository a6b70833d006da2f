/**
 * Example requests and answers for the API reference. The unit test parses every one with its
 * operation's schema, so an example that stops being valid fails the build rather than misleading.
 */
import "server-only";
import { creditRuleTable } from "@/lib/credits/credit-rules";
import { getCreditSettings } from "@/lib/credits/credit-settings";
import { listTemplates } from "@/lib/presentations/list-templates";
import { EXAMPLE_BRAND_TEMPLATE } from "./routes-brand-templates";

const ORIGIN = "https://deckforge.example.com";
const PRESENTATION_ID = "0b6f2f4e-3a1d-4c55-9d0c-1f8e7d2c9b10";
const EXPORT_ID = "c2a7e3d1-5b4f-4e8a-9c6d-2f1e0a9b8c7d";
const TASK_ID = "7d3c1b9a-2e4f-4a6b-8c1d-5e9f0a2b3c4d";
const SIGNATURE = "expires=1767225600&signature=3oN4T2u6mWq0hYbJr5x8Lk1VfZcPsEaD9gRiQtUwXyA";
const CREATED = "2026-11-22T10:15:30.000Z";
const UPDATED = "2026-11-22T10:15:41.000Z";

export const EXAMPLE_IDS = { presentation: PRESENTATION_ID, export: EXPORT_ID, task: TASK_ID } as const;

const SOLAR_CONTENT =
  "# Solar clinics\n\n## Outages\nRural clinics lose power nine hours a week. Vaccines spoil when fridges warm up.\n\n" +
  "## The fix\nA 5 kW solar array with batteries keeps the cold chain running.\n\n" +
  "## Costs\n| Item | Cost |\n| --- | --- |\n| Panels | 6,000 |\n| Batteries | 4,500 |\n| Installation | 1,500 |\n\n" +
  "## Plan\n- 2026: Pilot in 12 clinics\n- 2027: Regional roll-out\n- 2028: National programme";

/** A generation answer. */
export const EXAMPLE_RESULT = {
  presentation_id: PRESENTATION_ID,
  path: `${ORIGIN}/api/v1/ppt/exports/${EXPORT_ID}/solar-clinics.pptx?${SIGNATURE}`,
  edit_path: `${ORIGIN}/editor/${PRESENTATION_ID}`,
  credits_consumed: 5,
};

export const EXAMPLE_GENERATE_V1 = {
  content: SOLAR_CONTENT,
  n_slides: 5,
  tone: "professional",
  verbosity: "concise",
  template: "modern",
  theme: "ocean",
  language: "English",
  include_title_slide: true,
  include_table_of_contents: true,
  image_type: "stock",
  export_as: "pptx",
};

export const EXAMPLE_OUTLINES_REQUEST = { content: SOLAR_CONTENT, n_slides: 3, tone: "professional" };

export const EXAMPLE_OUTLINES_RESPONSE = [
  "## Outages\n- Rural clinics lose power nine hours a week\n- Vaccines spoil when fridges warm up",
  "## The fix\n- A 5 kW solar array with batteries\n- Keeps the cold chain running",
  "## Plan\n- 2026: Pilot in 12 clinics\n- 2027: Regional roll-out\n- 2028: National programme",
];

export const EXAMPLE_GENERATE_V3 = {
  slides: [
    { content: EXAMPLE_OUTLINES_RESPONSE[0], layout: null },
    { content: EXAMPLE_OUTLINES_RESPONSE[1], layout: "image-right" },
    { content: EXAMPLE_OUTLINES_RESPONSE[2], layout: "timeline" },
    { content: "## Thank you\nQuestions welcome", layout: "closing" },
  ],
  title: "Solar clinics",
  standard_template: "general",
  theme: "light",
  language: "English",
  export_as: "pdf",
};

export const EXAMPLE_FROM_JSON = {
  title: "Q3 review",
  author: "Finance team",
  template: "standard",
  theme: "slate",
  slides: [
    { layout: "title", content: { title: "Q3 review", subtitle: "Finance" } },
    {
      layout: "metrics",
      content: {
        title: "Headline figures",
        metrics: [
          { value: "18%", label: "revenue growth" },
          { value: "2.1%", label: "monthly churn" },
        ],
      },
    },
    {
      layout: "chart",
      content: {
        title: "Revenue by quarter",
        chart: {
          type: "column",
          categories: ["Q1", "Q2", "Q3"],
          series: [{ name: "Revenue", values: [2.1, 2.4, 2.8] }],
          unit: "M€",
        },
      },
      notes: "Q3 is the best quarter so far.",
    },
    {
      layout: "bullets",
      content: { title: "Next steps", bullets: ["Hire **two** engineers", "Open the Lyon office"] },
    },
  ],
  export_as: "pptx",
};

/** A task as the async endpoints answer it (202), then as the status endpoints do. */
export const EXAMPLE_TASK_QUEUED = {
  id: TASK_ID,
  status: "pending",
  message: "Queued",
  progress: 0,
  created_at: CREATED,
  updated_at: CREATED,
};

export const EXAMPLE_TASK_COMPLETED = {
  ...EXAMPLE_TASK_QUEUED,
  status: "completed",
  message: "Completed",
  progress: 100,
  updated_at: UPDATED,
  data: EXAMPLE_RESULT,
};

export const EXAMPLE_TASK_FAILED = {
  ...EXAMPLE_TASK_QUEUED,
  status: "error",
  message: "The LLM provider did not answer in time (openai: timeout after 60 s).",
  progress: 10,
  updated_at: UPDATED,
  error: {
    type: "/docs/errors#provider_unavailable",
    title: "Provider unavailable",
    status: 503,
    detail: "The LLM provider did not answer in time (openai: timeout after 60 s).",
    code: "provider_unavailable",
  },
};

export const EXAMPLE_TASK_CANCELLED = {
  ...EXAMPLE_TASK_QUEUED,
  status: "error",
  message: "Cancelled",
  progress: 20,
  updated_at: UPDATED,
  error: {
    type: "/docs/errors#cancelled",
    title: "Cancelled",
    status: 409,
    detail: `Task ${TASK_ID} was cancelled before it finished (DELETE on its status); its credits were refunded.`,
    code: "cancelled",
  },
};

export const EXAMPLE_PRESENTATION = {
  presentation_id: PRESENTATION_ID,
  title: "Q3 review",
  version: 1,
  created_at: CREATED,
  updated_at: CREATED,
  slide_count: 2,
  edit_path: EXAMPLE_RESULT.edit_path,
  exports: [
    {
      format: "pptx",
      slide_count: 2,
      created_at: CREATED,
      path: `${ORIGIN}/api/v1/ppt/exports/${EXPORT_ID}/q3-review.pptx?${SIGNATURE}`,
    },
  ],
  deck: {
    version: 1,
    title: "Q3 review",
    author: "Finance team",
    language: "English",
    template: "standard",
    theme: "slate",
    slides: [
      { id: "s1", layout: "title", content: { title: "Q3 review", subtitle: "Finance" } },
      {
        id: "s2",
        layout: "bullets",
        content: { title: "Next steps", bullets: ["Hire **two** engineers", "Open the Lyon office"] },
        notes: "Ask for questions.",
      },
    ],
  },
};

export const EXAMPLE_UPLOAD_RESPONSE = [
  {
    id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
    name: "annual-report.pdf",
    type: "pdf",
    size: 482_113,
    pages: 14,
    characters: 38_204,
    images: 0,
  },
  {
    id: "1f2e3d4c-5b6a-4798-8877-665544332211",
    name: "brief.docx",
    type: "docx",
    size: 91_520,
    characters: 6_410,
    images: 2,
    warnings: ["A table of 240 rows was summarised to its first 50 rows."],
  },
];

/** The real templates answer cut to one template with two layouts and two themes. */
export function exampleTemplates() {
  const all = listTemplates();
  return {
    templates: all.templates
      .slice(0, 1)
      .map((template) => ({ ...template, layouts: template.layouts.slice(3, 5) })),
    themes: all.themes.slice(0, 2),
    custom_templates: [{ ...EXAMPLE_BRAND_TEMPLATE, custom: true as const }],
  };
}

export const EXAMPLE_HEALTH = { status: "ok", database: "ok" };

export const EXAMPLE_READY = {
  status: "ready",
  checks: {
    database: { status: "ok", latency_ms: 1 },
    queue: {
      status: "ok",
      latency_ms: 2,
      engine: "pg-boss",
      queued_jobs: 5,
      pending: 3,
      processing: 2,
      oldest_pending_age_ms: 1840,
    },
    storage: { status: "ok", latency_ms: 4 },
  },
  failing: [],
};

/** What GET /api/health/ready answers (with a 503) while the server shuts down. */
export const EXAMPLE_NOT_READY = {
  status: "not_ready",
  checks: {
    database: { status: "ok", latency_ms: 1 },
    queue: {
      status: "error",
      latency_ms: 0,
      detail: "this server is shutting down",
      engine: "pg-boss",
      queued_jobs: null,
      pending: null,
      processing: null,
      oldest_pending_age_ms: null,
    },
    storage: { status: "ok", latency_ms: 3 },
  },
  failing: ["queue"],
};

const SUBSCRIPTION_ID = "3f2c9a4e-8d1b-4c7a-9e55-0b6d2f1a7c34";
const DELIVERY_ID = "e4d3c2b1-a098-4f7e-8d6c-5b4a39281706";
const WEBHOOK_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

export const EXAMPLE_WEBHOOK_IDS = { subscription: SUBSCRIPTION_ID, delivery: DELIVERY_ID } as const;

export const EXAMPLE_SUBSCRIBE_REQUEST = {
  url: "https://example.com/hooks/deckforge",
  event: "presentation.generation.completed",
};

export const EXAMPLE_SUBSCRIPTION = {
  id: SUBSCRIPTION_ID,
  url: "https://example.com/hooks/deckforge",
  event: "presentation.generation.completed",
  secret: WEBHOOK_SECRET,
  created_at: CREATED,
};

export const EXAMPLE_SUBSCRIPTIONS = [
  {
    id: SUBSCRIPTION_ID,
    url: "https://example.com/hooks/deckforge",
    event: "presentation.generation.completed",
    secret_hint: "whsec_MfKQ…",
    created_at: CREATED,
  },
];

export const EXAMPLE_UNSUBSCRIBE_REQUEST = { id: SUBSCRIPTION_ID };

/** The signed body of each event, as a receiver gets it. */
export const EXAMPLE_EVENT_COMPLETED = {
  type: "presentation.generation.completed",
  timestamp: UPDATED,
  data: { ...EXAMPLE_RESULT, task_id: TASK_ID },
};

export const EXAMPLE_EVENT_FAILED = {
  type: "presentation.generation.failed",
  timestamp: UPDATED,
  data: { task_id: TASK_ID, error: EXAMPLE_TASK_FAILED.error },
};

export const EXAMPLE_DELIVERY = {
  id: DELIVERY_ID,
  subscription_id: SUBSCRIPTION_ID,
  event: "presentation.generation.completed",
  message_id: "msg_7d0c4b1e2f3a4b5c8d9e0f1a2b3c4d5e",
  status: "pending",
  attempts: 2,
  next_attempt_at: "2026-11-22T10:17:11.000Z",
  created_at: UPDATED,
  updated_at: "2026-11-22T10:16:11.000Z",
  body: EXAMPLE_EVENT_COMPLETED,
  attempt_log: [
    {
      status: 503,
      duration_ms: 142,
      response: "upstream unavailable",
      error: "The endpoint answered 503.",
      created_at: UPDATED,
    },
    {
      status: null,
      duration_ms: 10_000,
      response: null,
      error: "No answer within 10000 ms.",
      created_at: "2026-11-22T10:16:11.000Z",
    },
  ],
};

export const EXAMPLE_CREDITS = {
  balance: 91,
  enforce: true,
  rules: { per_slide: 1, per_ai_image: 2, per_ai_edit: 1, per_document_page: 0 },
  entries: [
    {
      id: "5b0e8a1c-2f4d-4c3e-9a51-0d6f2b7c8e91",
      delta: -9,
      reason: "generation",
      presentation_id: PRESENTATION_ID,
      task_id: null,
      created_at: UPDATED,
    },
    {
      id: "8c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
      delta: 100,
      reason: "grant",
      presentation_id: null,
      task_id: null,
      created_at: "2026-11-01T08:00:00.000Z",
    },
  ],
  next_cursor: null,
};

/** The rule table with the defaults (not this server's settings: the example must not vary). */
export function exampleCreditRules() {
  const defaults = getCreditSettings({});
  return { rules: creditRuleTable(defaults.rules), grant: defaults.grant, enforce: defaults.enforce };
}

/** PUT /api/v1/ppt/presentation/{id}: the deck of EXAMPLE_PRESENTATION with its title edited. */
export const EXAMPLE_SAVE_DECK = {
  version: 3,
  deck: { ...EXAMPLE_PRESENTATION.deck, title: "Q3 review (final)" },
};
