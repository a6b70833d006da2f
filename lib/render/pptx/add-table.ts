import "server-only";
import type PptxGenJS from "pptxgenjs";
import type { TTableBox, TTableCell, TTextBox } from "@/lib/layouts/boxes";
import { getFontFamily } from "@/lib/layouts/font-families";
import { hasRule, placeTableCells, rowFill, TABLE_RULE_WIDTH } from "@/lib/layouts/table-geometry";
import { textRuns } from "./text-runs";
import { wrapInsets } from "./wrap-insets";

/** Slide units (1/96 in) → inches. */
const inches = (units: number) => units / 96;
/** Slide units → points. */
const points = (units: number) => units * 0.75;
/** "#RRGGBB" → "RRGGBB", as OOXML writes colours. */
const hex = (color: string) => color.replace(/^#/, "").toUpperCase();

/**
 * Adds a native table to a PPTX slide: the layout's column widths and row heights, cell margins
 * equal to its padding, exact line spacing, the family's face, bold header, row fills and a rule
 * under every row. PowerPoint wraps the cell text itself; the layout measured the same lines with
 * metric-compatible fonts, so rows keep their heights.
 */
export function addTable(slide: PptxGenJS.Slide, box: TTableBox, lang: string | undefined): void {
  const face = getFontFamily(box.font).pptxFace;
  const textOf = new Map(placeTableCells(box).map((cell) => [`${cell.row}:${cell.column}`, cell.text]));
  const none: PptxGenJS.BorderProps = { type: "none" };
  const rule: PptxGenJS.BorderProps = { type: "solid", pt: points(TABLE_RULE_WIDTH), color: hex(box.border) };
  // Top, right, bottom, left, in inches (pptxgenjs reads values under 1 as inches); the padding,
  // plus the insets that give the viewer the width the layout wrapped each cell's lines to.
  const marginOf = (c: number, cell: TTableCell) => {
    const extra = wrapInsets(box.columns[c] - 2 * box.padding.x, cell.align, cell.paragraphs);
    return [
      inches(box.padding.y),
      inches(box.padding.x + extra.right),
      inches(box.padding.y),
      inches(box.padding.x + extra.left),
    ] as [number, number, number, number];
  };
  const rows: PptxGenJS.TableRow[] = box.rows.map((row, r) => {
    const fill = rowFill(box, r);
    return row.cells.map((cell, c) => ({
      text: cellRuns(textOf.get(`${r}:${c}`), lang),
      options: {
        ...(fill ? { fill: { color: hex(fill) } } : {}),
        color: hex(row.header ? box.headerColor : box.color),
        bold: Boolean(cell.bold),
        align: cell.align,
        valign: "middle",
        margin: marginOf(c, cell),
        fontFace: face,
        fontSize: points(box.fontSize),
        // "Exactly" spacing, so PowerPoint's lines are as tall as the measured ones.
        lineSpacing: points(box.fontSize * box.lineHeight),
        border: [none, none, hasRule(box, r) ? rule : none, none],
      },
    }));
  });
  slide.addTable(rows, {
    x: inches(box.x),
    y: inches(box.y),
    w: inches(box.w),
    h: inches(box.h),
    colW: box.columns.map(inches),
    rowH: box.rows.map((row) => inches(row.h)),
    objectName: box.id,
  });
}

/**
 * A cell's paragraphs as runs — the same runs as a text box (emphasis, right-to-left, languages).
 * An empty cell is an empty string, so pptxgenjs still writes its paragraph at the table's size (a
 * bare paragraph would be 18 pt tall).
 */
function cellRuns(text: TTextBox | undefined, lang: string | undefined): string | PptxGenJS.TextProps[] {
  const runs = text ? textRuns(text, lang) : [];
  return runs.length ? runs : "";
}
