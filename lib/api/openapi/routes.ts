/**
 * The API's route list: one entry per operation, the single source the OpenAPI document is built
 * from. `body.schema` is the very zod object the handler parses — tests/unit/openapi.test.ts calls
 * every handler and checks that identity, and that every app/api route file has its entries here.
 */
import "server-only";
import { z } from "zod";
import type { TErrorCode } from "@/lib/api/errors";
import { ZPresentationResult } from "@/lib/api/schemas/common";
import { ZCreditRulesResponse, ZCreditsQuery, ZCreditsResponse } from "@/lib/api/schemas/credits";
import {
  ZCreateFromJsonRequest,
  ZGenerateFromSlidesRequest,
  ZGenerateOutlinesRequest,
  ZGeneratePresentationRequest,
} from "@/lib/api/schemas/generate";
import { ZSaveDeckRequest, ZSaveDeckResponse } from "@/lib/api/schemas/presentations";
import { ZTemplatesResponse } from "@/lib/api/schemas/templates";
import {
  WEBHOOK_DATA_SCHEMAS,
  ZWebhookDeliveriesQuery,
  ZWebhookDelivery,
  ZWebhookDeliveryList,
  ZWebhookEventBody,
  ZWebhookSubscribeRequest,
  ZWebhookSubscription,
  ZWebhookSubscriptionList,
  ZWebhookUnsubscribeRequest,
} from "@/lib/api/schemas/webhooks";
import { ZUploadResponse } from "@/lib/files/upload-schema";
import { ZTaskView } from "@/lib/jobs/task-view";
import type { TWebhookEvent } from "@/lib/webhooks/webhook-events";
import {
  EXAMPLE_CREDITS,
  EXAMPLE_DELIVERY,
  EXAMPLE_EVENT_COMPLETED,
  EXAMPLE_EVENT_FAILED,
  EXAMPLE_FROM_JSON,
  EXAMPLE_GENERATE_V1,
  EXAMPLE_GENERATE_V3,
  EXAMPLE_HEALTH,
  EXAMPLE_IDS,
  EXAMPLE_NOT_READY,
  EXAMPLE_OUTLINES_REQUEST,
  EXAMPLE_OUTLINES_RESPONSE,
  EXAMPLE_PRESENTATION,
  EXAMPLE_READY,
  EXAMPLE_RESULT,
  EXAMPLE_SAVE_DECK,
  EXAMPLE_SUBSCRIBE_REQUEST,
  EXAMPLE_SUBSCRIPTION,
  EXAMPLE_SUBSCRIPTIONS,
  EXAMPLE_TASK_CANCELLED,
  EXAMPLE_TASK_COMPLETED,
  EXAMPLE_TASK_FAILED,
  EXAMPLE_TASK_QUEUED,
  EXAMPLE_UNSUBSCRIBE_REQUEST,
  EXAMPLE_UPLOAD_RESPONSE,
  EXAMPLE_WEBHOOK_IDS,
  exampleCreditRules,
  exampleTemplates,
} from "./examples";
import {
  ZHealthResponse,
  ZOutlinesResponse,
  ZPresentationDetail,
  ZReadinessResponse,
  ZUploadForm,
} from "./response-schemas";
import { AI_EDIT_ROUTES } from "./routes-ai-edit";
import { BRAND_TEMPLATE_ROUTES } from "./routes-brand-templates";
import { EDITOR_ROUTES } from "./routes-editor";
import { MCP_ROUTES } from "./routes-mcp";
import { MEDIA_ROUTES } from "./routes-media";
import { PRESENTATION_ROUTES } from "./routes-presentations";
import { SHARE_LINK_ROUTES } from "./routes-share-links";
import { VERSION_ROUTES } from "./routes-versions";

export const API_TAGS = [
  {
    name: "Generation",
    description: "Text, outlines or structured slides in; an editable PPTX or a PDF out.",
  },
  { name: "Tasks", description: "Status, progress and result of asynchronous generations." },
  { name: "Presentations", description: "Stored decks and their signed download links." },
  {
    name: "Editor",
    description:
      "What the web editor calls, open to API keys too: slide layout previews, icon and picture search, picture upload, AI prompt edits.",
  },
  { name: "Files", description: "Documents uploaded as sources for generation." },
  {
    name: "Templates",
    description:
      "Templates, layouts (with their content schemas) and themes, and the brand templates an account uploads from its own .pptx/.potx.",
  },
  {
    name: "Webhooks",
    description:
      "Subscriptions to generation events, and their deliveries. Deliveries are signed the Standard Webhooks way and retried with backoff; see the `webhooks` section for what a receiver gets.",
  },
  {
    name: "Credits",
    description: "The account's credit balance, ledger and the rule table that sets prices.",
  },
  {
    name: "MCP",
    description:
      "The Model Context Protocol server for agents: the generation, presentation, export, AI edit and template operations as MCP tools, and decks' outlines as resources.",
  },
  { name: "Service", description: "Health and this reference." },
] as const;
export type TApiTag = (typeof API_TAGS)[number]["name"];

/**
 * How a route is authorised: `api-key` by the Bearer key (withApiKey), `signed-link` by the
 * `expires`/`signature` query of a link the API handed out, `public` not at all.
 */
export type TRouteAuth = "api-key" | "signed-link" | "public";

/** A file answered as bytes, per media type. */
export type TBinaryResponse = { mediaTypes: string[] };

export type TApiRoute = {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** OpenAPI path: the App Router's `[param]` segments written `{param}`. */
  path: `/api/${string}`;
  operationId: string;
  summary: string;
  description: string;
  tags: [TApiTag, ...TApiTag[]];
  auth: TRouteAuth;
  /** Takes an `Idempotency-Key` header (lib/idempotency/with-idempotency.ts). */
  idempotent?: true;
  /**
   * Parses its body with parseBodyLenient: unknown fields are ignored and named in `warnings`
   * unless `Prefer: handling=strict`; answers Preference-Applied.
   */
  lenient?: true;
  /** Path parameters, each described; the names match the `{param}` segments of `path`. */
  pathParams?: z.ZodObject;
  /**
   * Query parameters. With `handlerParses`, `schema` is the object the handler validates the query
   * with (the test checks it is called); otherwise it only documents a query read another way.
   */
  query?: { schema: z.ZodObject; handlerParses: boolean };
  /** The request body. For JSON, `schema` is the object the handler passes to parseBody. */
  body?:
    | {
        mediaType: "application/json";
        schema: z.ZodType;
        example: unknown;
        description?: string;
        /** False when the body may be left out (the id then comes another way). */
        required?: false;
      }
    | {
        mediaType: "multipart/form-data";
        schema: z.ZodType;
        description: string;
        /** Media types each form field's parts may have. */
        encoding: Record<string, string>;
      };
  /** The success answer. */
  response: {
    status: 200 | 201 | 202 | 204;
    description: string;
    /** Absent for a 204. */
    schema?: z.ZodType | TBinaryResponse;
    /** Named examples; the first is the one Swagger UI shows. */
    examples?: Record<string, { summary?: string; value: unknown }>;
  };
  /** Answers other than the success and the problems, with their own body (readiness's 503). */
  otherResponses?: {
    status: 503;
    description: string;
    schema: z.ZodType;
    examples?: Record<string, { summary?: string; value: unknown }>;
  }[];
  /**
   * Problems this handler itself can answer. Those every route of its kind answers are added by
   * `documentedErrors`: parseBody's 400/413/415/422, the key check's 401 and rate limit's 429, the
   * method check's 405, 500.
   */
  errors: TErrorCode[];
};

/** What the upload reads; the type is detected from the bytes, so `application/octet-stream` is fine too. */
const UPLOAD_MEDIA_TYPES = [
  "application/pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  "text/plain",
  "text/markdown",
  "text/csv",
  "application/octet-stream",
];

const ZIdParam = (what: string, example: string) =>
  z.uuid().meta({ description: `Id of the ${what}.`, example });

const presentationParams = z.object({ id: ZIdParam("presentation", EXAMPLE_IDS.presentation) });
const taskParams = z.object({
  id: ZIdParam("task, as the async endpoint answered it", EXAMPLE_IDS.task),
});

const generationNotes =
  "A brand template the account uploaded is named `custom-<id>` (POST /api/v1/ppt/templates): another account's, an unknown or a deleted one is a 404, and a `theme` sent with it a 422 (the brand's own colours and fonts are used). Fields the specification types \"… or null\" take `null` as \"not given\" (the default applies). A top-level body field this service does not know (such as the peer product's newer `title`) is ignored and named in the answer's `warnings`; send `Prefer: handling=strict` to have it refused with 422 instead. Credits: the request's upper-bound cost is reserved before any work (402 when the balance is short) and settled to the actual `credits_consumed` when the deck is ready; a failed generation refunds it. With `trigger_webhook: true` the account's webhook subscriptions for `presentation.generation.completed` / `.failed` are notified.";

const taskDescription = (what: string) =>
  `Validates the body exactly like ${what}, reserves the credits, queues the work and answers 202 with a task at once. Poll GET /api/v3/async-task/status/{id} (or /api/v1/ppt/presentation/status/{id}) until \`status\` is \`completed\` (with \`data\`, the same result the synchronous endpoint answers) or \`error\` (with \`error\`, a problem body). The failure status is \`error\` — never \`failed\`: a client written for a service that says \`failed\` must also stop on \`error\`. Ignored unknown fields are named in the 202 answer's \`warnings\` and again in \`data.warnings\`. Tasks survive a restart of the server. An invalid body (or, for v1, a file reference that is not the account's) is refused at once with the same 4xx as the synchronous endpoint and nothing is queued; what can only go wrong while generating (a provider failure, a layout the text cannot fill) ends the task in \`error\`, and its credits are refunded.`;

const taskStatus = (path: `/api/${string}`, operationId: string, alias?: string): TApiRoute => ({
  method: "get",
  path,
  operationId,
  summary: alias ? `Task status (alias of ${alias})` : "Task status",
  description:
    "A generation task's `status` (`pending` → `processing` → `completed` | `error`; a failed generation is `error`, never `failed`), a human `message`, `progress` 0–100, and when finished `data` (the presentation result) or `error` (a problem body with the code and status the synchronous endpoint would have answered). Another account's task is a 404.",
  tags: ["Tasks"],
  auth: "api-key",
  pathParams: taskParams,
  response: {
    status: 200,
    description: "The task.",
    schema: ZTaskView,
    examples: {
      completed: { summary: "Finished", value: EXAMPLE_TASK_COMPLETED },
      pending: { summary: "Queued", value: EXAMPLE_TASK_QUEUED },
      error: { summary: "Failed", value: EXAMPLE_TASK_FAILED },
    },
  },
  errors: ["not_found"],
});

const taskCancel = (path: `/api/${string}`, operationId: string, alias?: string): TApiRoute => ({
  method: "delete",
  path,
  operationId,
  summary: alias ? `Cancel a task (alias of ${alias})` : "Cancel a task",
  description:
    "Cancels a generation task that is still `pending` or `processing`: it ends at once in `error` with an `error` problem whose code is `cancelled`, its credit reservation is refunded in full, a request sent with `trigger_webhook: true` gets its `presentation.generation.failed` event, and no presentation is kept (a worker running it stops at its next step). Answers the task as it now stands. A task that has already finished (`completed` or `error`) is a 409 and is left as it is; another account's task is a 404. An MCP client's `notifications/cancelled` for a running generate_presentation call does the same.",
  tags: ["Tasks"],
  auth: "api-key",
  pathParams: taskParams,
  response: {
    status: 200,
    description: "The cancelled task.",
    schema: ZTaskView,
    examples: { cancelled: { summary: "Cancelled", value: EXAMPLE_TASK_CANCELLED } },
  },
  errors: ["not_found", "conflict"],
});

const templates = (path: `/api/${string}`, operationId: string, alias?: string): TApiRoute => ({
  method: "get",
  path,
  operationId,
  summary: alias ? `Templates, layouts and themes (alias of ${alias})` : "Templates, layouts and themes",
  description:
    "Every built-in template with every layout it draws — its description, the content fields it requires and the JSON Schema of its `content` (what create/from-json accepts for that layout) — every theme with its colours and fonts, and in `custom_templates` the account's uploaded brand templates (not deleted; POST /api/v1/ppt/templates), each as its upload answered it with `custom: true`. Brand templates draw the same layouts, with the same content schemas.",
  tags: ["Templates"],
  auth: "api-key",
  response: {
    status: 200,
    description: "Templates and themes (the example is cut to one template, two layouts and two themes).",
    schema: ZTemplatesResponse,
    examples: { templates: { value: exampleTemplates() } },
  },
  errors: [],
});

const upload = (path: `/api/${string}`, operationId: string, alias?: string): TApiRoute => ({
  method: "post",
  path,
  operationId,
  summary: alias ? `Upload documents (alias of ${alias})` : "Upload documents",
  description:
    "Reads PDF, DOCX, PPTX, TXT, MD and CSV files (several per request) into text and pictures and answers a reference per file, in the order sent, to pass in `files` of POST /api/v1/ppt/presentation/generate. The type is detected from the bytes. Files stream to disk as they arrive and each is read on a worker thread with its own heap limit (PARSE_MEMORY_MB) and time limit (PARSE_TIMEOUT_MS); text past MAX_CONTENT_CHARS is not read. The whole request is refused (nothing stored) when any file is unreadable, of another type, too large (413), a PDF of more than MAX_PDF_PAGES pages, or too complex to read within those limits (422). A 503 `server_busy` with Retry-After means every reader is busy or the server holds UPLOAD_BYTES_IN_FLIGHT upload bytes already. References belong to the uploading account.",
  tags: ["Files"],
  auth: "api-key",
  body: {
    mediaType: "multipart/form-data",
    schema: ZUploadForm,
    description:
      'One `files` part per document. Example: `curl -H "Authorization: Bearer $DECKFORGE_KEY" -F files=@annual-report.pdf -F files=@brief.docx https://deckforge.example.com/api/v1/ppt/files/upload`.',
    encoding: { files: UPLOAD_MEDIA_TYPES.join(", ") },
  },
  response: {
    status: 201,
    description: "One reference per uploaded file.",
    schema: ZUploadResponse,
    examples: { uploaded: { value: EXAMPLE_UPLOAD_RESPONSE } },
  },
  errors: ["server_busy"],
});

/** A v1 operation and its v3 alias: the same handler, so the same contract. */
const withV3Alias = (route: TApiRoute): TApiRoute[] => [
  route,
  {
    ...route,
    path: route.path.replace(/^\/api\/v1\//, "/api/v3/") as TApiRoute["path"],
    operationId: `${route.operationId}V3`,
    summary: `${route.summary} (alias of ${route.method.toUpperCase()} ${route.path})`,
  },
];

const subscriptionParams = z.object({
  id: ZIdParam("webhook subscription", EXAMPLE_WEBHOOK_IDS.subscription),
});
const deliveryParams = z.object({
  deliveryId: ZIdParam("webhook delivery", EXAMPLE_WEBHOOK_IDS.delivery),
});

const webhookRoutes: TApiRoute[] = [
  ...withV3Alias({
    method: "post",
    path: "/api/v1/webhook/subscribe",
    operationId: "subscribeWebhook",
    summary: "Subscribe to an event",
    description:
      "Subscribes an endpoint of the account to one event. Deliveries are POSTed as JSON and signed per Standard Webhooks with the subscription's secret (headers `webhook-id`, `webhook-timestamp`, `webhook-signature`: HMAC-SHA256 over `id.timestamp.body`); a 2xx answer within the timeout (WEBHOOK_TIMEOUT_MS, 10 s) counts as delivered, anything else is retried with exponential backoff (WEBHOOK_MAX_ATTEMPTS, 8 attempts: 30 s doubling up to 1 h). The answer shows the whole secret, once. The same URL subscribed twice to one event is a 409; at most 20 subscriptions per account (422). URLs on private, loopback or link-local addresses are refused unless the operator allows them.",
    tags: ["Webhooks"],
    auth: "api-key",
    body: {
      mediaType: "application/json",
      schema: ZWebhookSubscribeRequest,
      example: EXAMPLE_SUBSCRIBE_REQUEST,
    },
    response: {
      status: 201,
      description: "Subscribed; `secret` verifies the signatures of its deliveries.",
      schema: ZWebhookSubscription,
      examples: { subscribed: { value: EXAMPLE_SUBSCRIPTION } },
    },
    errors: ["conflict"],
  }),
  ...withV3Alias({
    method: "get",
    path: "/api/v1/webhook/all",
    operationId: "listWebhooks",
    summary: "List webhook subscriptions",
    description: "The account's subscriptions, newest first, each secret shown as a fragment.",
    tags: ["Webhooks"],
    auth: "api-key",
    response: {
      status: 200,
      description: "The subscriptions.",
      schema: ZWebhookSubscriptionList,
      examples: { subscriptions: { value: EXAMPLE_SUBSCRIPTIONS } },
    },
    errors: [],
  }),
  ...withV3Alias({
    method: "delete",
    path: "/api/v1/webhook/unsubscribe",
    operationId: "unsubscribeWebhook",
    summary: "Unsubscribe",
    description:
      "Removes a subscription of the account, with its pending deliveries. The id goes in the JSON body `{id}`, or — for clients that drop DELETE bodies — as the `id` query parameter (then no body is read). Another account's subscription is a 404.",
    tags: ["Webhooks"],
    auth: "api-key",
    query: {
      handlerParses: false,
      schema: z.object({
        id: z.string().min(1).max(100).optional().meta({
          description: "The subscription's id, instead of the body.",
          example: EXAMPLE_WEBHOOK_IDS.subscription,
        }),
      }),
    },
    body: {
      mediaType: "application/json",
      schema: ZWebhookUnsubscribeRequest,
      example: EXAMPLE_UNSUBSCRIBE_REQUEST,
      required: false,
    },
    response: { status: 204, description: "Removed." },
    errors: ["not_found"],
  }),
  ...withV3Alias({
    method: "get",
    path: "/api/v1/webhook/{id}/deliveries",
    operationId: "listWebhookDeliveries",
    summary: "List a subscription's deliveries",
    description:
      "The most recent deliveries of one subscription, newest first, each with the exact body that was signed and every attempt (status, duration, the start of the answer, why it failed). Another account's subscription is a 404; finished deliveries are kept WEBHOOK_RETENTION_DAYS (30) days.",
    tags: ["Webhooks"],
    auth: "api-key",
    pathParams: subscriptionParams,
    query: { handlerParses: true, schema: ZWebhookDeliveriesQuery },
    response: {
      status: 200,
      description: "The deliveries.",
      schema: ZWebhookDeliveryList,
      examples: { deliveries: { value: [EXAMPLE_DELIVERY] } },
    },
    errors: ["not_found", "invalid_field"],
  }),
  ...withV3Alias({
    method: "post",
    path: "/api/v1/webhook/deliveries/{deliveryId}/redeliver",
    operationId: "redeliverWebhook",
    summary: "Redeliver",
    description:
      "Sends a delivery again now. A finished one (succeeded or failed) is copied into a new pending delivery with the same body and the same `webhook-id`, so receivers that drop duplicates still can; a pending one has its next attempt moved to now. No body. Another account's delivery is a 404.",
    tags: ["Webhooks"],
    auth: "api-key",
    pathParams: deliveryParams,
    response: {
      status: 202,
      description: "The delivery that will be sent.",
      schema: ZWebhookDelivery,
      examples: { queued: { value: { ...EXAMPLE_DELIVERY, next_attempt_at: EXAMPLE_DELIVERY.updated_at } } },
    },
    errors: ["not_found"],
  }),
];

const creditRoutes: TApiRoute[] = [
  ...withV3Alias({
    method: "get",
    path: "/api/v1/credits",
    operationId: "getCredits",
    summary: "Credit balance and ledger",
    description:
      "The account's balance, whether the server refuses work for a short balance, the prices in force, and a page of the ledger (newest first; follow `next_cursor`). Every charge, refund and grant is a ledger entry, and the balance is always their sum.",
    tags: ["Credits"],
    auth: "api-key",
    query: { handlerParses: true, schema: ZCreditsQuery },
    response: {
      status: 200,
      description: "The balance and a ledger page.",
      schema: ZCreditsResponse,
      examples: { credits: { value: EXAMPLE_CREDITS } },
    },
    errors: ["invalid_field"],
  }),
  ...withV3Alias({
    method: "get",
    path: "/api/v1/credits/rules",
    operationId: "getCreditRules",
    summary: "Credit rules",
    description:
      "What each unit of work costs on this server (each rule set by the environment variable it names), what a new account starts with, and whether balances are enforced. Outlines, uploads, downloads and reads are free; a failed generation is refunded in full.",
    tags: ["Credits"],
    auth: "api-key",
    response: {
      status: 200,
      description: "The rule table (the example shows the defaults).",
      schema: ZCreditRulesResponse,
      examples: { rules: { value: exampleCreditRules() } },
    },
    errors: [],
  }),
];

/** Every operation of the API, in the order the reference lists them. */
export const API_ROUTES: TApiRoute[] = [
  {
    method: "post",
    path: "/api/v1/ppt/presentation/generate",
    operationId: "generatePresentation",
    lenient: true,
    summary: "Generate a presentation",
    description: `Content (text, uploaded files, optional web search) → outline → slides → an editable PPTX or a PDF, synchronously. Give \`content\`, \`files\` (ids, or the objects POST /api/v1/ppt/files/upload answered) or \`slides_markdown\` (one markdown string per slide, used as the outline as written). \`n_slides\` is the deck's whole slide count: the title slide and agenda are among them. \`allow_access_to_user_info\` (default true) decides whether the account's name becomes the deck's author (title slide, file metadata, LLM prompt). ${generationNotes}`,
    tags: ["Generation"],
    auth: "api-key",
    idempotent: true,
    body: {
      mediaType: "application/json",
      schema: ZGeneratePresentationRequest,
      example: EXAMPLE_GENERATE_V1,
    },
    response: {
      status: 200,
      description: "The deck is ready: a signed download link, the editor link and the credits charged.",
      schema: ZPresentationResult,
      examples: { generated: { value: EXAMPLE_RESULT } },
    },
    errors: ["not_found", "insufficient_credits", "provider_unavailable"],
  },
  {
    method: "post",
    path: "/api/v1/ppt/presentation/generate/async",
    operationId: "generatePresentationAsync",
    lenient: true,
    summary: "Generate a presentation as a task",
    description: taskDescription(
      "POST /api/v1/ppt/presentation/generate (uploaded file references included)",
    ),
    tags: ["Generation", "Tasks"],
    auth: "api-key",
    idempotent: true,
    body: {
      mediaType: "application/json",
      schema: ZGeneratePresentationRequest,
      example: EXAMPLE_GENERATE_V1,
    },
    response: {
      status: 202,
      description: "Queued.",
      schema: ZTaskView,
      examples: { queued: { value: EXAMPLE_TASK_QUEUED } },
    },
    errors: ["not_found", "insufficient_credits"],
  },
  {
    method: "post",
    path: "/api/v3/presentation/outlines/generate",
    operationId: "generateOutlines",
    summary: "Generate slide outlines",
    description:
      "Step one of the two-step flow: content → `n_slides` markdown outlines (fewer when the offline generator finds the text too short to fill them without repeating a point) (`## Title` and `- bullet` lines), to review and edit before POST /api/v3/presentation/generate. Costs no credits.",
    tags: ["Generation"],
    auth: "api-key",
    idempotent: true,
    body: {
      mediaType: "application/json",
      schema: ZGenerateOutlinesRequest,
      example: EXAMPLE_OUTLINES_REQUEST,
    },
    response: {
      status: 200,
      description: "The outlines, in slide order.",
      schema: ZOutlinesResponse,
      examples: { outlines: { value: EXAMPLE_OUTLINES_RESPONSE } },
    },
    errors: ["provider_unavailable"],
  },
  {
    method: "post",
    path: "/api/v3/presentation/generate",
    operationId: "generateFromSlides",
    lenient: true,
    summary: "Generate a presentation from outline slides",
    description: `Step two: one slide per item of \`slides\`, each written from its \`content\` (markdown) into its \`layout\` — or, with \`layout: null\`, into the layout the content's shape calls for (a table → table or chart, dated bullets → timeline, figures → metrics…). A data layout the text cannot fill (\`chart\` for text without numbers) is a 422 naming \`slides.N.layout\`. ${generationNotes}`,
    tags: ["Generation"],
    auth: "api-key",
    idempotent: true,
    body: { mediaType: "application/json", schema: ZGenerateFromSlidesRequest, example: EXAMPLE_GENERATE_V3 },
    response: {
      status: 200,
      description: "The deck is ready.",
      schema: ZPresentationResult,
      examples: { generated: { value: EXAMPLE_RESULT } },
    },
    errors: ["not_found", "insufficient_credits", "provider_unavailable"],
  },
  {
    method: "post",
    path: "/api/v3/presentation/generate/async",
    operationId: "generateFromSlidesAsync",
    lenient: true,
    summary: "Generate a presentation from outline slides as a task",
    description: taskDescription("POST /api/v3/presentation/generate"),
    tags: ["Generation", "Tasks"],
    auth: "api-key",
    idempotent: true,
    body: { mediaType: "application/json", schema: ZGenerateFromSlidesRequest, example: EXAMPLE_GENERATE_V3 },
    response: {
      status: 202,
      description: "Queued.",
      schema: ZTaskView,
      examples: { queued: { value: EXAMPLE_TASK_QUEUED } },
    },
    errors: ["not_found", "insufficient_credits"],
  },
  {
    method: "post",
    path: "/api/v1/ppt/presentation/create/from-json",
    operationId: "createFromJson",
    lenient: true,
    summary: "Create a presentation from structured slides",
    description: `No generation: each slide names a layout and gives the content fields that layout reads (GET /api/v1/ppt/templates lists each layout's content schema), or leaves \`layout\` out (or null) to have one chosen from its content. A slide without its layout's required field is a 422 at \`slides.N.content.FIELD\`. A picture is a slide's \`image.asset\`: one this account uploaded (POST /api/v1/ppt/images/upload) or found with the picture search; any other key is a 422 at \`slides.N.content.image.asset\`, whether or not such a picture is stored. Credits are charged per slide as for generation. ${generationNotes}`,
    tags: ["Generation"],
    auth: "api-key",
    idempotent: true,
    body: { mediaType: "application/json", schema: ZCreateFromJsonRequest, example: EXAMPLE_FROM_JSON },
    response: {
      status: 200,
      description: "The deck is ready.",
      schema: ZPresentationResult,
      examples: { created: { value: { ...EXAMPLE_RESULT, credits_consumed: 4 } } },
    },
    errors: ["not_found", "insufficient_credits"],
  },
  taskStatus("/api/v3/async-task/status/{id}", "getTaskStatus"),
  taskStatus(
    "/api/v1/ppt/presentation/status/{id}",
    "getPresentationTaskStatus",
    "GET /api/v3/async-task/status/{id}",
  ),
  taskCancel("/api/v3/async-task/status/{id}", "cancelTask"),
  taskCancel(
    "/api/v1/ppt/presentation/status/{id}",
    "cancelPresentationTask",
    "DELETE /api/v3/async-task/status/{id}",
  ),
  {
    method: "get",
    path: "/api/v1/ppt/presentation/{id}",
    operationId: "getPresentation",
    summary: "Get a presentation",
    description:
      "The stored Deck document (every slide's layout and content, as create/from-json takes it) and every export with a fresh signed download link. Another account's presentation is a 404.",
    tags: ["Presentations"],
    auth: "api-key",
    pathParams: presentationParams,
    response: {
      status: 200,
      description: "The presentation.",
      schema: ZPresentationDetail,
      examples: { presentation: { value: EXAMPLE_PRESENTATION } },
    },
    errors: ["not_found"],
  },
  {
    method: "put",
    path: "/api/v1/ppt/presentation/{id}",
    operationId: "saveDeck",
    summary: "Save an edited deck",
    description:
      "Replaces the Deck document with an edited one, based on the `version` the client loaded; the answer carries the new version for the next save. Optimistic concurrency: when the presentation was saved in between, nothing is written and the answer is a 409 whose `current_version` member says which version to reload. Exports made afterwards (POST …/export, the editor's download buttons) are drawn from the saved deck. The deck a save replaces is kept in the version history (GET /api/v3/presentation/{id}/versions) as an automatic version at most once per 5 minutes of editing, and always when `checkpoint` says the save carries an accepted AI edit or a layout switch. A slide's `image.asset` must be a picture of this account (its upload or picture search, or one its decks already show): another key is a 422 naming `deck.slides.<n>.content.image.asset`, whether or not such a picture is stored.",
    tags: ["Presentations"],
    auth: "api-key",
    pathParams: presentationParams,
    body: { mediaType: "application/json", schema: ZSaveDeckRequest, example: EXAMPLE_SAVE_DECK },
    response: {
      status: 200,
      description: "Saved; the new version.",
      schema: ZSaveDeckResponse,
      examples: {
        saved: {
          value: {
            presentation_id: EXAMPLE_IDS.presentation,
            version: 4,
            updated_at: "2026-05-12T09:31:02.000Z",
          },
        },
      },
    },
    errors: ["not_found", "conflict", "invalid_field"],
  },
  {
    method: "get",
    path: "/api/v1/ppt/exports/{id}/{filename}",
    operationId: "downloadExport",
    summary: "Download an exported file",
    description:
      "The `path` of a generation answer: a link signed with an expiry (DOWNLOAD_URL_TTL_SECONDS, 24 h by default). It needs no API key — the signature is the permission — so it can be handed to a browser. A link without a valid signature or past its expiry is a 401: ask GET /api/v1/ppt/presentation/{id} for a fresh one. When the server keeps files in S3-compatible storage (STORAGE=s3), `path` is instead a presigned URL on the object store with the same expiry, and this route (for links made before) answers 302 to a fresh presigned URL.",
    tags: ["Presentations"],
    auth: "signed-link",
    pathParams: z.object({
      id: ZIdParam("export", EXAMPLE_IDS.export),
      filename: z.string().meta({
        description: "File name (cosmetic: the id decides the file).",
        example: "solar-clinics.pptx",
      }),
    }),
    query: {
      handlerParses: false,
      schema: z.object({
        expires: z
          .number()
          .int()
          .meta({ description: "Expiry of the link, in Unix seconds.", example: 1767225600 }),
        signature: z.string().meta({
          description: "HMAC-SHA256 of the path and expiry (base64url), made by the server.",
          example: "3oN4T2u6mWq0hYbJr5x8Lk1VfZcPsEaD9gRiQtUwXyA",
        }),
      }),
    },
    response: {
      status: 200,
      description: "The file, as an attachment.",
      schema: {
        mediaTypes: [
          "application/vnd.openxmlformats-officedocument.presentationml.presentation",
          "application/pdf",
        ],
      },
    },
    errors: ["not_found"],
  },
  upload("/api/v1/ppt/files/upload", "uploadFiles"),
  upload("/api/v3/files/upload", "uploadFilesV3", "POST /api/v1/ppt/files/upload"),
  templates("/api/v1/ppt/templates", "listTemplates"),
  ...BRAND_TEMPLATE_ROUTES,
  templates("/api/v3/templates", "listTemplatesV3", "GET /api/v1/ppt/templates"),
  ...webhookRoutes,
  ...creditRoutes,
  {
    method: "get",
    path: "/api/health",
    operationId: "getHealth",
    summary: "Liveness check",
    description:
      "Liveness: the process answers and its database takes a query; needs no key. A failing database is a 500. It stays 200 while the server shuts down — use GET /api/health/ready to decide whether to send traffic.",
    tags: ["Service"],
    auth: "public",
    response: {
      status: 200,
      description: "The server and its database answer.",
      schema: ZHealthResponse,
      examples: { healthy: { value: EXAMPLE_HEALTH } },
    },
    errors: [],
  },
  {
    method: "get",
    path: "/api/health/ready",
    operationId: "getReadiness",
    summary: "Readiness check",
    description:
      "Readiness, for load balancers and orchestrators; needs no key. Checks, at once and each within READINESS_CHECK_TIMEOUT_MS (default 2 s): `database` (a query), `queue` (this server's job worker takes tasks and the server is not shutting down; with the queue's `pending` and `processing` counts and the age of the oldest pending task) and `storage` (a small probe object under `health/` written and read back). Each check answers `{status, latency_ms, detail?}`. **When any check fails the answer is a 503 with this same JSON body** (`status: \"not_ready\"`, the failing checks in `failing`), not a problem document — from the first moment of a shutdown (SIGTERM) until the process exits.",
    tags: ["Service"],
    auth: "public",
    response: {
      status: 200,
      description: "Every check passed: send traffic.",
      schema: ZReadinessResponse,
      examples: { ready: { value: EXAMPLE_READY } },
    },
    otherResponses: [
      {
        status: 503,
        description: "A check failed, or the server is shutting down: send no traffic.",
        schema: ZReadinessResponse,
        examples: { notReady: { summary: "Shutting down", value: EXAMPLE_NOT_READY } },
      },
    ],
    errors: [],
  },
  {
    method: "get",
    path: "/api/openapi.json",
    operationId: "getOpenApiDocument",
    summary: "This API reference",
    description:
      "The OpenAPI 3.1 document, generated from the zod schemas the handlers validate with; needs no key. /docs renders it.",
    tags: ["Service"],
    auth: "public",
    response: {
      status: 200,
      description: "The OpenAPI document.",
      schema: z.looseObject({ openapi: z.string().regex(/^3\.1\.\d+$/) }),
    },
    errors: [],
  },
  ...PRESENTATION_ROUTES,
  ...SHARE_LINK_ROUTES,
  ...VERSION_ROUTES,
  ...EDITOR_ROUTES,
  ...MEDIA_ROUTES,
  ...AI_EDIT_ROUTES,
  ...MCP_ROUTES,
];

/**
 * Whether the API-key wrapper limits the request rate (lib/api/rate-limit.ts: RATE_LIMIT_PER_MINUTE,
 * on by default), so every key-authenticated operation documents the 429 and the RateLimit-* headers.
 */
export const RATE_LIMITED = true;

const JSON_BODY_ERRORS: TErrorCode[] = [
  "invalid_json",
  "payload_too_large",
  "unsupported_media_type",
  "invalid_field",
];
const MULTIPART_ERRORS: TErrorCode[] = [
  "bad_request",
  "payload_too_large",
  "unsupported_media_type",
  "invalid_field",
];
// A malformed key (400), a repeat while the first runs (409), the key with another request (422).
const IDEMPOTENCY_ERRORS: TErrorCode[] = ["bad_request", "conflict", "invalid_field"];

/**
 * Every problem a route can answer: its own `errors`, plus what its body reader (parseBody or the
 * multipart reader), the Idempotency-Key check, its authorisation (401, and 429 from the key's rate
 * limit), the error wrapper (500) and the method check add: any method the path does not serve is a
 * 405 with `Allow` (proxy.ts, or method-not-allowed.ts for the uploads), documented on each
 * operation of the path since OpenAPI has no place for an operation that does not exist.
 */
export function documentedErrors(route: TApiRoute): TErrorCode[] {
  const codes = new Set<TErrorCode>(route.errors);
  const add = (list: TErrorCode[]) => {
    for (const code of list) codes.add(code);
  };
  if (route.body?.mediaType === "application/json") add(JSON_BODY_ERRORS);
  if (route.body?.mediaType === "multipart/form-data") add(MULTIPART_ERRORS);
  if (route.idempotent) add(IDEMPOTENCY_ERRORS);
  if (route.auth !== "public") codes.add("unauthorized");
  if (route.auth === "api-key" && RATE_LIMITED) codes.add("rate_limited");
  codes.add("method_not_allowed");
  codes.add("internal_error");
  return [...codes];
}

/** An event the service POSTs to subscribed endpoints (the document's top-level `webhooks`). */
export type TApiWebhook = {
  event: TWebhookEvent;
  summary: string;
  description: string;
  /** The signed JSON body. */
  body: z.ZodType;
  example: unknown;
};

const webhookBody = (event: TWebhookEvent) =>
  ZWebhookEventBody.extend({ type: z.literal(event), data: WEBHOOK_DATA_SCHEMAS[event] });

/** The events deliveries carry, fired for generation requests sent with `trigger_webhook: true`. */
export const API_WEBHOOKS: TApiWebhook[] = [
  {
    event: "presentation.generation.completed",
    summary: "A deck is ready",
    description:
      "Sent when a generation requested with `trigger_webhook: true` (sync or async) has produced its deck. `data` is the same result the request (or the task's status) answers, plus `task_id` for an async request.",
    body: webhookBody("presentation.generation.completed"),
    example: EXAMPLE_EVENT_COMPLETED,
  },
  {
    event: "presentation.generation.failed",
    summary: "A generation failed",
    description:
      "Sent when a generation requested with `trigger_webhook: true` failed after it was accepted; its credits were refunded. `data.error` is the problem the request (or the task's status) answered.",
    body: webhookBody("presentation.generation.failed"),
    example: EXAMPLE_EVENT_FAILED,
  },
];

/** The Standard Webhooks headers of every delivery attempt (lib/webhooks/sign-webhook.ts). */
export const ZWebhookDeliveryHeaders = z.object({
  "webhook-id": z.string().meta({
    description:
      "The message id: the same on every attempt and redelivery of one event, so duplicates can be dropped.",
    example: "msg_7d0c4b1e2f3a4b5c8d9e0f1a2b3c4d5e",
  }),
  "webhook-timestamp": z.string().regex(/^\d+$/).meta({
    description:
      "When this attempt was signed, in Unix seconds; reject messages more than a few minutes old.",
    example: "1795342541",
  }),
  "webhook-signature": z.string().meta({
    description:
      "`v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed with the base64-decoded part of the subscription's secret after `whsec_`. Any Standard Webhooks library verifies it.",
    example: "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
  }),
});
