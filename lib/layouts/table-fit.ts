import "server-only";
import type { TTableCell, TTableRow, TTextRun } from "./boxes";
import { FONT_STEP, fitText, WIDTH_SAFETY } from "./fit-text";
import { measureRun } from "./fonts";
import { stripInline } from "./parse-inline";
import { inlineRuns } from "./to-paragraphs";

export type TTableFitSpec = {
  header: string[];
  rows: string[][];
  /** The table's width; the columns add up to it. */
  w: number;
  /** Height the table may take on its first page (under a lead, say) and on every later page. */
  firstH: number;
  restH: number;
  font: string;
  /** The size the table prefers; every cell shares one size, shrunk from here. */
  fontSize: number;
  /** The floor: below it, rows go on continuation pages instead. */
  minFontSize: number;
  lineHeight: number;
};

export type TTableFit = {
  fontSize: number;
  /** Inner cell margins at that size. */
  padding: { x: number; y: number };
  /** Column widths, adding up to the spec's width. */
  columns: number[];
  /** The header row, repeated on every page. */
  header: TTableRow;
  /** The body rows of each page (one page when the table fits). */
  pages: TTableRow[][];
};

// Numbers, percentages, money and counts: "1,204", "-3.5%", "$12.4M", "(42)", "3×", "+12 pp".
const NUMERIC =
  /^[(+\-\u2212\u2013]?\s*[$€£¥₹]?\s*\d[\d.,'\u00a0\u202f ]*\s*(%|‰|[kKmMbBx×]|bn|pp|pts?)?\s*\)?$/;
// Cells that say "no value" without making a column textual.
const PLACEHOLDER = /^(—|–|-|n\/a|N\/A)$/;

type TCellText = { runs: TTextRun[]; bold: boolean };

/**
 * Lays a table out: column widths from each column's measured content, one font size for every
 * cell (the largest from `fontSize` down to `minFontSize` at which the table fits), and row
 * heights from each row's wrapped lines plus padding. A table that does not fit at the floor is
 * split between rows onto pages that repeat the header, at the largest size needing no more pages
 * than the floor does. A single cell taller than a page is cut with "…".
 */
export function fitTable(spec: TTableFitSpec): TTableFit {
  const header = spec.header.map((text) => ({ runs: inlineRuns(text), bold: true }));
  const body = spec.rows.map((row) => row.map((text) => ({ runs: inlineRuns(text), bold: false })));
  const align = spec.header.map((_, column) =>
    isNumericColumn(spec.rows.map((row) => row[column] ?? "")) ? ("right" as const) : ("left" as const),
  );
  const floor = Math.min(spec.minFontSize, spec.fontSize);
  const laid = new Map<number, TTableFit>();
  const layAt = (size: number) => {
    let fit = laid.get(size);
    if (!fit) {
      fit = layTable(spec, header, body, align, size);
      laid.set(size, fit);
    }
    return fit;
  };
  for (let size = spec.fontSize; size > floor; size -= FONT_STEP) {
    if (layAt(size).pages.length === 1) return layAt(size);
  }
  const atFloor = layAt(floor);
  for (let size = spec.fontSize; size > floor; size -= FONT_STEP) {
    if (layAt(size).pages.length <= atFloor.pages.length) return layAt(size);
  }
  return atFloor;
}

/** A column whose body cells are all numbers (or "—" placeholders, with at least one number). */
export function isNumericColumn(cells: string[]): boolean {
  const texts = cells.map((cell) => stripInline(cell).trim()).filter(Boolean);
  const numbers = texts.filter((text) => NUMERIC.test(text));
  return numbers.length > 0 && texts.every((text) => NUMERIC.test(text) || PLACEHOLDER.test(text));
}

/** Cell margins at a font size: roomy enough to read, shrinking with the text. */
export function tablePadding(fontSize: number): { x: number; y: number } {
  return { x: Math.round(fontSize * 0.6), y: Math.round(fontSize * 0.32) };
}

function layTable(
  spec: TTableFitSpec,
  header: TCellText[],
  body: TCellText[][],
  align: ("left" | "right")[],
  size: number,
): TTableFit {
  const padding = tablePadding(size);
  const all = [header, ...body];
  const columns = columnWidths(
    header.map((_, c) => all.map((row) => row[c])),
    spec,
    size,
    padding.x,
  );
  const lineH = size * spec.lineHeight;
  const pageH = Math.min(spec.firstH, spec.restH);
  // The header may take a third of a page; a body row whatever the header leaves.
  const headerLines = Math.max(1, Math.floor((pageH / 3 - 2 * padding.y) / lineH));
  const headerRow = layRow(header, columns, align, size, padding, spec, headerLines, true);
  const bodyLines = Math.max(1, Math.floor((pageH - headerRow.h - 2 * padding.y) / lineH));
  const rows = body.map((row) => layRow(row, columns, align, size, padding, spec, bodyLines, false));

  // Rows are capped to the shorter page, so every page holds at least one.
  const pages: TTableRow[][] = [[]];
  let used = headerRow.h;
  let room = spec.firstH;
  for (const row of rows) {
    const page = pages[pages.length - 1];
    if (page.length > 0 && used + row.h > room + 1e-6) {
      pages.push([row]);
      used = headerRow.h + row.h;
      room = spec.restH;
    } else {
      page.push(row);
      used += row.h;
    }
  }
  return { fontSize: size, padding, columns, header: headerRow, pages };
}

function layRow(
  cells: TCellText[],
  columns: number[],
  align: ("left" | "right")[],
  size: number,
  padding: { x: number; y: number },
  spec: TTableFitSpec,
  maxLines: number,
  header: boolean,
): TTableRow {
  const lineH = size * spec.lineHeight;
  const laid: TTableCell[] = cells.map((cell, c) => {
    if (!cell.runs.length) return { paragraphs: [], align: align[c], ...(cell.bold ? { bold: true } : {}) };
    const fit = fitText({
      paragraphs: [{ runs: cell.runs }],
      w: columns[c] - 2 * padding.x,
      h: maxLines * lineH,
      font: spec.font,
      bold: cell.bold,
      fontSize: size,
      minFontSize: size,
      lineHeight: spec.lineHeight,
      overflow: "ellipsis",
    });
    return { paragraphs: fit.paragraphs, align: align[c], ...(cell.bold ? { bold: true } : {}) };
  });
  const lines = Math.max(1, ...laid.map((cell) => cell.paragraphs.reduce((n, p) => n + p.lines.length, 0)));
  return { h: lines * lineH + 2 * padding.y, ...(header ? { header: true } : {}), cells: laid };
}

/**
 * Column widths proportional to each column's natural (one-line) width, never narrower than its
 * widest word (or two ems) so words are not broken, and adding up to the table's width.
 */
function columnWidths(columns: TCellText[][], spec: TTableFitSpec, size: number, padX: number): number[] {
  const outer = (text: number) => text / WIDTH_SAFETY + 2 * padX + 0.5;
  const natural = columns.map((cells) =>
    outer(Math.max(0, ...cells.map((cell) => lineWidth(cell, spec.font, size)))),
  );
  const minimum = columns.map((cells, c) =>
    Math.min(
      natural[c],
      Math.max(
        outer(Math.max(0, ...cells.map((cell) => widestWord(cell, spec.font, size)))),
        2 * size + 2 * padX,
      ),
    ),
  );
  const total = natural.reduce((sum, w) => sum + w, 0);
  if (total <= spec.w) return natural.map((w) => (w * spec.w) / total);
  const minTotal = minimum.reduce((sum, w) => sum + w, 0);
  if (minTotal >= spec.w) return minimum.map((w) => (w * spec.w) / minTotal);
  const pinned = new Set<number>();
  for (;;) {
    const free = spec.w - [...pinned].reduce((sum, c) => sum + minimum[c], 0);
    const flexible = natural.reduce((sum, w, c) => (pinned.has(c) ? sum : sum + w), 0);
    const scale = free / flexible;
    const under = natural.flatMap((w, c) => (!pinned.has(c) && w * scale < minimum[c] ? [c] : []));
    if (!under.length) return natural.map((w, c) => (pinned.has(c) ? minimum[c] : w * scale));
    for (const c of under) pinned.add(c);
  }
}

function lineWidth(cell: TCellText, font: string, size: number): number {
  return cell.runs.reduce((sum, run) => sum + measureRun(font, run, size, cell.bold), 0);
}

/** The widest run of non-space characters, measured across style changes inside a word. */
function widestWord(cell: TCellText, font: string, size: number): number {
  let widest = 0;
  let current = 0;
  for (const run of cell.runs) {
    for (const part of run.text.split(/(\s+)/)) {
      if (!part) continue;
      if (/^\s+$/.test(part)) {
        widest = Math.max(widest, current);
        current = 0;
      } else current += measureRun(font, { ...run, text: part }, size, cell.bold);
    }
  }
  return Math.max(widest, current);
}
