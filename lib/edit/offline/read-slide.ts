/**
 * A slide's text read the same way whatever its layout, so one layout can become another: the
 * list-like content as lines ("Label: value", "2024: Pilot — three clinics"), and lines as
 * label–value pairs or cells. Pure.
 */
import type { TChart, TMetric, TSlideContent, TTable } from "@/lib/deck/schema";
import { countWords, plainText } from "@/lib/generate/offline/tokenize";
import { bare, DANGLING, hasVerb } from "@/lib/generate/offline/word-classes";

/**
 * The slide's list-like content as lines, in reading order: bullets; each column's bullets and
 * text prefixed by its heading; cards, figures and dated steps as "label: text"; table rows;
 * chart data points; the quotation. The title and the lead (`body`) are not lines.
 */
export function slideLines(content: TSlideContent): string[] {
  const lines: string[] = [...(content.bullets ?? [])];
  for (const column of content.columns ?? []) {
    const prefix = column.heading?.trim() ? `${column.heading.trim()}: ` : "";
    for (const bullet of column.bullets ?? []) lines.push(`${prefix}${bullet}`);
    if (column.body?.trim()) lines.push(`${prefix}${column.body.trim()}`);
    if (prefix && !column.bullets?.length && !column.body?.trim()) lines.push(column.heading?.trim() ?? "");
  }
  for (const item of content.items ?? []) lines.push(item.body ? `${item.title}: ${item.body}` : item.title);
  for (const m of content.metrics ?? []) lines.push(metricLine(m));
  for (const e of content.timeline ?? []) lines.push(`${e.date}: ${e.title}${e.body ? ` — ${e.body}` : ""}`);
  if (content.table) lines.push(...tableLines(content.table));
  if (content.chart) lines.push(...chartLines(content.chart));
  if (content.quote)
    lines.push(
      `“${content.quote.text}”${content.quote.attribution ? ` — ${content.quote.attribution}` : ""}`,
    );
  return lines.map((l) => l.trim()).filter(Boolean);
}

/**
 * A figure as a line: "Gross margin: 46.3%", but "Operating income was $5.9 million" when the
 * label is the start of a sentence (it has a verb, or ends on a word that wants more).
 */
export function metricLine(m: TMetric): string {
  const label = m.label.trim();
  const last = bare(label.split(/\s+/).at(-1) ?? "");
  const sentence = hasVerb(plainText(label)) || DANGLING.has(last);
  return `${label}${sentence ? " " : ": "}${m.value}${m.detail ? ` (${m.detail})` : ""}`;
}

/** Table rows as lines: "first cell: second cell", or "first: Header 2 cell; Header 3 cell". */
export function tableLines(table: TTable): string[] {
  return table.rows.map((row) => {
    if (row.length === 1) return row[0];
    if (row.length === 2) return `${row[0]}: ${row[1]}`;
    const rest = row.slice(1).map((cell, i) => `${table.header[i + 1]} ${cell}`.trim());
    return `${row[0]}: ${rest.join("; ")}`;
  });
}

/** Chart data points as lines: "Q1: 12%" (one series) or "Q1: Sales 12; Costs 9". */
export function chartLines(chart: TChart): string[] {
  return chart.categories.map((category, i) => {
    const values = chart.series.map((s) => withUnit(s.values[i], chart.unit));
    if (chart.series.length === 1) return `${category}: ${values[0]}`;
    return `${category}: ${chart.series.map((s, k) => `${s.name} ${values[k]}`).join("; ")}`;
  });
}

/** A number as a table or bullet shows it: grouped thousands, its unit after it. */
export function withUnit(value: number, unit: string | undefined): string {
  const n = value.toLocaleString("en-US", { maximumFractionDigits: 2 });
  if (!unit) return n;
  return /^[%‰]$/.test(unit) ? `${n}${unit}` : `${n} ${unit}`;
}

// "Label: value", "Label – value", "Label — value", "Label - value", "Label | value", tab-separated.
const PAIR = /^(?:\*\*|__)?(.+?)(?:\*\*|__)?\s*(?::\s+|\s[–—-]\s|\s\|\s|\t)\s*(\S[\s\S]*)$/;

/** A line as a label and its value, when it is written as one ("Annual savings: $1,200"). */
export function splitPair(line: string): [string, string] | null {
  const m = PAIR.exec(line.trim());
  if (!m) return null;
  const label = m[1].trim();
  if (!label || countWords(plainText(label)) > 8 || /[.!?]$/.test(label)) return null;
  return [label, m[2].trim()];
}

/** Every line as a pair, or null when any is not one. */
export function splitPairs(lines: readonly string[]): [string, string][] | null {
  const pairs = lines.map(splitPair);
  return pairs.every((p): p is [string, string] => p !== null) ? pairs : null;
}

/**
 * Lines written as rows of cells ("North | 120 | 14%", tab-separated), all with the same number
 * (two or more) of cells; null otherwise.
 */
export function splitCells(lines: readonly string[]): string[][] | null {
  if (lines.length < 2) return null;
  const rows = lines.map((l) =>
    l
      .split(/\s*\|\s*|\t/)
      .map((c) => c.trim())
      .filter((c, i, all) => c || (i > 0 && i < all.length - 1)),
  );
  const width = rows[0].length;
  return width >= 2 && width <= 10 && rows.every((r) => r.length === width) ? rows : null;
}
