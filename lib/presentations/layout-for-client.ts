import "server-only";
import { withBrandMediaUrls } from "@/lib/brand-templates/brand-media";
import { isCustomTemplateId, type TDeck } from "@/lib/deck/schema";
import { deckAssetKeys } from "@/lib/images/load-deck-assets";
import type { TRenderedSlide } from "@/lib/layouts/boxes";
import { layoutSlide, type TDeckLook } from "@/lib/layouts/layout-deck";

/** The URL a stored picture is served at to the signed-in owner (GET /api/v1/ppt/assets/{name}). */
export function assetUrl(key: string): string {
  return `/api/v1/ppt/assets/${key.slice("assets/".length)}`;
}

/**
 * Lays out a deck's slides (all, or those with the given ids) for a browser: the same boxes the
 * exports draw, with stored pictures referenced by URL instead of inlined as data URIs, so a
 * preview stays small enough to refetch while the user types. `urlFor` says where a stored
 * picture is served (the owner's asset route by default; a share link's page has its own). A deck
 * on an uploaded brand template needs its `look` (loadDeckLook with the deck owner's id); the
 * brand's own pictures are named by URL as well (withBrandMediaUrls).
 */
export function layoutForClient(
  deck: TDeck,
  slideIds?: readonly string[],
  urlFor: (key: string) => string = assetUrl,
  look?: TDeckLook,
): TRenderedSlide[] {
  const assets = new Map(deckAssetKeys(deck).map((key) => [key, urlFor(key)]));
  const wanted = slideIds ? new Set(slideIds) : undefined;
  const pages = deck.slides
    .filter((slide) => !wanted || wanted.has(slide.id))
    .flatMap((slide) => layoutSlide(deck, slide, assets, look));
  // The brand's own pictures by URL too: a background photo inlined on every page weighs megabytes.
  return isCustomTemplateId(deck.template) ? withBrandMediaUrls(deck.template, pages) : pages;
}
