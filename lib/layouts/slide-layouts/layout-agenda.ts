import "server-only";
import type { TSlideContent } from "@/lib/deck/schema";
import type { TBox, TTextRun } from "../boxes";
import { inlineRuns } from "../to-paragraphs";
import { contentHeader, continuedTitle } from "./content-header";
import { contentPage, type TLayoutContext, type TPage } from "./frame";
import { fitTextBox, type TTextBoxSpec } from "./text-box";

const ROWS = 5;
const GAP = 48;
const NUMBER_W = 64;
const LINE_HEIGHT = 1.2;

/**
 * Numbered agenda items from the slide's bullets, in rows of up to five per column and two
 * columns per page; longer agendas continue on "… (cont.)" pages with the numbering carried on.
 */
export function layoutAgenda(content: TSlideContent, context: TLayoutContext): TPage[] {
  const title = inlineRuns(content.title ?? "Agenda");
  const items = (content.bullets ?? []).map(inlineRuns).filter((runs) => runs.length);
  const pages: TPage[] = [];
  do {
    const first = pages.length * ROWS * 2;
    pages.push(
      contentPage(
        context,
        contentHeader(continuedTitle(title, pages.length), context),
        layoutItems(items.slice(first, first + ROWS * 2), first, context),
      ),
    );
  } while (pages.length * ROWS * 2 < items.length);
  return pages;
}

function layoutItems(items: TTextRun[][], firstIndex: number, context: TLayoutContext): TBox[] {
  const { palette } = context;
  const { frame, sizes } = context.template;
  const rowH = frame.body.h / ROWS;
  const columns = items.length > ROWS ? 2 : 1;
  const columnW = (frame.contentW - GAP * (columns - 1)) / columns;
  const place = (slot: number) => ({
    x: frame.marginX + Math.floor(slot / ROWS) * (columnW + GAP),
    y: frame.body.y + (slot % ROWS) * rowH,
  });
  const itemSpec = (runs: TTextRun[], slot: number, fontSize: number, minFontSize: number): TTextBoxSpec => ({
    role: `bullets.${firstIndex + slot}`,
    x: place(slot).x + NUMBER_W,
    y: place(slot).y + 18,
    w: columnW - NUMBER_W,
    h: rowH - 22,
    paragraphs: [{ runs }],
    font: context.fonts.body,
    fontSize,
    minFontSize,
    lineHeight: LINE_HEIGHT,
    overflow: "ellipsis",
    color: palette.text,
    align: "left",
    valign: "top",
  });
  // One size for every item, so the rows read as a list.
  const size = Math.min(
    ...items.map((runs, slot) => fitTextBox(itemSpec(runs, slot, sizes.agendaItem, 18)).fit.fontSize),
  );
  return items.flatMap((runs, slot): TBox[] => {
    const { x, y } = place(slot);
    const number = fitTextBox({
      ...itemSpec([{ text: String(firstIndex + slot + 1).padStart(2, "0") }], slot, size, size),
      role: `bullets.${firstIndex + slot}.number`,
      x,
      w: NUMBER_W,
      bold: true,
      color: palette.accent,
    });
    return [
      {
        kind: "shape",
        id: `bullets.${firstIndex + slot}.rule`,
        shape: "rect",
        x,
        y,
        w: columnW,
        h: 2,
        fill: palette.border,
      },
      number.box,
      fitTextBox(itemSpec(runs, slot, size, size)).box,
    ];
  });
}
