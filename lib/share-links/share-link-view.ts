import "server-only";
import type { TShareLink } from "@/lib/api/schemas/share-links";

/** Where a share link's public page is: `/s/<token>` on this server. */
export function sharePathname(token: string): string {
  return `/s/${token}`;
}

/** The columns a share link is answered from. */
export const SHARE_LINK_SELECT = {
  id: true,
  presentationId: true,
  token: true,
  createdAt: true,
  expiresAt: true,
} as const;

type TShareLinkRow = {
  id: string;
  presentationId: string;
  token: string;
  createdAt: Date;
  expiresAt: Date | null;
};

/** A share link as the API answers it, its URL absolute on `origin`. */
export function toShareLinkView(row: TShareLinkRow, origin: string, now = new Date()): TShareLink {
  return {
    id: row.id,
    presentation_id: row.presentationId,
    url: `${origin}${sharePathname(row.token)}`,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    status: row.expiresAt && row.expiresAt <= now ? "expired" : "active",
  };
}

/** Where the share page loads one of the deck's stored pictures (`key`: "assets/<sha256>.<ext>"). */
export function shareAssetPath(token: string, key: string): string {
  return `${sharePathname(token)}/assets/${key.slice("assets/".length)}`;
}
