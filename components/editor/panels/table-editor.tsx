"use client";
import { useMemo } from "react";
import { Button } from "@/components/ui/button";
import { type TTable, ZTable } from "@/lib/deck/schema";
import {
  addColumn,
  addRow,
  canAddColumn,
  canAddRow,
  canRemoveColumn,
  moveRow,
  normalizeTable,
  removeColumn,
  removeRow,
  setBodyCell,
  setHeaderCell,
  TABLE_LIMITS,
} from "@/lib/editor-panels/table-edit";
import type { TTableEditorProps } from "./types";

const cellClass =
  "block w-full min-w-28 rounded border border-transparent bg-transparent px-2 py-1.5 text-sm text-gray-900 hover:border-line focus:border-accent focus:bg-white focus:outline-2 focus:outline-accent/30";

/**
 * The table of a slide as a grid of text inputs: the header row, then the body rows. Rows and
 * columns are added and removed with buttons (within ZTable's limits: 1–10 columns, 50 rows); every
 * change hands a valid ZTable to `onChange`. Cells keep inline markdown (`**bold**`) as typed.
 */
export function TableEditor({ value, onChange }: TTableEditorProps) {
  const table = useMemo(() => normalizeTable(value), [value]);
  const change = (next: TTable) => {
    // The operations keep the shape; parsing again guards the contract the deck relies on.
    if (next !== table && ZTable.safeParse(next).success) onChange(next);
  };
  const columns = table.header.length;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => change(addRow(table))}
          disabled={!canAddRow(table)}
        >
          Add row
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => change(addColumn(table))}
          disabled={!canAddColumn(table)}
        >
          Add column
        </Button>
        <span className="text-xs text-muted">
          {columns} column{columns === 1 ? "" : "s"} (max {TABLE_LIMITS.maxColumns}) · {table.rows.length} row
          {table.rows.length === 1 ? "" : "s"} (max {TABLE_LIMITS.maxRows})
        </span>
      </div>
      <div className="overflow-x-auto rounded-md border border-line">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Table cells: the first row is the header</caption>
          <thead>
            <tr className="bg-gray-50">
              {table.header.map((text, c) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions; their text is what changes
                <th key={c} scope="col" className="border-b border-line p-1 align-top font-semibold">
                  <input
                    className={`${cellClass} font-semibold`}
                    value={text}
                    maxLength={TABLE_LIMITS.maxCellChars}
                    aria-label={`Header, column ${c + 1}`}
                    onChange={(event) => change(setHeaderCell(table, c, event.target.value))}
                  />
                  <button
                    type="button"
                    className="mt-1 w-full rounded px-1 text-xs font-normal text-muted hover:bg-gray-100 hover:text-danger focus-visible:outline-2 focus-visible:outline-accent disabled:invisible"
                    onClick={() => change(removeColumn(table, c))}
                    disabled={!canRemoveColumn(table)}
                    aria-label={`Remove column ${c + 1}`}
                  >
                    Remove column
                  </button>
                </th>
              ))}
              <th scope="col" className="w-px border-b border-line p-1">
                <span className="sr-only">Row actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {table.rows.map((cells, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions; their text is what changes
              <tr key={r} className="border-b border-line last:border-b-0">
                {cells.map((text, c) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positions in their row
                  <td key={c} className="p-1 align-top">
                    <input
                      className={cellClass}
                      value={text}
                      maxLength={TABLE_LIMITS.maxCellChars}
                      aria-label={`Row ${r + 1}, column ${c + 1}`}
                      onChange={(event) => change(setBodyCell(table, r, c, event.target.value))}
                    />
                  </td>
                ))}
                <td className="p-1 align-top whitespace-nowrap">
                  <RowButton
                    label={`Move row ${r + 1} up`}
                    disabled={r === 0}
                    onClick={() => change(moveRow(table, r, -1))}
                  >
                    ↑
                  </RowButton>
                  <RowButton
                    label={`Move row ${r + 1} down`}
                    disabled={r === table.rows.length - 1}
                    onClick={() => change(moveRow(table, r, 1))}
                  >
                    ↓
                  </RowButton>
                  <RowButton label={`Remove row ${r + 1}`} onClick={() => change(removeRow(table, r))}>
                    ✕
                  </RowButton>
                </td>
              </tr>
            ))}
            {table.rows.length === 0 && (
              <tr>
                <td colSpan={columns + 1} className="p-3 text-center text-sm text-muted">
                  The table has only its header. Add a row for data.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function RowButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
  children: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex h-8 w-8 items-center justify-center rounded text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-accent disabled:text-gray-300"
    >
      {children}
    </button>
  );
}
