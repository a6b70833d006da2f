"use client";
import { useQuery } from "@tanstack/react-query";
import { SlideView } from "@/components/slide/slide-view";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import type { TRenderedSlide } from "@/lib/layouts/boxes";

/**
 * Thumbnails of every layout drawn in a template (GET /api/v1/ppt/templates/{id}/preview): a sample
 * deck with one slide per layout, laid out by the same engine as the exports.
 */
export function TemplatePreview({ templateId, name }: { templateId: string; name: string }) {
  const preview = useQuery({
    queryKey: ["templates", templateId, "preview"],
    queryFn: () =>
      apiFetch<{ slides: TRenderedSlide[] }>(
        `/api/v1/ppt/templates/${encodeURIComponent(templateId)}/preview`,
      ),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (preview.isPending) return <p className="text-sm text-muted">Drawing every layout in {name}…</p>;
  if (preview.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        The preview could not be drawn: {errorMessage(preview.error)}
      </p>
    );
  }
  return (
    <ul
      aria-label={`Every layout in ${name}`}
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
    >
      {pageKeys(preview.data.slides).map(([key, slide]) => (
        <li key={key} data-slide-id={slide.slideId}>
          <SlideView slide={slide} width={208} className="rounded-sm border border-line shadow-xs" />
        </li>
      ))}
    </ul>
  );
}

/** Each page with a stable key: its slide's id, and its page number when the slide continued. */
function pageKeys(slides: TRenderedSlide[]): [string, TRenderedSlide][] {
  const seen = new Map<string, number>();
  return slides.map((slide) => {
    const page = (seen.get(slide.slideId) ?? 0) + 1;
    seen.set(slide.slideId, page);
    return [page === 1 ? slide.slideId : `${slide.slideId}/${page}`, slide];
  });
}
