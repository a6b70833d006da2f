/** Rewrites every piece of visible text of a slide's content, field by field. Pure. */
import type { TSlideContent } from "@/lib/deck/schema";

/** Which part of the slide a text is, so a rewrite can treat titles, bullets and cells differently. */
export type TTextKind =
  | "title"
  | "subtitle"
  | "body"
  | "bullet"
  | "heading"
  | "item-title"
  | "item-body"
  | "label"
  | "detail"
  | "event-title"
  | "event-body"
  | "cell"
  | "header"
  | "quote"
  | "attribution";

/**
 * Content with `fn` applied to each text; figures (metric values, dates, chart data), pictures and
 * icons are left as they are. Fields absent stay absent.
 */
export function mapContentText(
  content: TSlideContent,
  fn: (text: string, kind: TTextKind) => string,
): TSlideContent {
  const out: TSlideContent = { ...content };
  if (content.title !== undefined) out.title = fn(content.title, "title");
  if (content.subtitle !== undefined) out.subtitle = fn(content.subtitle, "subtitle");
  if (content.body !== undefined) out.body = fn(content.body, "body");
  if (content.bullets) out.bullets = content.bullets.map((b) => fn(b, "bullet"));
  if (content.columns)
    out.columns = content.columns.map((c) => ({
      ...c,
      ...(c.heading !== undefined ? { heading: fn(c.heading, "heading") } : {}),
      ...(c.body !== undefined ? { body: fn(c.body, "body") } : {}),
      ...(c.bullets ? { bullets: c.bullets.map((b) => fn(b, "bullet")) } : {}),
    }));
  if (content.items)
    out.items = content.items.map((item) => ({
      ...item,
      title: fn(item.title, "item-title"),
      ...(item.body !== undefined ? { body: fn(item.body, "item-body") } : {}),
    }));
  if (content.metrics)
    out.metrics = content.metrics.map((m) => ({
      ...m,
      label: fn(m.label, "label"),
      ...(m.detail !== undefined ? { detail: fn(m.detail, "detail") } : {}),
    }));
  if (content.timeline)
    out.timeline = content.timeline.map((e) => ({
      ...e,
      title: fn(e.title, "event-title"),
      ...(e.body !== undefined ? { body: fn(e.body, "event-body") } : {}),
    }));
  if (content.table)
    out.table = {
      header: content.table.header.map((h) => fn(h, "header")),
      rows: content.table.rows.map((row) => row.map((cell) => fn(cell, "cell"))),
    };
  if (content.quote)
    out.quote = {
      text: fn(content.quote.text, "quote"),
      ...(content.quote.attribution !== undefined
        ? { attribution: fn(content.quote.attribution, "attribution") }
        : {}),
    };
  return out;
}
