import "server-only";
import { z } from "zod";
import {
  createDocument,
  type ZodOpenApiObject,
  type ZodOpenApiOperationObject,
  type ZodOpenApiOverride,
  type ZodOpenApiResponsesObject,
} from "zod-openapi";
import { ERROR_CODES } from "@/lib/api/errors";
import { LIMITS, ZLayout, ZTemplate, ZTheme } from "@/lib/api/schemas/common";
import {
  ZCreateFromJsonRequest,
  ZGenerateFromSlidesRequest,
  ZGeneratePresentationRequest,
} from "@/lib/api/schemas/generate";
import { CUSTOM_TEMPLATE_ID, LAYOUT_IDS, TEMPLATE_IDS, THEME_IDS } from "@/lib/deck/schema";
import { ZTaskView } from "@/lib/jobs/task-view";
import packageJson from "@/package.json";
import { COMPONENT_SCHEMAS, requestBodySchema } from "./component-schemas";
import {
  ZIdempotencyKeyHeader,
  ZIdempotentReplayedHeader,
  ZPreferenceAppliedHeader,
  ZPreferHandlingHeader,
  ZRateLimitLimitHeader,
  ZRateLimitRemainingHeader,
  ZRateLimitResetHeader,
  ZRequestIdHeader,
} from "./headers";
import { PROBLEM_STATUSES, problemResponse, problemResponseId } from "./problem-responses";
import {
  API_ROUTES,
  API_TAGS,
  API_WEBHOOKS,
  documentedErrors,
  RATE_LIMITED,
  type TApiRoute,
  type TApiWebhook,
  ZWebhookDeliveryHeaders,
} from "./routes";
import { tidyComponentSchemas } from "./tidy-component-schemas";

export type TOpenApiDocument = ReturnType<typeof createDocument>;

/**
 * Schemas the handlers refine rather than declare as enums (so an unknown value gets a message
 * listing the valid ones): the document shows their allowed values.
 */
const ENUM_OF = new Map<unknown, readonly string[]>([
  [ZTheme, THEME_IDS],
  [ZLayout, LAYOUT_IDS],
]);

/**
 * Request bodies the generation endpoints parse leniently (parseBodyLenient): an unknown top-level
 * field is ignored with a warning, not refused, so the document does not say `additionalProperties: false`
 * (on the handlers' objects, and on the named copies the document shows).
 */
const LENIENT_OBJECTS = new Set<unknown>(
  [ZGeneratePresentationRequest, ZGenerateFromSlidesRequest, ZCreateFromJsonRequest].flatMap((schema) => [
    schema,
    requestBodySchema(schema),
  ]),
);

/** Sub-schemas the handlers type loosely that the document can name exactly. */
const REF_OF = new Map<unknown, string>([[ZTaskView.shape.error, "#/components/schemas/Problem"]]);

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** Rewrites zod's JSON Schema where it says less (or more noise) than the contract. */
const override: ZodOpenApiOverride = ({ jsonSchema, zodSchema }) => {
  const schema = jsonSchema as Record<string, unknown>;
  if (LENIENT_OBJECTS.has(zodSchema) && schema.additionalProperties === false)
    delete schema.additionalProperties;
  const values = ENUM_OF.get(zodSchema);
  if (values) schema.enum = [...values];
  // A built-in template id, or an uploaded brand template's custom-<uuid>.
  if (zodSchema === ZTemplate)
    schema.anyOf = [{ enum: [...TEMPLATE_IDS] }, { pattern: CUSTOM_TEMPLATE_ID.source }];
  const ref = REF_OF.get(zodSchema);
  if (ref) {
    const description = schema.description;
    for (const key of Object.keys(schema)) delete schema[key];
    schema.$ref = ref;
    if (description) schema.description = description;
  }
  const def = zodSchema._zod.def;
  // A default wrapped around a refined/transformed string is dropped by zod's input JSON Schema.
  if (def.type === "default" && schema.default === undefined) {
    schema.default = JSON.parse(JSON.stringify(def.defaultValue));
  }
  // zod spells out what `format` already says, and the safe-integer bounds of `.int()`.
  if (schema.format === "uuid" || schema.format === "date-time") delete schema.pattern;
  if (schema.maximum === MAX_SAFE) delete schema.maximum;
  if (schema.minimum === -MAX_SAFE) delete schema.minimum;
};

const DESCRIPTION = `Deckforge turns text, documents and slide outlines into editable PPTX and vector PDF decks.

**Authentication.** Every endpoint except \`/api/health\`, this document and signed download links takes an API key: \`Authorization: Bearer <key>\`. Make one with \`npx deckforge keys create --email you@example.com --name laptop\` (or on the account page). A missing, unknown or revoked key is a 401 with \`WWW-Authenticate: Bearer\`.

**Errors.** Every error is an [RFC 9457](https://www.rfc-editor.org/rfc/rfc9457) problem body, \`application/problem+json\`: \`{type, title, status, detail, code, errors?: [{path, message}], request_id}\`. \`code\` decides the status — ${Object.entries(
  ERROR_CODES,
)
  .map(([code, status]) => `\`${code}\` ${status}`)
  .join(
    ", ",
  )} — and [/docs/errors](/docs/errors) explains each. A 404 never tells an unknown id from another account's. A method a path does not serve is a 405 with \`Allow\` listing those it does. A 500 shows only a request id; the cause is in the server log. Extension members a status adds (a 402's \`balance\` and \`required\`, a 409's \`current_version\`) are named in its response schema.

**Limits** (defaults; the operator can change some by environment): \`n_slides\` ${LIMITS.minSlides}–${LIMITS.maxSlides}, \`content\` ${LIMITS.maxContentChars.toLocaleString("en")} characters (uploaded files' text shares it), JSON body 2 MB (MAX_BODY_BYTES), ${LIMITS.maxFiles} files of 25 MB per upload, \`instructions\` ${LIMITS.maxInstructionsChars.toLocaleString("en")} characters.

**Fields.** A field typed "… or null" takes \`null\` as "not given" (its default applies). The generation POSTs ignore top-level body fields they do not know — clients of the peer product send its newer ones — and name them in the answer's \`warnings\`; send \`Prefer: handling=strict\` (RFC 7240) to have them refused with 422 instead (answered with \`Preference-Applied: handling=strict\`). Every other endpoint refuses unknown fields (422).

**Rate limits.** Each API key may send RATE_LIMIT_PER_MINUTE requests (120 by default) in any minute; every keyed answer carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` (none of them when the operator turned the limit off with RATE_LIMIT_PER_MINUTE=0), and a request over the limit is a 429 with \`Retry-After\` (seconds).

**Credits.** Every account has a credit balance. A generation reserves its upper-bound cost before any work — a 402 when the balance is short — and is charged the actual \`credits_consumed\` when the deck is ready; a failed generation (synchronous or as a task) refunds everything.

**Idempotency.** The generation POSTs (and outline generation) take an optional \`Idempotency-Key\` header: a retry with the same key and body within 24 hours answers the first successful response again (with \`Idempotent-Replayed: true\`) rather than generating and charging twice.

**Asynchronous generation.** The \`/async\` endpoints answer 202 with a task at once; poll \`GET /api/v3/async-task/status/{id}\` (or \`/api/v1/ppt/presentation/status/{id}\`) until \`status\` is \`completed\` or \`error\` — the failure status is \`error\`, never \`failed\`. Tasks survive a server restart. \`DELETE\` on the status cancels a task that has not finished: it ends in \`error\` with the code \`cancelled\`, refunded.

**Webhooks.** With \`trigger_webhook: true\`, the account's webhook subscriptions (\`POST /api/v1/webhook/subscribe\`) receive \`presentation.generation.completed\` or \`presentation.generation.failed\`, signed the Standard Webhooks way; the \`webhooks\` section describes the deliveries.`;

/** One operation of the document from a registry entry. */
function operation(route: TApiRoute): ZodOpenApiOperationObject {
  const successHeaders: Record<string, z.ZodType> = { "X-Request-Id": ZRequestIdHeader };
  if (route.auth === "api-key" && RATE_LIMITED) {
    successHeaders["RateLimit-Limit"] = ZRateLimitLimitHeader;
    successHeaders["RateLimit-Remaining"] = ZRateLimitRemainingHeader;
    successHeaders["RateLimit-Reset"] = ZRateLimitResetHeader;
  }
  if (route.idempotent) successHeaders["Idempotent-Replayed"] = ZIdempotentReplayedHeader;
  if (route.lenient) successHeaders["Preference-Applied"] = ZPreferenceAppliedHeader;
  const schema = route.response.schema;
  const content = !schema
    ? undefined
    : "mediaTypes" in schema
      ? Object.fromEntries(
          schema.mediaTypes.map((type) => [
            type,
            { schema: { type: "string" as const, contentMediaType: type } },
          ]),
        )
      : {
          "application/json": {
            schema,
            ...(route.response.examples ? { examples: route.response.examples } : {}),
          },
        };
  const responses: ZodOpenApiResponsesObject = {
    [String(route.response.status) as "200"]: {
      description: route.response.description,
      headers: z.object(successHeaders),
      ...(content ? { content } : {}),
    },
  };
  const statuses = [...new Set(documentedErrors(route).map((code) => ERROR_CODES[code]))].sort(
    (a, b) => a - b,
  );
  for (const status of statuses) {
    responses[String(status) as "400"] = { $ref: `#/components/responses/${problemResponseId(status)}` };
  }
  for (const other of route.otherResponses ?? []) {
    responses[String(other.status) as "503"] = {
      description: other.description,
      headers: z.object({ "X-Request-Id": ZRequestIdHeader }),
      content: {
        "application/json": { schema: other.schema, ...(other.examples ? { examples: other.examples } : {}) },
      },
    };
  }
  const body = route.body;
  return {
    operationId: route.operationId,
    summary: route.summary,
    description: route.description,
    tags: route.tags,
    security: route.auth === "api-key" ? [{ bearerAuth: [] }] : [],
    requestParams: {
      ...(route.pathParams ? { path: route.pathParams } : {}),
      ...(route.query ? { query: route.query.schema } : {}),
    },
    ...(route.idempotent || route.lenient
      ? {
          parameters: [
            ...(route.idempotent ? [ZIdempotencyKeyHeader] : []),
            ...(route.lenient ? [ZPreferHandlingHeader] : []),
          ],
        }
      : {}),
    ...(body
      ? {
          requestBody: {
            required: body.mediaType === "multipart/form-data" || body.required !== false,
            ...(body.description ? { description: body.description } : {}),
            content: {
              [body.mediaType]:
                body.mediaType === "application/json"
                  ? { schema: requestBodySchema(body.schema), example: body.example }
                  : {
                      schema: requestBodySchema(body.schema),
                      encoding: Object.fromEntries(
                        Object.entries(body.encoding).map(([field, contentType]) => [field, { contentType }]),
                      ),
                    },
            },
          },
        }
      : {}),
    responses,
  };
}

/** An outgoing event as an OpenAPI 3.1 webhook: the POST a subscribed endpoint receives. */
function webhookOperation(webhook: TApiWebhook): ZodOpenApiOperationObject {
  return {
    operationId: `on${webhook.event.replace(/(^|\.)(\w)/g, (_, _dot: string, c: string) => c.toUpperCase())}`,
    summary: webhook.summary,
    description: webhook.description,
    tags: ["Webhooks"],
    security: [],
    requestParams: { header: ZWebhookDeliveryHeaders },
    requestBody: {
      required: true,
      content: { "application/json": { schema: webhook.body, example: webhook.example } },
    },
    responses: {
      "200": {
        description:
          "Any 2xx answer within WEBHOOK_TIMEOUT_MS (10 s) counts as delivered. Another status, a redirect or no answer is retried with exponential backoff (30 s doubling up to 1 h, WEBHOOK_MAX_ATTEMPTS = 8 attempts in all); every attempt is logged in the deliveries.",
      },
    },
  };
}

/** The OpenAPI 3.1 document of the whole API, from the route registry and the handlers' zod schemas. */
export function buildOpenApiDocument(): TOpenApiDocument {
  const paths: NonNullable<ZodOpenApiObject["paths"]> = {};
  for (const route of API_ROUTES) {
    paths[route.path] ??= {};
    const item = paths[route.path] as Record<string, ZodOpenApiOperationObject>;
    if (item[route.method])
      throw new Error(`Two registry entries for ${route.method.toUpperCase()} ${route.path}.`);
    item[route.method] = operation(route);
  }
  const webhooks: NonNullable<ZodOpenApiObject["webhooks"]> = {};
  for (const webhook of API_WEBHOOKS) webhooks[webhook.event] = { post: webhookOperation(webhook) };
  const document = createDocument(
    {
      openapi: "3.1.0",
      info: {
        title: "Deckforge API",
        version: packageJson.version,
        description: DESCRIPTION,
        license: { name: packageJson.license, identifier: packageJson.license },
      },
      tags: API_TAGS.map((tag) => ({ ...tag })),
      security: [{ bearerAuth: [] }],
      paths,
      webhooks,
      components: {
        securitySchemes: {
          bearerAuth: {
            type: "http",
            scheme: "bearer",
            description: "An API key, sent as `Authorization: Bearer <key>`.",
          },
        },
        schemas: COMPONENT_SCHEMAS,
        responses: Object.fromEntries(
          PROBLEM_STATUSES.map((status) => [problemResponseId(status), problemResponse(status)]),
        ),
      },
    },
    { override },
  );
  return tidyComponentSchemas(document);
}

let cached: TOpenApiDocument | undefined;

/** The document, built once per process (the schemas do not change while it runs). */
export function getOpenApiDocument(): TOpenApiDocument {
  cached ??= buildOpenApiDocument();
  return cached;
}
