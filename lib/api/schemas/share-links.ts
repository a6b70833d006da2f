/** Requests and answers of a presentation's read-only share links (/api/v3/presentation/{id}/share-links). */
import { z } from "zod";

/** The furthest ahead a share link's expiry may be set. */
export const MAX_SHARE_LINK_DAYS = 365;
/** Links (expired ones included) a presentation may have at once; a further one is a 422. */
export const MAX_SHARE_LINKS_PER_PRESENTATION = 20;

const DAY_MS = 24 * 60 * 60 * 1000;

/** POST /api/v3/presentation/{id}/share-links. */
export const ZCreateShareLinkRequest = z.strictObject({
  expires_at: z.iso
    .datetime({ offset: true, error: "Give a date and time like 2026-12-31T18:00:00Z." })
    .refine((value) => Date.parse(value) > Date.now(), { error: "The expiry must be in the future." })
    .refine((value) => Date.parse(value) <= Date.now() + MAX_SHARE_LINK_DAYS * DAY_MS, {
      error: `The expiry may be at most ${MAX_SHARE_LINK_DAYS} days ahead.`,
    })
    .nullish()
    .describe(
      `When the link stops working (RFC 3339, in the future, at most ${MAX_SHARE_LINK_DAYS} days ahead); null or left out: it works until revoked.`,
    ),
});
export type TCreateShareLinkRequest = z.infer<typeof ZCreateShareLinkRequest>;

/** One share link as its owner sees it. */
export const ZShareLink = z.object({
  id: z.uuid().describe("Id of the link, for revoking it."),
  presentation_id: z.uuid(),
  url: z
    .url()
    .describe(
      "The public page showing the deck read-only to anyone who has the address, without an account: this server's origin + /s/<token>, where the token is 256 random bits (base64url).",
    ),
  created_at: z.iso.datetime(),
  expires_at: z.iso.datetime().nullable().describe("When the link stops working; null: never."),
  status: z
    .enum(["active", "expired"])
    .describe("`expired` once `expires_at` has passed: the page answers 404 as for a revoked link."),
});
export type TShareLink = z.infer<typeof ZShareLink>;

/** GET /api/v3/presentation/{id}/share-links: the presentation's links, newest first. */
export const ZShareLinkList = z.array(ZShareLink);
