// /editor/{id}/presenter — the presenter view of a show, for the presentation's owner only (anyone
// else gets a 404, a signed-out visitor signs in and comes back here). Outside the (app) group: the
// speaker's window has no app header, every pixel goes to the slides and the notes.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PresenterView } from "@/components/editor/presenter-view";
import { ApiError } from "@/lib/api/errors";
import { requireSessionUser } from "@/lib/auth/get-session-user";
import { loadDeckLook } from "@/lib/brand-templates/deck-look";
import { getDb } from "@/lib/db";
import { ZDeck } from "@/lib/deck/schema";
import { getPresentationOrThrow } from "@/lib/presentations/get-presentation-or-throw";
import { layoutForClient } from "@/lib/presentations/layout-for-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Presenter view", robots: { index: false } };

type TProps = { params: Promise<{ id: string }>; searchParams: Promise<{ page?: string | string[] }> };

/** The signed-in owner's presentation, or the 404 page. */
async function loadOwnPresentation(id: string) {
  const user = await requireSessionUser(`/editor/${id}/presenter`);
  try {
    const presentation = await getPresentationOrThrow(await getDb(), user.id, id);
    const deck = ZDeck.parse(JSON.parse(presentation.deck));
    return { ...presentation, deck, look: await loadDeckLook(deck, user.id) };
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") notFound();
    throw error;
  }
}

export default async function PresenterPage({ params, searchParams }: TProps) {
  const { id } = await params;
  const { page } = await searchParams;
  const presentation = await loadOwnPresentation(id);
  const { deck } = presentation;
  const start = Number.parseInt(typeof page === "string" ? page : "0", 10);
  return (
    <PresenterView
      presentationId={presentation.id}
      title={deck.title}
      initialPages={layoutForClient(deck, undefined, undefined, presentation.look)}
      initialNotes={Object.fromEntries(deck.slides.map((slide) => [slide.id, slide.notes ?? ""]))}
      start={Number.isFinite(start) ? start : 0}
    />
  );
}
