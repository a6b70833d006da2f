import Papa from "papaparse";
import { formatCount } from "../cap-text";
import type { TParsedFile } from "../file-types";
import { markdownTable } from "./markdown-table";

/** A CSV up to this size is shown whole; a larger one is shown in part and summarised. */
const MAX_ROWS = 50;
const MAX_COLUMNS = 12;
const MAX_CELL = 80;
/** Distinct values tracked per column for "common values"; past this a column is free text. */
const MAX_DISTINCT = 1000;

type TColumnStats = {
  filled: number;
  numbers: number;
  min: number;
  max: number;
  sum: number;
  counts: Map<string, number> | null;
};

/**
 * Reads a CSV (delimiter detected: comma, semicolon, tab…) into a markdown table, row by row so
 * a large file is never held as rows: past 50 rows or 12 columns the table shows the first ones
 * and a second table summarises every column (filled cells, numeric range and mean, common values).
 */
export function parseCsv(text: string): TParsedFile {
  let header: string[] | null = null;
  const rows: string[][] = [];
  const stats: TColumnStats[] = [];
  let total = 0;
  let width = 0;
  Papa.parse<string[]>(text, {
    skipEmptyLines: "greedy",
    step: ({ data }) => {
      const cells = data.map((cell) => String(cell ?? "").trim());
      if (!header) {
        header = cells;
        width = cells.length;
        return;
      }
      total++;
      width = Math.max(width, cells.length);
      if (rows.length < MAX_ROWS) rows.push(cells);
      cells.forEach((cell, i) => {
        if (!cell) return;
        stats[i] ??= { filled: 0, numbers: 0, min: Infinity, max: -Infinity, sum: 0, counts: new Map() };
        const column = stats[i];
        column.filled++;
        const value = toNumber(cell);
        if (value !== null) {
          column.numbers++;
          column.min = Math.min(column.min, value);
          column.max = Math.max(column.max, value);
          column.sum += value;
        }
        if (column.counts) {
          column.counts.set(cell, (column.counts.get(cell) ?? 0) + 1);
          if (column.counts.size > MAX_DISTINCT) column.counts = null;
        }
      });
    },
  });
  if (!header) return { type: "csv", text: "", images: [], warnings: [] };
  const head: string[] = header;
  const names = Array.from({ length: width }, (_, i) => head[i] || `Column ${i + 1}`);
  const shownColumns = Math.min(width, MAX_COLUMNS);
  const clip = (row: string[]) => Array.from({ length: shownColumns }, (_, i) => cell(row[i] ?? ""));
  const table = markdownTable([clip(names), ...rows.map(clip)]);
  if (total <= MAX_ROWS && width <= MAX_COLUMNS)
    return { type: "csv", text: table, images: [], warnings: [] };

  const summary = markdownTable([
    ["Column", "Filled", "Min", "Max", "Mean", "Common values"],
    ...names.map((name, i) => summaryRow(name, stats[i], total)),
  ]);
  const shape = `The table has ${formatCount(total)} rows and ${width} columns; the first ${Math.min(total, MAX_ROWS)} rows${width > MAX_COLUMNS ? ` and ${MAX_COLUMNS} columns` : ""} are shown, then a summary of every column.`;
  return {
    type: "csv",
    text: `${shape}\n\n${table}\n\nColumn summary:\n\n${summary}`,
    images: [],
    warnings: [
      `The CSV is summarised: ${formatCount(total)} rows and ${width} columns are more than a slide table shows.`,
    ],
  };
}

function summaryRow(name: string, column: TColumnStats | undefined, total: number): string[] {
  if (!column) return [cell(name), `0 of ${formatCount(total)}`, "", "", "", ""];
  const numeric = column.numbers > 0 && column.numbers >= column.filled * 0.9;
  const common = column.counts
    ? [...column.counts.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .filter(([, n]) => n > 1)
        .map(([value, n]) => `${value} (${formatCount(n)})`)
        .join(", ")
    : "";
  return [
    cell(name),
    `${formatCount(column.filled)} of ${formatCount(total)}`,
    numeric ? formatNumber(column.min) : "",
    numeric ? formatNumber(column.max) : "",
    numeric ? formatNumber(column.sum / column.numbers) : "",
    numeric ? "" : cell(common),
  ];
}

/** "1,234.5", "$1,200", "12%", "-3" → numbers; anything else → null. */
function toNumber(cell: string): number | null {
  const m = /^([-+]?)[$€£¥]?\s?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s?%?$/.exec(cell);
  if (!m) return null;
  return Number(`${m[1]}${m[2].replace(/,/g, "")}${m[3] ?? ""}`);
}

function formatNumber(n: number): string {
  return Number.isInteger(n)
    ? n.toLocaleString("en-US")
    : n.toLocaleString("en-US", { maximumFractionDigits: 2 });
}

function cell(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const clipped = flat.length > MAX_CELL ? `${flat.slice(0, MAX_CELL - 1)}…` : flat;
  return clipped.replace(/\|/g, "\\|");
}
