/**
 * Rebuilds a slide in any layout, and reads a layout out of words ("a bar chart", "two columns",
 * "the image-left layout"). Server-only (the icons grid looks up icons).
 */
import "server-only";
import { LAYOUT_IDS, type TChartType, type TLayoutId, type TSlide } from "@/lib/deck/schema";
import type { TEditContext } from "../../edit-context";
import { toChart } from "./to-chart";
import { toColumns } from "./to-columns";
import { toCover } from "./to-cover";
import { toIcons } from "./to-icons";
import { toList } from "./to-list";
import { toMetrics } from "./to-metrics";
import { toQuote } from "./to-quote";
import { toTable } from "./to-table";
import { toTimeline } from "./to-timeline";
import type { TConverted, TConvertOptions } from "./types";

/** The slide rebuilt as `layout`; throws EditRefusal when its content cannot take that shape. */
export function convertTo(
  layout: TLayoutId,
  slide: TSlide,
  ctx: TEditContext,
  opts: TConvertOptions = {},
): TConverted {
  switch (layout) {
    case "table":
      return toTable(slide, ctx);
    case "chart":
      return toChart(slide, ctx, opts);
    case "timeline":
      return toTimeline(slide);
    case "two-column":
      return toColumns(slide, false);
    case "comparison":
      return toColumns(slide, true);
    case "quote":
      return toQuote(slide);
    case "icons-grid":
      return toIcons(slide);
    case "metrics":
      return toMetrics(slide);
    case "section":
    case "title":
      return toCover(slide, layout);
    default:
      return toList(slide, layout);
  }
}

/** A layout named in words, with the chart type when the words name one. */
export type TLayoutTarget = { layout: TLayoutId; chartType?: TChartType };

// Words for each layout; the earliest mention in a phrase wins ("a table with two columns" → table).
const NAMES: [RegExp, TLayoutTarget][] = [
  [/\b(?:agenda|table of contents|contents page|toc)\b/, { layout: "agenda" }],
  [/\bpie(?:\s+chart|\s+graph)?\b/, { layout: "chart", chartType: "pie" }],
  [/\b(?:doughnut|donut)(?:\s+chart)?\b/, { layout: "chart", chartType: "doughnut" }],
  [/\bbar(?:\s+chart|\s+graph|s)\b/, { layout: "chart", chartType: "bar" }],
  [/\bcolumn\s+(?:chart|graph)\b/, { layout: "chart", chartType: "column" }],
  [/\bline\s+(?:chart|graph)\b/, { layout: "chart", chartType: "line" }],
  [/\b(?:chart|graph|plot|diagram)\b/, { layout: "chart" }],
  [/\btables?\b/, { layout: "table" }],
  [/\b(?:time\s*line|roadmap|chronology)\b/, { layout: "timeline" }],
  [
    /\b(?:icons?[\s-]*grid|grid of (?:icons|cards)|icon cards|cards with icons|icons|cards)\b/,
    { layout: "icons-grid" },
  ],
  [/\b(?:comparison|compare|versus|vs\.?|pros and cons|before and after)\b/, { layout: "comparison" }],
  [/\b(?:two|2)[\s-]*(?:columns?|panels?)\b|\bcolumns\b|\bside by side\b/, { layout: "two-column" }],
  [/\b(?:pull\s+)?(?:quote|quotation|testimonial)\b/, { layout: "quote" }],
  [
    /\b(?:metrics|kpis?|key (?:figures|numbers|stats)|big numbers|headline (?:figures|numbers))\b/,
    { layout: "metrics" },
  ],
  [
    /\b(?:image|picture|photo)[\s-]*(?:on\s+the\s+)?left\b|\bleft[\s-]*(?:image|picture|photo)\b/,
    { layout: "image-left" },
  ],
  [
    /\b(?:image|picture|photo)[\s-]*(?:on\s+the\s+)?right\b|\bright[\s-]*(?:image|picture|photo)\b|\b(?:with\s+)?(?:an?\s+)?(?:image|picture|photo)\b/,
    { layout: "image-right" },
  ],
  [/\b(?:section(?:\s+(?:divider|header|slide|break))?|divider)\b/, { layout: "section" }],
  [/\b(?:title slide|cover(?:\s+slide)?)\b/, { layout: "title" }],
  [/\b(?:closing(?:\s+slide)?|thank[\s-]?you slide|end slide|final slide)\b/, { layout: "closing" }],
  [/\b(?:bullet(?:ed)?(?:\s+(?:points?|list))?|bullets|list|points)\b/, { layout: "bullets" }],
];

/** The layout `phrase` names, or null. Layout ids ("image-left") count as names too. */
export function readLayoutName(phrase: string): TLayoutTarget | null {
  const text = phrase.toLowerCase();
  const named: [RegExp, TLayoutTarget][] = [
    ...LAYOUT_IDS.map((l): [RegExp, TLayoutTarget] => [
      new RegExp(`(?<![a-z-])${l}(?![a-z-])`),
      { layout: l },
    ]),
    ...NAMES,
  ];
  let best: { at: number; length: number; target: TLayoutTarget } | null = null;
  for (const [pattern, target] of named) {
    const m = pattern.exec(text);
    if (!m) continue;
    if (!best || m.index < best.at || (m.index === best.at && m[0].length > best.length))
      best = { at: m.index, length: m[0].length, target };
  }
  return best?.target ?? null;
}
