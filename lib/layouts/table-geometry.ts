/**
 * Where a table box's cells, fills, rules and text sit: the PDF renderer, the editor and the PPTX
 * renderer all read a table through these, so banding and borders agree. Client-safe.
 */
import type { TTableBox, TTextBox } from "./boxes";

/** Width of the rule under every row, in slide units (0.75 pt). */
export const TABLE_RULE_WIDTH = 1;

export type TPlacedCell = {
  row: number;
  column: number;
  x: number;
  y: number;
  w: number;
  h: number;
  /** The cell's background, when it has one (header fill or band). */
  fill?: string;
  /** The cell's text as a text box: the cell less its padding, text centred vertically. */
  text: TTextBox;
};

/** The fill of a row: the header's, the band's on every other body row, or none. */
export function rowFill(box: TTableBox, row: number): string | undefined {
  if (box.rows[row]?.header) return box.headerFill;
  const bodyIndex = row - box.rows.filter((r, i) => r.header && i < row).length;
  return bodyIndex % 2 === 1 ? box.bandFill : undefined;
}

/** Every cell of a table with its rectangle, fill and positioned text. */
export function placeTableCells(box: TTableBox): TPlacedCell[] {
  const cells: TPlacedCell[] = [];
  let y = box.y;
  box.rows.forEach((row, r) => {
    let x = box.x;
    const fill = rowFill(box, r);
    row.cells.forEach((cell, c) => {
      const w = box.columns[c];
      cells.push({
        row: r,
        column: c,
        x,
        y,
        w,
        h: row.h,
        ...(fill ? { fill } : {}),
        text: {
          kind: "text",
          id: `${box.id}.${r}.${c}`,
          role: `${box.role}.${r}.${c}`,
          x: x + box.padding.x,
          y: y + box.padding.y,
          w: w - 2 * box.padding.x,
          h: row.h - 2 * box.padding.y,
          paragraphs: cell.paragraphs,
          font: box.font,
          fontSize: box.fontSize,
          lineHeight: box.lineHeight,
          paragraphGap: 0,
          color: row.header ? box.headerColor : box.color,
          ...(cell.bold ? { bold: true } : {}),
          align: cell.align,
          valign: "middle",
        },
      });
      x += w;
    });
    y += row.h;
  });
  return cells;
}

/** Whether a row has a rule along its bottom edge: every body row (the header's fill ends itself). */
export function hasRule(box: TTableBox, row: number): boolean {
  return !box.rows[row]?.header;
}

/** The horizontal rules of a table: one along the bottom edge of every body row. */
export function tableRules(box: TTableBox): { x1: number; x2: number; y: number }[] {
  let y = box.y;
  return box.rows.flatMap((row, r) => {
    y += row.h;
    return hasRule(box, r) ? [{ x1: box.x, x2: box.x + box.w, y }] : [];
  });
}
