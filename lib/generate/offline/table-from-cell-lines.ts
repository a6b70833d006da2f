/**
 * A table copied out of a web page one cell per line (an SEC filing's financial data: "Revenues" /
 * "$" / "221,570" / "$" / "197,610" / …, its column heads "September 30," / "2014" above): each
 * label line with the same number of figures after it is a row, the dates above the first row
 * are the column heads. The run becomes a markdown table, read as any other table.
 */
import { countWords } from "./tokenize";

/** A figure cell: "221,570", "(0.01", "1.14", "—". */
const FIGURE_CELL = /^\(?-?\$?\s?\d[\d,]*(?:\.\d+)?\)?%?$|^[—–-]$/;
/** A currency sign or a closing bracket left on a line of its own. */
const MARK_CELL = /^(?:\$|€|£|\)|%)$/;
/** A row's label: words, not a sentence. */
const LABEL = { maxWords: 10 };
const MIN = { rows: 3, columns: 2 };
/** "September 30," / "2014", "Dec. 31," / "2012", "2016": a column head split over lines. */
const HEAD_PART = /^(?:\p{L}{3,}\.?\s+\d{1,2},?|\d{4}(?:\s*\(\w+\))?|\p{L}+)$/u;

type TRow = { label: string; cells: string[]; from: number; to: number };

/** The content with each run of cell-per-line rows written as a markdown table. */
export function withCellLinesAsTables(content: string): string {
  const raw = content.split("\n");
  const lines = raw.map((l) => l.replace(/^\|\s*|\s*\|$/g, "").trim());
  const rows = lines.map((_, i) => rowAt(lines, i));
  const tables: { from: number; to: number; table: string[] }[] = [];
  for (let i = 0; i < lines.length; ) {
    const first = rows[i];
    if (!first || first.cells.length < MIN.columns) {
      i++;
      continue;
    }
    // The run: rows of the same width one after another ("Earnings per share (1):" above its
    // "Basic" and "Diluted" rows names them).
    const run: TRow[] = [];
    let group = "";
    let j = i;
    while (j < lines.length) {
      const row = rows[j];
      if (row && row.cells.length === first.cells.length) {
        run.push({ ...row, label: group ? `${group} — ${row.label}` : row.label });
        j = row.to + 1;
      } else if (
        isLabel(lines[j]) &&
        /:$/.test(lines[j]) &&
        rows[j + 1]?.cells.length === first.cells.length
      ) {
        group = clean(lines[j].replace(/:$/, ""));
        j++;
      } else break;
    }
    if (run.length < MIN.rows) {
      i++;
      continue;
    }
    const head = headsBefore(lines, i, first.cells.length);
    const header = [head?.corner ?? "", ...(head?.heads ?? first.cells.map(() => ""))];
    const table = [
      `| ${header.join(" | ")} |`,
      `|${header.map(() => " --- ").join("|")}|`,
      ...run.map((r) => `| ${[r.label, ...r.cells].join(" | ")} |`),
      // ("(In thousands, except per share data)": what the figures count in, said under them.)
      ...(head?.note ? ["", head.note] : []),
    ];
    tables.push({ from: head?.from ?? i, to: run[run.length - 1].to, table });
    i = run[run.length - 1].to + 1;
  }
  if (!tables.length) return content;
  const out: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const t = tables.find((x) => x.from === i);
    if (!t) {
      out.push(raw[i]);
      continue;
    }
    out.push("", ...t.table, "");
    i = t.to;
  }
  return out.join("\n");
}

/** A row starting at line i: its label and the figures after it (currency signs skipped). */
function rowAt(lines: readonly string[], i: number): TRow | null {
  if (!isLabel(lines[i]) || /:$/.test(lines[i])) return null;
  const cells: string[] = [];
  let j = i + 1;
  let sign = "";
  while (j < lines.length && (FIGURE_CELL.test(lines[j]) || MARK_CELL.test(lines[j]))) {
    if (MARK_CELL.test(lines[j])) {
      if (lines[j] === ")" && cells.length) cells[cells.length - 1] += ")";
      else if (lines[j] !== ")") sign = lines[j];
    } else {
      cells.push(`${sign}${lines[j]}`);
      sign = "";
    }
    j++;
  }
  return cells.length ? { label: clean(lines[i]), cells, from: i, to: j - 1 } : null;
}

function isLabel(line: string | undefined): boolean {
  return !!line && /\p{L}/u.test(line) && countWords(line) <= LABEL.maxWords && !/[.!?]$/.test(line);
}

/** "Cost of revenues (2)": a row's label without its footnote's number. */
function clean(label: string): string {
  return label.replace(/\s*\(\d\)\s*/g, " ").trim();
}

/**
 * The column heads above the first row: `columns` dates or years, each maybe split over two lines
 * ("September 30," / "2014"), after a line such as "Quarter Ended"; a note in brackets ("(In
 * thousands, except per share data)") may stand between them and the rows.
 */
function headsBefore(
  lines: readonly string[],
  first: number,
  columns: number,
): { heads: string[]; from: number; corner?: string; note?: string } | null {
  let k = first - 1;
  const note = k >= 0 && /^\(.*\)$/.test(lines[k]) ? lines[k--] : undefined;
  const parts: string[] = [];
  while (k >= 0 && HEAD_PART.test(lines[k]) && parts.length < columns * 2 + 1) parts.unshift(lines[k--]);
  const heads: string[] = [];
  for (let p = 0; p < parts.length; p++) {
    if (/,$/.test(parts[p]) && /^\d{4}/.test(parts[p + 1] ?? "")) {
      heads.push(`${parts[p]} ${parts[p + 1]}`);
      p++;
    } else if (/^\d{4}/.test(parts[p])) heads.push(parts[p]);
  }
  if (heads.length !== columns) return null;
  // "Quarter Ended" above the dates names them: the corner of the table.
  const corner =
    k >= 0 && isLabel(lines[k]) && countWords(lines[k]) <= 3 && !/\d/.test(lines[k]) ? lines[k] : undefined;
  return { heads, from: corner ? k : k + 1, ...(corner ? { corner } : {}), ...(note ? { note } : {}) };
}

/** A header cell: a few words, no figure, no sentence. */
const HEAD_CELL = { maxWords: 5 };
const BAR_TABLE = { minColumns: 2, maxColumns: 6, minRows: 2 };

/**
 * A table a page's copy gives one cell per line, each line opened by the cell's bar ("|Ayuda /
 * Programa" / "|Descripción principal" / "|Cuantía / Beneficio" / "|Requisitos básicos" /
 * "|Cheque bebé universal 2025" / …; a cell's second line has no bar): the number of columns is
 * the one whose first row reads as column heads and no later row does. The run becomes a markdown
 * table; a run that reads no way as a table is left as it is.
 */
export function withBarCellsAsTables(content: string): string {
  const lines = content.split("\n");
  const out: string[] = [];
  for (let i = 0; i < lines.length; ) {
    if (!BAR_CELL.test(lines[i])) {
      out.push(lines[i]);
      i++;
      continue;
    }
    const cells: string[] = [];
    let j = i;
    while (j < lines.length) {
      if (BAR_CELL.test(lines[j])) cells.push(lines[j].replace(/^\s*\|\s*/, "").trim());
      else if (lines[j].trim() && BAR_CELL.test(lines[j + 1] ?? "") && cells.length)
        cells[cells.length - 1] = `${cells[cells.length - 1]} ${lines[j].trim()}`;
      else break;
      j++;
    }
    const table = barTable(cells);
    if (table) out.push("", ...table, "");
    else out.push(...lines.slice(i, j));
    i = j;
  }
  return out.join("\n");
}
const BAR_CELL = /^\s*\|(?!.*\|)\s*\S/;

function barTable(cells: readonly string[]): string[] | null {
  for (let k = BAR_TABLE.minColumns; k <= BAR_TABLE.maxColumns; k++) {
    if (cells.length % k !== 0 || cells.length / k < BAR_TABLE.minRows + 1) continue;
    const rows = Array.from({ length: cells.length / k }, (_, r) => cells.slice(r * k, (r + 1) * k));
    const heads = (row: string[]) =>
      row.every((c) => countWords(c) <= HEAD_CELL.maxWords && !/\d/.test(c) && !/[.!?;]$/.test(c));
    if (!heads(rows[0]) || rows.slice(1).some(heads)) continue;
    const cell = (c: string) => c.replace(/\|/g, "/").replace(/[.]$/, "");
    return [
      `| ${rows[0].map(cell).join(" | ")} |`,
      `|${rows[0].map(() => " --- ").join("|")}|`,
      ...rows.slice(1).map((r) => `| ${r.map(cell).join(" | ")} |`),
    ];
  }
  return null;
}
