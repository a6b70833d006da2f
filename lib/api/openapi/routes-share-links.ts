/** OpenAPI entries of a presentation's read-only share links (list, create, revoke). */
import "server-only";
import { z } from "zod";
import {
  MAX_SHARE_LINK_DAYS,
  MAX_SHARE_LINKS_PER_PRESENTATION,
  ZCreateShareLinkRequest,
  ZShareLink,
  ZShareLinkList,
} from "@/lib/api/schemas/share-links";
import { EXAMPLE_IDS, EXAMPLE_RESULT } from "./examples";
import type { TApiRoute } from "./routes";

const ORIGIN = new URL(EXAMPLE_RESULT.edit_path).origin;
const LINK_ID = "8b2e4f6a-1c3d-4e5f-9a7b-0c1d2e3f4a5b";
const OLD_LINK_ID = "2a4c6e8f-0b1d-4f3a-8c5e-7d9f1a3b5c7e";
const DAY_MS = 24 * 60 * 60 * 1000;
// Relative to today (midnight UTC 30 days on), so that the request example stays a valid future date.
const IN_30_DAYS = new Date(Math.ceil((Date.now() + 30 * DAY_MS) / DAY_MS) * DAY_MS).toISOString();

const EXAMPLE_LINK = {
  id: LINK_ID,
  presentation_id: EXAMPLE_IDS.presentation,
  url: `${ORIGIN}/s/q3nT0xYk9bVdL2mF8sRz4hW6jPcA1eGuK5oN7iQyBvE`,
  created_at: "2026-05-12T09:30:00.000Z",
  expires_at: IN_30_DAYS,
  status: "active",
};

const EXAMPLE_EXPIRED_LINK = {
  id: OLD_LINK_ID,
  presentation_id: EXAMPLE_IDS.presentation,
  url: `${ORIGIN}/s/Zx8cV4bN2mQ6wE0rT5yU9iO3pA7sD1fG4hJ8kL2zXcV`,
  created_at: "2026-04-01T08:00:00.000Z",
  expires_at: "2026-04-02T08:00:00.000Z",
  status: "expired",
};

const presentationParams = z.object({
  id: z.uuid().meta({ description: "Id of the presentation.", example: EXAMPLE_IDS.presentation }),
});

const linkParams = presentationParams.extend({
  linkId: z.uuid().meta({ description: "Id of the share link.", example: LINK_ID }),
});

const pageNotes =
  "The page (`url`) shows the deck's current saved state read-only — every slide drawn by the editor's renderer, with keyboard navigation and full-screen presenting — to anyone holding the address, signed in or not; it names no account and is marked noindex with `Referrer-Policy: no-referrer`. A revoked, expired or unknown link answers 404 with the same page, and deleting the presentation deletes its links.";

export const SHARE_LINK_ROUTES: TApiRoute[] = [
  {
    method: "get",
    path: "/api/v3/presentation/{id}/share-links",
    operationId: "listShareLinks",
    summary: "List a presentation's share links",
    description: `The presentation's read-only share links, newest first, expired ones included (\`status: expired\`) until revoked. ${pageNotes} Another account's presentation is a 404.`,
    tags: ["Presentations"],
    auth: "api-key",
    pathParams: presentationParams,
    response: {
      status: 200,
      description: "The links.",
      schema: ZShareLinkList,
      examples: { links: { value: [EXAMPLE_LINK, EXAMPLE_EXPIRED_LINK] } },
    },
    errors: ["not_found"],
  },
  {
    method: "post",
    path: "/api/v3/presentation/{id}/share-links",
    operationId: "createShareLink",
    summary: "Create a share link",
    description: `Makes a new read-only link to the presentation, with a token of 256 random bits; \`expires_at\` (in the future, at most ${MAX_SHARE_LINK_DAYS} days ahead) ends it at that moment, null or left out keeps it until revoked. A presentation holds at most ${MAX_SHARE_LINKS_PER_PRESENTATION} links (a further one is a 422). ${pageNotes} Charges nothing. Another account's presentation is a 404.`,
    tags: ["Presentations"],
    auth: "api-key",
    pathParams: presentationParams,
    body: {
      mediaType: "application/json",
      schema: ZCreateShareLinkRequest,
      example: { expires_at: IN_30_DAYS },
    },
    response: {
      status: 201,
      description: "The new link, with its public URL.",
      schema: ZShareLink,
      examples: { created: { value: EXAMPLE_LINK } },
    },
    errors: ["not_found"],
  },
  {
    method: "delete",
    path: "/api/v3/presentation/{id}/share-links/{linkId}",
    operationId: "revokeShareLink",
    summary: "Revoke a share link",
    description:
      "Deletes the link: its page answers 404 at once, as for an address that never existed. Revoking it again, a link of another presentation or another account's link is a 404.",
    tags: ["Presentations"],
    auth: "api-key",
    pathParams: linkParams,
    response: { status: 204, description: "Revoked." },
    errors: ["not_found"],
  },
];
