/**
 * The layout a structured slide's content fits when the caller names none (create/from-json with
 * `layout: null`): the most specific field decides. Client-safe.
 */
import type { TLayoutId, TSlideContent } from "./schema";

const some = (list: readonly unknown[] | undefined) => !!list && list.length > 0;

/** Layout for `content` at position `index` (0-based) of the deck; every layout chosen can draw it. */
export function layoutForContent(content: TSlideContent, index: number): TLayoutId {
  if (content.chart) return "chart";
  if (content.table) return "table";
  if (some(content.metrics)) return "metrics";
  if (some(content.timeline)) return "timeline";
  if (some(content.items)) return "icons-grid";
  if (content.quote) return "quote";
  if (some(content.columns)) return "two-column";
  if (content.image) return "image-right";
  if (some(content.bullets) || content.body) return "bullets";
  return index === 0 ? "title" : "section";
}
