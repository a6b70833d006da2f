// /s/{token} — a presentation shared read-only by its owner: anyone with the link sees the saved
// deck without an account. A revoked, expired or unknown link is the 404 page (not-found.tsx).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { ShareViewer } from "@/components/share/share-viewer";
import { loadDeckLook } from "@/lib/brand-templates/deck-look";
import { getDb } from "@/lib/db";
import { ZDeck } from "@/lib/deck/schema";
import { layoutForClient } from "@/lib/presentations/layout-for-client";
import { findSharedPresentation } from "@/lib/share-links/find-shared-presentation";
import { shareAssetPath } from "@/lib/share-links/share-link-view";

export const dynamic = "force-dynamic";

type TProps = { params: Promise<{ token: string }> };

/** The link's presentation, read once per request (the metadata and the page both ask). */
const loadShared = cache(async (token: string) => findSharedPresentation(await getDb(), token));

/**
 * The deck's title in the tab, never indexed (next.config.mjs also sends X-Robots-Tag and
 * Referrer-Policy: no-referrer for /s/*, so the token does not leak to linked sites). It never
 * throws: the 404 of a dead link comes from the page, before anything is streamed.
 */
export async function generateMetadata({ params }: TProps): Promise<Metadata> {
  const { token } = await params;
  const shared = await loadShared(token);
  return {
    title: shared ? shared.title || "Untitled" : "Link not available",
    robots: { index: false, follow: false, nocache: true },
    referrer: "no-referrer",
  };
}

export default async function SharedPresentationPage({ params }: TProps) {
  const { token } = await params;
  const shared = await loadShared(token);
  if (!shared) notFound();
  const deck = ZDeck.parse(JSON.parse(shared.deck));
  // Speaker notes are the presenter's, not the audience's: they stay out of the page.
  const look = await loadDeckLook(deck, shared.userId);
  const pages = layoutForClient(deck, undefined, (key) => shareAssetPath(token, key), look).map(
    ({ notes: _notes, ...page }) => page,
  );
  return <ShareViewer token={token} title={shared.title} pages={pages} />;
}
