import "server-only";
import type PptxGenJS from "pptxgenjs";
import type { TTableBox, TTableCell } from "@/lib/layouts/boxes";
import { CODE_FONT, getFontFamily } from "@/lib/layouts/font-families";
import { hasRule, rowFill, TABLE_RULE_WIDTH } from "@/lib/layouts/table-geometry";
import type { TPreparedImages } from "../prepare-images";

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
export function addTable(
  _pptx: PptxGenJS,
  slide: PptxGenJS.Slide,
  box: TTableBox,
  _images: TPreparedImages,
): void {
  const face = getFontFamily(box.font).pptxFace;
  const none: PptxGenJS.BorderProps = { type: "none" };
  const rule: PptxGenJS.BorderProps = { type: "solid", pt: points(TABLE_RULE_WIDTH), color: hex(box.border) };
  // Top, right, bottom, left, in inches (pptxgenjs reads values under 1 as inches).
  const margin: [number, number, number, number] = [
    inches(box.padding.y),
    inches(box.padding.x),
    inches(box.padding.y),
    inches(box.padding.x),
  ];
  const rows: PptxGenJS.TableRow[] = box.rows.map((row, r) => {
    const fill = rowFill(box, r);
    return row.cells.map((cell) => ({
      text: cellRuns(cell, face),
      options: {
        ...(fill ? { fill: { color: hex(fill) } } : {}),
        color: hex(row.header ? box.headerColor : box.color),
        bold: Boolean(cell.bold),
        align: cell.align,
        valign: "middle",
        margin,
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
 * A cell's paragraphs as runs, keeping bold, italic and code. An empty cell is an empty string, so
 * pptxgenjs still writes its paragraph at the table's size (a bare paragraph would be 18 pt tall).
 */
function cellRuns(cell: TTableCell, face: string): string | PptxGenJS.TextProps[] {
  const runs = cell.paragraphs.flatMap((paragraph, p) =>
    paragraph.runs.map((run, index) => ({
      text: run.text,
      options: {
        bold: Boolean(cell.bold || run.bold),
        italic: Boolean(run.italic),
        fontFace: run.code ? CODE_FONT.pptxFace : face,
        ...(p < cell.paragraphs.length - 1 && index === paragraph.runs.length - 1 ? { breakLine: true } : {}),
      },
    })),
  );
  return runs.length ? runs : "";
}
