/**
 * Content a slide keeps but its layout does not draw. A layout switch keeps what the new layout
 * cannot show (the bullets behind a metrics slide, the picture of a slide made a quote), so
 * switching back shows it again; PPTX, PDF and the editor draw only what the layout reads.
 * Client-safe.
 */
import { LAYOUT_SPECS } from "./layout-content";
import type { TLayoutId, TSlideContent } from "./schema";

type TField = keyof TSlideContent;

/** Each field, the layout that shows it best, and how it is named to a user. */
const SHOWN_BY: Record<TField, { layout: TLayoutId; name: (content: TSlideContent) => string }> = {
  title: { layout: "bullets", name: () => "a title" },
  subtitle: { layout: "title", name: () => "a subtitle" },
  body: { layout: "bullets", name: () => "a lead paragraph" },
  bullets: { layout: "bullets", name: (c) => count(c.bullets?.length ?? 0, "bullet") },
  columns: { layout: "two-column", name: (c) => count(c.columns?.length ?? 0, "column") },
  image: { layout: "image-right", name: () => "a picture" },
  icon: { layout: "section", name: () => "an icon" },
  items: { layout: "icons-grid", name: (c) => count(c.items?.length ?? 0, "card") },
  metrics: { layout: "metrics", name: (c) => count(c.metrics?.length ?? 0, "key figure") },
  timeline: { layout: "timeline", name: (c) => count(c.timeline?.length ?? 0, "dated step") },
  quote: { layout: "quote", name: () => "a quotation" },
  table: { layout: "table", name: (c) => `a table of ${count(c.table?.rows.length ?? 0, "row")}` },
  chart: { layout: "chart", name: () => "a chart" },
};

/** A field the slide keeps and its layout does not draw. */
export type THiddenField = {
  field: TField;
  /** "4 bullets", "a picture". */
  name: string;
  /** The layout that draws it. */
  shownBy: TLayoutId;
};

/** Whether a content value says anything (an empty list or blank text does not). */
export function hasValue(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === "string") return value.trim().length > 0;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** The fields of `content` that `layout` draws. */
export function visibleContent(layout: TLayoutId, content: TSlideContent): TSlideContent {
  const reads = new Set<TField>(LAYOUT_SPECS[layout].reads);
  return Object.fromEntries(
    Object.entries(content).filter(([field]) => reads.has(field as TField)),
  ) as TSlideContent;
}

/** The fields of `content` that `layout` leaves undrawn, in the order of SHOWN_BY. */
export function hiddenContent(layout: TLayoutId, content: TSlideContent): THiddenField[] {
  const reads = new Set<TField>(LAYOUT_SPECS[layout].reads);
  return (Object.keys(SHOWN_BY) as TField[])
    .filter((field) => !reads.has(field) && hasValue(content[field]))
    .map((field) => ({ field, name: SHOWN_BY[field].name(content), shownBy: SHOWN_BY[field].layout }));
}

/** A field's text as lines for the speaker notes ("Revenue: $2.4M", a table row "North · 120"). */
export function fieldLines(content: TSlideContent, field: TField): string[] {
  const c = content;
  const pair = (a: string | undefined, b: string | undefined) => [a, b].filter(Boolean).join(": ");
  switch (field) {
    case "title":
    case "subtitle":
    case "body":
      return c[field] ? [c[field]] : [];
    case "bullets":
      return c.bullets ?? [];
    case "columns":
      return (c.columns ?? []).flatMap((col) =>
        [...(col.bullets ?? []), ...(col.body ? [col.body] : [])].map((text) => pair(col.heading, text)),
      );
    case "items":
      return (c.items ?? []).map((item) => pair(item.title, item.body));
    case "metrics":
      return (c.metrics ?? []).map((m) => [pair(m.label, m.value), m.detail].filter(Boolean).join(" — "));
    case "timeline":
      return (c.timeline ?? []).map((e) => [pair(e.date, e.title), e.body].filter(Boolean).join(" — "));
    case "table":
      return c.table ? [c.table.header, ...c.table.rows].map((row) => row.join(" · ")) : [];
    case "chart":
      return c.chart
        ? c.chart.categories.map((cat, i) => pair(cat, c.chart?.series.map((s) => s.values[i]).join(" / ")))
        : [];
    case "quote":
      return c.quote ? [[`“${c.quote.text}”`, c.quote.attribution].filter(Boolean).join(" — ")] : [];
    case "image":
      return c.image?.alt ? [`Picture: ${c.image.alt}`] : [];
    case "icon":
      return [];
  }
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
