/** OpenAPI entries of the dashboard's presentation endpoints (list, rename, duplicate, delete, export). */
import "server-only";
import { z } from "zod";
import {
  ZDuplicatePresentationResponse,
  ZExportPresentationRequest,
  ZExportPresentationResponse,
  ZListPresentationsQuery,
  ZListPresentationsResponse,
  ZRenamePresentationRequest,
  ZRenamePresentationResponse,
} from "@/lib/api/schemas/presentations";
import { EXAMPLE_IDS } from "./examples";
import {
  EXAMPLE_DUPLICATE_RESPONSE,
  EXAMPLE_EXPORT_REQUEST,
  EXAMPLE_EXPORT_RESPONSE,
  EXAMPLE_PRESENTATION_LIST,
  EXAMPLE_RENAME_REQUEST,
  EXAMPLE_RENAME_RESPONSE,
} from "./examples-presentations";
import type { TApiRoute } from "./routes";

const presentationParams = z.object({
  id: z.uuid().meta({ description: "Id of the presentation.", example: EXAMPLE_IDS.presentation }),
});

export const PRESENTATION_ROUTES: TApiRoute[] = [
  {
    method: "get",
    path: "/api/v1/ppt/presentations",
    operationId: "listPresentations",
    summary: "List presentations",
    description:
      "The account's presentations, newest updated first, a page at a time, optionally only those whose title contains `q`. Each item carries what a dashboard card shows: title, dates, slide count, template, theme, the editor link and a `thumbnail` — the first page's positioned boxes, as POST /api/v1/ppt/layout answers them (stored pictures by their GET /api/v1/ppt/assets URL).",
    tags: ["Presentations"],
    auth: "api-key",
    query: { schema: ZListPresentationsQuery, handlerParses: true },
    response: {
      status: 200,
      description: "A page of presentations and how many there are in all.",
      schema: ZListPresentationsResponse,
      examples: { page: { value: EXAMPLE_PRESENTATION_LIST } },
    },
    errors: ["invalid_field"],
  },
  {
    method: "patch",
    path: "/api/v1/ppt/presentation/{id}",
    operationId: "renamePresentation",
    summary: "Rename a presentation",
    description:
      "Sets the presentation's title and its deck's `title` (the document title and file name of later exports; slide text is not changed) and raises the version by one. With `version`, a presentation saved since that version is refused with a 409 whose `current_version` says which version to reload, as PUT does; without it the rename applies to the latest version. Another account's presentation is a 404.",
    tags: ["Presentations"],
    auth: "api-key",
    pathParams: presentationParams,
    body: {
      mediaType: "application/json",
      schema: ZRenamePresentationRequest,
      example: EXAMPLE_RENAME_REQUEST,
    },
    response: {
      status: 200,
      description: "Renamed; the new version.",
      schema: ZRenamePresentationResponse,
      examples: { renamed: { value: EXAMPLE_RENAME_RESPONSE } },
    },
    errors: ["not_found", "conflict"],
  },
  {
    method: "delete",
    path: "/api/v1/ppt/presentation/{id}",
    operationId: "deletePresentation",
    summary: "Delete a presentation",
    description:
      "Deletes the presentation and the records of its exports: its download links stop working (404) and it leaves the list. The exported files themselves stay in the server's storage, unreachable. Credit ledger entries keep their `presentation_id`. Another account's presentation is a 404.",
    tags: ["Presentations"],
    auth: "api-key",
    pathParams: presentationParams,
    response: { status: 204, description: "Deleted." },
    errors: ["not_found"],
  },
  {
    method: "post",
    path: "/api/v1/ppt/presentation/{id}/duplicate",
    operationId: "duplicatePresentation",
    summary: "Duplicate a presentation",
    description:
      "Copies the presentation's current deck into a new presentation of the same account, titled '<title> (copy)', at version 1. Exports are not copied (POST …/export makes the copy's files). Charges nothing. Another account's presentation is a 404.",
    tags: ["Presentations"],
    auth: "api-key",
    pathParams: presentationParams,
    response: {
      status: 201,
      description: "The copy.",
      schema: ZDuplicatePresentationResponse,
      examples: { copied: { value: EXAMPLE_DUPLICATE_RESPONSE } },
    },
    errors: ["not_found"],
  },
  {
    method: "post",
    path: "/api/v1/ppt/presentation/{id}/export",
    operationId: "exportPresentation",
    summary: "Export a presentation",
    description:
      "Renders the saved deck — with every edit saved through PUT or PATCH — as an editable PPTX or a PDF, records the file as an export of the current version (it then appears in GET /api/v1/ppt/presentation/{id}) and answers its signed download link. Asking again before the next save answers the same file. Charges nothing. Another account's presentation is a 404.",
    tags: ["Presentations"],
    auth: "api-key",
    pathParams: presentationParams,
    body: {
      mediaType: "application/json",
      schema: ZExportPresentationRequest,
      example: EXAMPLE_EXPORT_REQUEST,
    },
    response: {
      status: 200,
      description: "The file's signed link and what it was drawn from.",
      schema: ZExportPresentationResponse,
      examples: { exported: { value: EXAMPLE_EXPORT_RESPONSE } },
    },
    errors: ["not_found"],
  },
];
