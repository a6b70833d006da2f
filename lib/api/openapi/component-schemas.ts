/**
 * The schemas the document names under components.schemas: the API's resources, and every schema
 * more than one operation (a v1 path and its v3 alias, a sync endpoint and its async twin) answers
 * or takes, so generated clients get one `Task` type rather than one per operation.
 *
 * They are named here rather than with `.meta({ id })` on the schemas themselves: an id in zod's
 * global registry would also reach the JSON Schemas lib/deck and lib/generate make with
 * `z.toJSONSchema` (the layouts' `content_schema`, the LLM's structured output) as `$defs`.
 */
import "server-only";
import type { z } from "zod";
import { ZBrandFontView, ZBrandTemplateView } from "@/lib/api/schemas/brand-templates";
import { ZPresentationResult } from "@/lib/api/schemas/common";
import { ZCreditRulesResponse, ZCreditsResponse } from "@/lib/api/schemas/credits";
import {
  ZCreateFromJsonRequest,
  ZGenerateFromSlidesRequest,
  ZGenerateOutlinesRequest,
  ZGeneratePresentationRequest,
} from "@/lib/api/schemas/generate";
import { ZImageSourcesResponse } from "@/lib/api/schemas/media";
import { ZRenderedSlide } from "@/lib/api/schemas/presentations";
import { ZShareLink } from "@/lib/api/schemas/share-links";
import { ZTemplatesResponse, ZThemeSummary } from "@/lib/api/schemas/templates";
import { ZDeckVersionSummary } from "@/lib/api/schemas/versions";
import {
  ZWebhookAttempt,
  ZWebhookDelivery,
  ZWebhookEventBody,
  ZWebhookSubscribeRequest,
  ZWebhookSubscription,
  ZWebhookSubscriptionSummary,
  ZWebhookUnsubscribeRequest,
} from "@/lib/api/schemas/webhooks";
import { ZChart, ZDeck, ZImageCrop, ZImageFocus, ZSlide, ZSlideContent, ZTable } from "@/lib/deck/schema";
import { ZUploadedFileRef } from "@/lib/files/upload-schema";
import { ZReadinessCheck } from "@/lib/health/readiness-schema";
import { ZTaskView } from "@/lib/jobs/task-view";
import { ZPresentationDetail, ZReadinessResponse, ZUploadForm } from "./response-schemas";

/**
 * Component name → zod schema, registered with createDocument's `components.schemas`: every use of
 * the object, however deep, becomes a `$ref`. A schema used both in a request and in an answer
 * renders twice (an answer lists defaulted fields as required and closes its objects), the answer's
 * copy named with the `Output` suffix (`Deck` is what PUT takes, `DeckOutput` what GET answers).
 * These must render in answers too, so a schema with a transform (a request body) cannot be here.
 */
export const COMPONENT_SCHEMAS: Record<string, z.ZodType> = {
  // Generation
  PresentationResult: ZPresentationResult,
  Task: ZTaskView,
  UploadedFile: ZUploadedFileRef,
  // Presentations and the Deck document
  Presentation: ZPresentationDetail,
  Deck: ZDeck,
  Slide: ZSlide,
  SlideContent: ZSlideContent,
  ImageFocus: ZImageFocus,
  ImageCrop: ZImageCrop,
  Table: ZTable,
  Chart: ZChart,
  RenderedSlide: ZRenderedSlide,
  ShareLink: ZShareLink,
  DeckVersionSummary: ZDeckVersionSummary,
  // Templates
  Templates: ZTemplatesResponse,
  Theme: ZThemeSummary,
  BrandTemplate: ZBrandTemplateView,
  BrandFont: ZBrandFontView,
  // Webhooks
  WebhookSubscription: ZWebhookSubscription,
  WebhookSubscriptionSummary: ZWebhookSubscriptionSummary,
  WebhookDelivery: ZWebhookDelivery,
  WebhookAttempt: ZWebhookAttempt,
  WebhookEventBody: ZWebhookEventBody,
  // Credits, media, service
  Credits: ZCreditsResponse,
  CreditRules: ZCreditRulesResponse,
  ImageSourceState: ZImageSourcesResponse.shape.stock,
  Readiness: ZReadinessResponse,
  ReadinessCheck: ZReadinessCheck,
};

/**
 * Request bodies by component name. Their transforms (`null` → the default) cannot render as an
 * answer, so they are named by a copy carrying the id (`.meta` on a copy leaves the handlers' own
 * object, and every other use of it, without one) that the document puts where the body goes.
 */
const REQUEST_BODIES = new Map<z.ZodType, string>([
  [ZGeneratePresentationRequest, "GeneratePresentationRequest"],
  [ZGenerateOutlinesRequest, "GenerateOutlinesRequest"],
  [ZGenerateFromSlidesRequest, "GenerateFromSlidesRequest"],
  [ZCreateFromJsonRequest, "CreateFromJsonRequest"],
  [ZWebhookSubscribeRequest, "WebhookSubscribeRequest"],
  [ZWebhookUnsubscribeRequest, "WebhookUnsubscribeRequest"],
  [ZUploadForm, "FileUploadForm"],
]);

const namedCopies = new Map<z.ZodType, z.ZodType>();

/** The schema the document shows for a request body: a named copy for those above, else itself. */
export function requestBodySchema(schema: z.ZodType): z.ZodType {
  const id = REQUEST_BODIES.get(schema);
  if (!id) return schema;
  let copy = namedCopies.get(schema);
  if (!copy) {
    copy = schema.meta({ id });
    namedCopies.set(schema, copy);
  }
  return copy;
}
