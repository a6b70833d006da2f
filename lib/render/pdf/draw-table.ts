import "server-only";
import type { TTableBox } from "@/lib/layouts/boxes";
import { placeTableCells, TABLE_RULE_WIDTH, tableRules } from "@/lib/layouts/table-geometry";
import type { TPreparedImages } from "../prepare-images";
import { drawTextBox } from "./draw-text-box";
import type { PdfFonts } from "./pdf-fonts";

/**
 * Draws a table box on the current PDF page (in slide units): row fills, the rule under each row,
 * then each cell's measured lines as a text box of its own, exactly where the editor puts them.
 */
export function drawTable(
  doc: PDFKit.PDFDocument,
  fonts: PdfFonts,
  box: TTableBox,
  _images: TPreparedImages,
): void {
  const cells = placeTableCells(box);
  doc.save();
  for (const cell of cells) if (cell.fill) doc.rect(cell.x, cell.y, cell.w, cell.h).fill(cell.fill);
  doc.lineWidth(TABLE_RULE_WIDTH).strokeColor(box.border);
  for (const rule of tableRules(box)) doc.moveTo(rule.x1, rule.y).lineTo(rule.x2, rule.y).stroke();
  doc.restore();
  for (const cell of cells) drawTextBox(doc, fonts, cell.text);
}
