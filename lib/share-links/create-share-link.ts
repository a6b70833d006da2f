import "server-only";
import crypto from "node:crypto";
import { ApiError } from "@/lib/api/errors";
import {
  MAX_SHARE_LINKS_PER_PRESENTATION,
  type TCreateShareLinkRequest,
  type TShareLink,
} from "@/lib/api/schemas/share-links";
import type { Db } from "@/lib/db";
import { getPresentationOrThrow } from "@/lib/presentations/get-presentation-or-throw";
import { SHARE_LINK_SELECT, toShareLinkView } from "./share-link-view";

/** A share token: 256 bits from the CSPRNG, base64url (43 characters). */
export function newShareToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/**
 * Creates a read-only share link to one of the account's presentations (another account's is a
 * 404). A presentation holds at most MAX_SHARE_LINKS_PER_PRESENTATION links, expired ones included.
 */
export async function createShareLink(
  db: Db,
  userId: string,
  presentationId: string,
  input: TCreateShareLinkRequest,
  origin: string,
): Promise<TShareLink> {
  await getPresentationOrThrow(db, userId, presentationId);
  const count = await db.shareLink.count({ where: { presentationId } });
  if (count >= MAX_SHARE_LINKS_PER_PRESENTATION)
    throw new ApiError(
      "invalid_field",
      `This presentation already has ${count} share links, the limit; revoke one you no longer need first.`,
      { errors: [{ path: "(body)", message: `At most ${MAX_SHARE_LINKS_PER_PRESENTATION} links.` }] },
    );
  const row = await db.shareLink.create({
    data: {
      presentationId,
      token: newShareToken(),
      expiresAt: input.expires_at ? new Date(input.expires_at) : null,
    },
    select: SHARE_LINK_SELECT,
  });
  return toShareLinkView(row, origin);
}
