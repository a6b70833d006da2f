// /editor/{id}/overview — every slide of a deck at once, drawn from the boxes its exports use: a
// review and print view of the saved deck, for its owner.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { SlideView } from "@/components/slide/slide-view";
import { buttonClass } from "@/components/ui/button";
import { ApiError } from "@/lib/api/errors";
import { requireSessionUser } from "@/lib/auth/get-session-user";
import { loadDeckLook } from "@/lib/brand-templates/deck-look";
import { getDb } from "@/lib/db";
import { ZDeck } from "@/lib/deck/schema";
import { getPresentationOrThrow } from "@/lib/presentations/get-presentation-or-throw";
import { layoutForClient } from "@/lib/presentations/layout-for-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Overview", robots: { index: false } };

type Props = { params: Promise<{ id: string }> };

async function loadOwnPresentation(userId: string, id: string) {
  try {
    return await getPresentationOrThrow(await getDb(), userId, id);
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") notFound();
    throw error;
  }
}

export default async function OverviewPage({ params }: Props) {
  const { id } = await params;
  const user = await requireSessionUser(`/editor/${id}/overview`);
  const presentation = await loadOwnPresentation(user.id, id);
  const deck = ZDeck.parse(JSON.parse(presentation.deck));
  const pages = layoutForClient(deck, undefined, undefined, await loadDeckLook(deck, user.id));
  return (
    <main className="mx-auto max-w-[1040px] px-4 py-8 print:p-0">
      <div className="mb-6 flex flex-wrap items-center gap-3 print:hidden">
        <h1 className="mr-auto text-2xl font-bold text-gray-900">{presentation.title}</h1>
        <Link href={`/editor/${id}`} className={buttonClass("secondary")}>
          Back to the editor
        </Link>
        <a href={`/editor/${id}/export/pptx`} className={buttonClass("secondary")}>
          Download PPTX
        </a>
        <a href={`/editor/${id}/export/pdf`} className={buttonClass("primary")}>
          Download PDF
        </a>
      </div>
      <p className="mb-6 text-sm text-muted print:hidden">
        {deck.slides.length} slides · {pages.length} pages · version {presentation.version}
      </p>
      <div className="grid gap-6">
        {pages.map((page, index) => (
          <section
            // biome-ignore lint/suspicious/noArrayIndexKey: continuation pages share their slide's id; the order is fixed here
            key={`${page.slideId}-${index}`}
            aria-label={`Slide ${index + 1}`}
            className="break-inside-avoid"
          >
            <div className="mb-1.5 text-sm text-muted print:hidden">Slide {index + 1}</div>
            <div className="slide-frame w-fit overflow-hidden rounded shadow-md">
              <SlideView slide={page} width={960} />
            </div>
          </section>
        ))}
      </div>
    </main>
  );
}
