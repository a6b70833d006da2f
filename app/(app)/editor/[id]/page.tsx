// /editor/{id} — the slide editor for the presentation's owner; anyone else gets a 404, a signed-out
// visitor signs in and comes back here.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { EditorApp } from "@/components/editor/editor-app";
import { ApiError } from "@/lib/api/errors";
import { requireSessionUser } from "@/lib/auth/get-session-user";
import { loadDeckLook } from "@/lib/brand-templates/deck-look";
import { getDb } from "@/lib/db";
import { ZDeck } from "@/lib/deck/schema";
import { getPresentationOrThrow } from "@/lib/presentations/get-presentation-or-throw";
import { layoutForClient } from "@/lib/presentations/layout-for-client";

export const dynamic = "force-dynamic";
// The deck's title is set by the editor once it runs: metadata streamed after the page could not
// turn into the 404 an unknown id must answer.
export const metadata: Metadata = { title: "Editor", robots: { index: false } };

type TProps = { params: Promise<{ id: string }> };

/** The signed-in owner's presentation, or the 404 page. */
async function loadOwnPresentation(id: string) {
  const user = await requireSessionUser(`/editor/${id}`);
  const db = await getDb();
  try {
    const presentation = await getPresentationOrThrow(db, user.id, id);
    const deck = ZDeck.parse(JSON.parse(presentation.deck));
    return { ...presentation, deck, look: await loadDeckLook(deck, user.id) };
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") notFound();
    throw error;
  }
}

export default async function EditorPage({ params }: TProps) {
  const { id } = await params;
  const presentation = await loadOwnPresentation(id);
  return (
    <EditorApp
      presentationId={presentation.id}
      initialDeck={presentation.deck}
      initialVersion={presentation.version}
      initialPages={layoutForClient(presentation.deck, undefined, undefined, presentation.look)}
    />
  );
}
