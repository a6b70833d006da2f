// The table panel's operations: each answers a valid ZTable, or the table unchanged at a limit.
import { describe, expect, it } from "vitest";
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

const table: TTable = {
  header: ["Item", "Cost"],
  rows: [
    ["Panels", "6,000"],
    ["Batteries", "4,500"],
  ],
};

describe("table edits", () => {
  it("edits header and body cells without touching the others or the input", () => {
    const edited = setBodyCell(setHeaderCell(table, 1, "Cost (€)"), 1, 0, "**Batteries**");
    expect(edited).toEqual({
      header: ["Item", "Cost (€)"],
      rows: [
        ["Panels", "6,000"],
        ["**Batteries**", "4,500"],
      ],
    });
    expect(table.header[1]).toBe("Cost");
    expect(setBodyCell(table, 5, 0, "x")).toBe(table);
    expect(setHeaderCell(table, -1, "x")).toBe(table);
  });

  it("caps a cell at ZTable's 5000 characters", () => {
    const edited = setBodyCell(table, 0, 0, "x".repeat(6000));
    expect(edited.rows[0][0]).toHaveLength(TABLE_LIMITS.maxCellChars);
    expect(ZTable.safeParse(edited).success).toBe(true);
  });

  it("adds an empty row as wide as the header, at the end or at a position", () => {
    expect(addRow(table).rows).toEqual([
      ["Panels", "6,000"],
      ["Batteries", "4,500"],
      ["", ""],
    ]);
    expect(addRow(table, 0).rows[0]).toEqual(["", ""]);
  });

  it("adds a column to the header and every row; removes it again", () => {
    const wider = addColumn(table);
    expect(wider.header).toEqual(["Item", "Cost", "Column 3"]);
    expect(wider.rows.every((row) => row.length === 3 && row[2] === "")).toBe(true);
    const front = addColumn(table, 0);
    expect(front.header).toEqual(["Column 3", "Item", "Cost"]);
    expect(front.rows[0]).toEqual(["", "Panels", "6,000"]);
    expect(removeColumn(wider, 2)).toEqual(table);
    expect(removeColumn(table, 0)).toEqual({ header: ["Cost"], rows: [["6,000"], ["4,500"]] });
  });

  it("keeps at least one column and at most 10; at most 50 rows", () => {
    const single = removeColumn(table, 0);
    expect(canRemoveColumn(single)).toBe(false);
    expect(removeColumn(single, 0)).toBe(single);
    let wide = table;
    for (let i = 0; i < 20; i++) wide = addColumn(wide);
    expect(wide.header).toHaveLength(TABLE_LIMITS.maxColumns);
    expect(canAddColumn(wide)).toBe(false);
    let long = table;
    for (let i = 0; i < 60; i++) long = addRow(long);
    expect(long.rows).toHaveLength(TABLE_LIMITS.maxRows);
    expect(canAddRow(long)).toBe(false);
    expect(ZTable.safeParse(wide).success && ZTable.safeParse(long).success).toBe(true);
  });

  it("removes and moves rows; a table may keep only its header", () => {
    expect(moveRow(table, 1, -1).rows.map((r) => r[0])).toEqual(["Batteries", "Panels"]);
    expect(moveRow(table, 0, -1)).toBe(table);
    const empty = removeRow(removeRow(table, 0), 0);
    expect(empty).toEqual({ header: ["Item", "Cost"], rows: [] });
    expect(ZTable.safeParse(empty).success).toBe(true);
  });

  it("normalizes a ragged table from an older deck before editing", () => {
    const ragged = { header: ["A", "B", "C"], rows: [["1"], ["1", "2", "3", "4"]] } as TTable;
    expect(ZTable.safeParse(ragged).success).toBe(false);
    expect(normalizeTable(ragged)).toEqual({
      header: ["A", "B", "C"],
      rows: [
        ["1", "", ""],
        ["1", "2", "3"],
      ],
    });
  });

  it("answers a valid ZTable after any sequence of edits", () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    let current = table;
    for (let step = 0; step < 2000; step++) {
      const r = Math.floor(random() * (current.rows.length + 1)) - 1;
      const c = Math.floor(random() * (current.header.length + 1)) - 1;
      const ops = [
        () => addRow(current, r),
        () => removeRow(current, r),
        () => addColumn(current, c),
        () => removeColumn(current, c),
        () => setHeaderCell(current, c, `h${step}`),
        () => setBodyCell(current, r, c, `v${step}`),
        () => moveRow(current, r, random() < 0.5 ? -1 : 1),
      ];
      current = ops[Math.floor(random() * ops.length)]();
      const parsed = ZTable.safeParse(current);
      expect(parsed.error?.issues ?? [], `step ${step}`).toEqual([]);
    }
  });
});
