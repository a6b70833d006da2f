import type { TSlide } from "@/lib/deck/schema";

/** Applies a text transform to every visible text field of a slide (not to speaker notes). */
export function mapSlideText(slide: TSlide, fn: (text: string) => string): TSlide {
  const { title, subtitle, body, bullets, columns } = slide.content;
  const map = (text: string | undefined) => (text === undefined ? undefined : fn(text));
  return {
    ...slide,
    content: {
      ...slide.content,
      title: map(title),
      subtitle: map(subtitle),
      body: map(body),
      bullets: bullets?.map(fn),
      columns: columns?.map((column) => ({
        heading: map(column.heading),
        body: map(column.body),
        bullets: column.bullets?.map(fn),
      })),
    },
  };
}
