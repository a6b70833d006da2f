// /editor/{id} — the deck drawn with the same boxes as its exports, with fresh exports to download.
import type { Metadata } from "next";
import { SlideView } from "@/components/slide/slide-view";
import { loadDeckAssets } from "@/lib/images/load-deck-assets";
import { layoutDeck } from "@/lib/layouts/layout-deck";
import { getSignedPresentation } from "@/lib/presentations/get-signed-presentation";
import { getStorage } from "@/lib/storage";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Presentation", robots: { index: false } };

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function EditorPage({ params, searchParams }: Props) {
  const { id } = await params;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(await searchParams))
    if (typeof value === "string") query.set(key, value);
  const found = await getSignedPresentation(id, query);
  if ("refusal" in found) {
    return (
      <main>
        <h1>This link cannot be opened</h1>
        <p className="notice">{found.refusal} Ask the API for the presentation again to get a fresh link.</p>
      </main>
    );
  }
  const { presentation } = found;
  const slides = layoutDeck(presentation.deck, await loadDeckAssets(presentation.deck, getStorage()));
  const exportQuery = query.toString();
  return (
    <main>
      <h1>{presentation.title}</h1>
      <div className="toolbar">
        <a className="button" href={`/editor/${id}/export/pptx?${exportQuery}`}>
          Download PPTX
        </a>
        <a className="button secondary" href={`/editor/${id}/export/pdf?${exportQuery}`}>
          Download PDF
        </a>
        <span>
          {presentation.deck.slides.length} slides · version {presentation.version}
        </span>
      </div>
      <div className="slides">
        {slides.map((slide, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: continuation pages share their slide's id; the deck order is fixed here
          <section key={`${slide.slideId}-${index}`} aria-label={`Slide ${index + 1}`}>
            <div className="slide-label">Slide {index + 1}</div>
            <div className="slide-frame">
              <SlideView slide={slide} width={960} />
            </div>
          </section>
        ))}
      </div>
    </main>
  );
}
