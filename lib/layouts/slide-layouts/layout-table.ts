import "server-only";
import type { TSlideContent } from "@/lib/deck/schema";
import type { TTableBox, TTableRow } from "../boxes";
import { fitTable, type TTableFit } from "../table-fit";
import { inlineRuns } from "../to-paragraphs";
import { contentHeader, continuedTitle } from "./content-header";
import { fitLead } from "./fit-lead";
import { contentPage, type TLayoutContext, type TPage } from "./frame";
import { layoutBullets } from "./layout-bullets";

/** Cell text starts at this size (a table reads smaller than body text) and shrinks to the caption size. */
const TABLE_FONT_SIZE = 22;
const LINE_HEIGHT = 1.2;
// A lead may take the page only while this much height stays for the header and a few rows.
const MIN_TABLE_H = 180;

/**
 * Title, an optional lead line and a native table across the content width. Every cell shares one
 * font size; rows that do not fit at the caption size continue on "… (cont.)" pages that repeat
 * the header row.
 */
export function layoutTable(content: TSlideContent, context: TLayoutContext): TPage[] {
  const table = content.table;
  if (!table) return layoutBullets(content, context);
  const { frame, sizes } = context.template;
  const title = inlineRuns(content.title);
  const lead = fitLead(content.body, title, context, MIN_TABLE_H);
  const bottom = frame.body.y + frame.body.h;
  const fit = fitTable({
    header: table.header,
    rows: table.rows,
    w: frame.contentW,
    firstH: bottom - lead.top,
    restH: frame.body.h,
    font: context.fonts.body,
    fontSize: Math.max(Math.min(sizes.body, TABLE_FONT_SIZE), sizes.caption),
    minFontSize: sizes.caption,
    lineHeight: LINE_HEIGHT,
  });
  const pages = fit.pages.map((rows, page) => {
    const top = page === 0 ? lead.top : frame.body.y;
    const box = tableBox(fit, [fit.header, ...rows], frame.marginX, top, context);
    return contentPage(
      context,
      contentHeader(continuedTitle(title, lead.pages.length + page), context),
      page === 0 ? [...lead.boxes, box] : [box],
    );
  });
  return [...lead.pages, ...pages];
}

function tableBox(
  fit: TTableFit,
  rows: TTableRow[],
  x: number,
  y: number,
  context: TLayoutContext,
): TTableBox {
  const { palette } = context;
  return {
    kind: "table",
    id: "table",
    role: "table",
    x,
    y,
    w: fit.columns.reduce((sum, w) => sum + w, 0),
    h: rows.reduce((sum, row) => sum + row.h, 0),
    columns: fit.columns,
    rows,
    font: context.fonts.body,
    fontSize: fit.fontSize,
    lineHeight: LINE_HEIGHT,
    padding: fit.padding,
    color: palette.text,
    headerFill: palette.accent,
    headerColor: palette.onAccent,
    bandFill: palette.surface,
    border: palette.border,
  };
}
