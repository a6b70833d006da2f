/** OpenAPI entries of a presentation's version history (list, name, preview, rename, delete, restore). */
import "server-only";
import { z } from "zod";
import {
  MAX_AUTOMATIC_VERSIONS,
  MAX_NAMED_VERSIONS,
  ZCreateVersionRequest,
  ZDeckVersion,
  ZDeckVersionList,
  ZDeckVersionSummary,
  ZRenameVersionRequest,
  ZRestoreVersionRequest,
  ZRestoreVersionResponse,
} from "@/lib/api/schemas/versions";
import { EXAMPLE_IDS, EXAMPLE_PRESENTATION } from "./examples";
import type { TApiRoute } from "./routes";

const VERSION_ID = "5d7f9b1c-3e5a-4c7e-9f1b-2d4f6a8c0e2a";
const AUTO_VERSION_ID = "9e1c3a5b-7d9f-4b1d-8e3f-5a7c9e1b3d5f";

const EXAMPLE_NAMED = {
  id: VERSION_ID,
  presentation_id: EXAMPLE_IDS.presentation,
  kind: "named",
  name: "Sent to the board",
  reason: null,
  revision: 7,
  created_at: "2026-05-12T10:02:00.000Z",
  slide_count: EXAMPLE_PRESENTATION.deck.slides.length,
  first_slide_title: "Solar clinics",
};

const EXAMPLE_AUTOMATIC = {
  id: AUTO_VERSION_ID,
  presentation_id: EXAMPLE_IDS.presentation,
  kind: "automatic",
  name: null,
  reason: "editing",
  revision: 3,
  created_at: "2026-05-12T09:30:00.000Z",
  slide_count: EXAMPLE_PRESENTATION.deck.slides.length,
  first_slide_title: "Solar clinics",
};

const presentationParams = z.object({
  id: z.uuid().meta({ description: "Id of the presentation.", example: EXAMPLE_IDS.presentation }),
});

const versionParams = presentationParams.extend({
  versionId: z.uuid().meta({ description: "Id of the version.", example: VERSION_ID }),
});

const historyNotes = `The service keeps the deck a save replaces as an automatic version once per 5 minutes of editing, and always before a restore, an accepted AI edit or a layout switch (PUT's \`checkpoint\`); the newest ${MAX_AUTOMATIC_VERSIONS} automatic versions are kept. Named versions are kept until deleted, at most ${MAX_NAMED_VERSIONS} a presentation. Deleting the presentation deletes its versions. Another account's presentation or version is a 404 like an unknown one.`;

export const VERSION_ROUTES: TApiRoute[] = [
  {
    method: "get",
    path: "/api/v3/presentation/{id}/versions",
    operationId: "listVersions",
    summary: "List a presentation's versions",
    description: `The presentation's version history, newest first, without the decks (GET one version for its deck). ${historyNotes}`,
    tags: ["Presentations"],
    auth: "api-key",
    pathParams: presentationParams,
    response: {
      status: 200,
      description: "The versions.",
      schema: ZDeckVersionList,
      examples: { versions: { value: [EXAMPLE_NAMED, EXAMPLE_AUTOMATIC] } },
    },
    errors: ["not_found"],
  },
  {
    method: "post",
    path: "/api/v3/presentation/{id}/versions",
    operationId: "createVersion",
    summary: "Name the current version",
    description: `Keeps the presentation's current saved deck as a named version (save pending edits first). Past ${MAX_NAMED_VERSIONS} named versions it is a 422. ${historyNotes}`,
    tags: ["Presentations"],
    auth: "api-key",
    pathParams: presentationParams,
    body: {
      mediaType: "application/json",
      schema: ZCreateVersionRequest,
      example: { name: "Sent to the board" },
    },
    response: {
      status: 201,
      description: "The new version.",
      schema: ZDeckVersionSummary,
      examples: { created: { value: EXAMPLE_NAMED } },
    },
    errors: ["not_found"],
  },
  {
    method: "get",
    path: "/api/v3/presentation/{id}/versions/{versionId}",
    operationId: "getVersion",
    summary: "Get a version with its deck",
    description:
      "One version with its Deck document as it was saved, to preview it (POST /api/v1/ppt/layout lays it out). Another presentation's version or another account's is a 404.",
    tags: ["Presentations"],
    auth: "api-key",
    pathParams: versionParams,
    response: {
      status: 200,
      description: "The version.",
      schema: ZDeckVersion,
      examples: { version: { value: { ...EXAMPLE_NAMED, deck: EXAMPLE_PRESENTATION.deck } } },
    },
    errors: ["not_found"],
  },
  {
    method: "patch",
    path: "/api/v3/presentation/{id}/versions/{versionId}",
    operationId: "renameVersion",
    summary: "Rename a version",
    description: `Gives a version a new name. Naming an automatic version makes it a named one, kept until deleted and counted against the ${MAX_NAMED_VERSIONS} named versions (a 422 past them).`,
    tags: ["Presentations"],
    auth: "api-key",
    pathParams: versionParams,
    body: { mediaType: "application/json", schema: ZRenameVersionRequest, example: { name: "Board, final" } },
    response: {
      status: 200,
      description: "The renamed version.",
      schema: ZDeckVersionSummary,
      examples: { renamed: { value: { ...EXAMPLE_NAMED, name: "Board, final" } } },
    },
    errors: ["not_found"],
  },
  {
    method: "delete",
    path: "/api/v3/presentation/{id}/versions/{versionId}",
    operationId: "deleteVersion",
    summary: "Delete a version",
    description:
      "Deletes a version, named or automatic; the presentation's deck is untouched. Deleting it again, or another account's, is a 404.",
    tags: ["Presentations"],
    auth: "api-key",
    pathParams: versionParams,
    response: { status: 204, description: "Deleted." },
    errors: ["not_found"],
  },
  {
    method: "post",
    path: "/api/v3/presentation/{id}/versions/{versionId}/restore",
    operationId: "restoreVersion",
    summary: "Restore a version",
    description:
      "Makes the version's deck the presentation's next version. The deck it replaces is first kept as an automatic version (reason `restore`), so a restore can itself be undone by restoring that one. With `version` (the one the caller last saw), a presentation saved since is a 409 carrying `current_version`, and nothing changes. Exports made afterwards draw the restored deck. Charges nothing.",
    tags: ["Presentations"],
    auth: "api-key",
    pathParams: versionParams,
    body: { mediaType: "application/json", schema: ZRestoreVersionRequest, example: { version: 9 } },
    response: {
      status: 200,
      description: "Restored; the presentation's new version and deck.",
      schema: ZRestoreVersionResponse,
      examples: {
        restored: {
          value: {
            presentation_id: EXAMPLE_IDS.presentation,
            version: 10,
            updated_at: "2026-05-12T10:15:00.000Z",
            restored_from: VERSION_ID,
            deck: EXAMPLE_PRESENTATION.deck,
          },
        },
      },
    },
    errors: ["not_found", "conflict"],
  },
];
