/**
 * Edits of a slide table for the editor's table panel. Pure and client-safe: each operation
 * answers a new table of the same shape rules as ZTable (rows as wide as the header, 1–10
 * columns, at most 50 rows), or the table unchanged when the edit would break them.
 */
import { type TTable, ZTable } from "@/lib/deck/schema";

/** ZTable's limits, for disabling buttons and capping inputs. */
export const TABLE_LIMITS = { minColumns: 1, maxColumns: 10, maxRows: 50, maxCellChars: 5000 } as const;

export const canAddRow = (table: TTable) => table.rows.length < TABLE_LIMITS.maxRows;
export const canAddColumn = (table: TTable) => table.header.length < TABLE_LIMITS.maxColumns;
export const canRemoveColumn = (table: TTable) => table.header.length > TABLE_LIMITS.minColumns;

const cell = (text: string) => text.slice(0, TABLE_LIMITS.maxCellChars);

/** A header cell's new text. */
export function setHeaderCell(table: TTable, column: number, text: string): TTable {
  if (column < 0 || column >= table.header.length) return table;
  return { ...table, header: table.header.map((value, c) => (c === column ? cell(text) : value)) };
}

/** A body cell's new text. */
export function setBodyCell(table: TTable, row: number, column: number, text: string): TTable {
  if (row < 0 || row >= table.rows.length || column < 0 || column >= table.header.length) return table;
  return {
    ...table,
    rows: table.rows.map((cells, r) =>
      r === row ? cells.map((value, c) => (c === column ? cell(text) : value)) : cells,
    ),
  };
}

/** An empty row inserted at `at` (default: last). */
export function addRow(table: TTable, at = table.rows.length): TTable {
  if (!canAddRow(table)) return table;
  const index = Math.max(0, Math.min(at, table.rows.length));
  const rows = [...table.rows];
  rows.splice(
    index,
    0,
    table.header.map(() => ""),
  );
  return { ...table, rows };
}

/** Removes a body row (a table may have none: the header alone). */
export function removeRow(table: TTable, row: number): TTable {
  if (row < 0 || row >= table.rows.length) return table;
  return { ...table, rows: table.rows.filter((_, r) => r !== row) };
}

/** A column inserted at `at` (default: last), headed "Column N", empty in every row. */
export function addColumn(table: TTable, at = table.header.length): TTable {
  if (!canAddColumn(table)) return table;
  const index = Math.max(0, Math.min(at, table.header.length));
  const insert = <T>(list: T[], value: T) => [...list.slice(0, index), value, ...list.slice(index)];
  return {
    header: insert(table.header, `Column ${table.header.length + 1}`),
    rows: table.rows.map((cells) => insert(cells, "")),
  };
}

/** Removes a column from the header and every row; the last column stays. */
export function removeColumn(table: TTable, column: number): TTable {
  if (!canRemoveColumn(table) || column < 0 || column >= table.header.length) return table;
  return {
    header: table.header.filter((_, c) => c !== column),
    rows: table.rows.map((cells) => cells.filter((_, c) => c !== column)),
  };
}

/** Moves a body row up (-1) or down (+1). */
export function moveRow(table: TTable, row: number, by: -1 | 1): TTable {
  const target = row + by;
  if (row < 0 || row >= table.rows.length || target < 0 || target >= table.rows.length) return table;
  const rows = [...table.rows];
  [rows[row], rows[target]] = [rows[target], rows[row]];
  return { ...table, rows };
}

/**
 * A table made valid for editing: rows padded or cut to the header's width, limits applied. The
 * panel starts from this, so a table from an older deck cannot make every edit invalid.
 */
export function normalizeTable(table: TTable): TTable {
  const header = (table.header.length > 0 ? table.header : [""]).slice(0, TABLE_LIMITS.maxColumns).map(cell);
  const rows = table.rows
    .slice(0, TABLE_LIMITS.maxRows)
    .map((cells) => header.map((_, c) => cell(cells[c] ?? "")));
  const normalized = { header, rows };
  return ZTable.parse(normalized);
}
