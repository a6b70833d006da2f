/**
 * "Turn into a table": figures, dated steps, cards, charts, the two sides of a comparison, rows
 * of cells ("North | 120 | 14%") and "Label: value" bullets become a table with a header row;
 * bullets that are none of these become a one-column table. Pure.
 */
import type { TSlide, TSlideContent, TTable } from "@/lib/deck/schema";
import type { TEditContext } from "../../edit-context";
import { EditRefusal } from "../../edit-refusal";
import { parseFigure } from "../figures";
import { count, moveToNotes, notesField } from "../move-to-notes";
import { slideLines, splitCells, splitPair, splitPairs, withUnit } from "../read-slide";
import { type TTableWords, tableWords } from "../table-words";
import { carryOver } from "./carry-over";
import type { TConverted } from "./types";

const MAX_ROWS = 50;

/** The slide as a table slide. */
export function toTable(slide: TSlide, ctx: TEditContext): TConverted {
  const c = slide.content;
  if (c.table) throw new EditRefusal("The slide is already a table.");
  if (c.quote && !c.bullets?.length)
    throw new EditRefusal("A quotation has no rows or columns to put in a table.");
  const built = buildTable(c, tableWords(ctx.deck.language));
  if (!built) throw new EditRefusal("The slide has no bullets or data to put in a table.");
  const carried = carryOver(c, "table");
  const rows = built.table.rows.slice(0, MAX_ROWS);
  const extra = built.table.rows.slice(MAX_ROWS).map((row) => row.join(" · "));
  const warnings = [...built.warnings, ...carried.warnings];
  if (extra.length)
    warnings.push(`A table holds ${MAX_ROWS} rows; ${count(extra.length, "row")} moved to the notes.`);
  const numeric = rows.length >= 2 && built.table.header.length >= 2 && rows.every((r) => parseFigure(r[1]));
  const summary = `turned the slide into a table of ${count(rows.length, "row")} and ${count(built.table.header.length, "column")}${numeric ? ' (its values are numbers: "turn into a chart" draws them)' : ""}`;
  return {
    layout: "table",
    content: { ...carried.content, table: { header: built.table.header, rows } },
    ...notesField(moveToNotes(slide.notes, [...carried.moved, ...extra])),
    summary,
    warnings,
  };
}

type TBuilt = { table: TTable; warnings: string[] };

function buildTable(c: TSlideContent, words: TTableWords): TBuilt | null {
  if (c.chart) {
    const { chart } = c;
    return {
      table: {
        header: [words.item, ...chart.series.map((s) => s.name)],
        rows: chart.categories.map((cat, i) => [
          cat,
          ...chart.series.map((s) => withUnit(s.values[i], chart.unit)),
        ]),
      },
      warnings: [],
    };
  }
  if (c.metrics?.length) {
    const detail = c.metrics.some((m) => m.detail);
    return {
      table: {
        header: detail ? [words.item, words.value, words.details] : [words.item, words.value],
        rows: c.metrics.map((m) => (detail ? [m.label, m.value, m.detail ?? ""] : [m.label, m.value])),
      },
      warnings: [],
    };
  }
  if (c.timeline?.length) {
    const detail = c.timeline.some((e) => e.body);
    return {
      table: {
        header: detail ? [words.date, words.step, words.details] : [words.date, words.step],
        rows: c.timeline.map((e) => (detail ? [e.date, e.title, e.body ?? ""] : [e.date, e.title])),
      },
      warnings: [],
    };
  }
  if (c.items?.length) {
    const detail = c.items.some((i) => i.body);
    return {
      table: {
        header: detail ? [words.item, words.details] : [words.item],
        rows: c.items.map((i) => (detail ? [i.title, i.body ?? ""] : [i.title])),
      },
      warnings: [],
    };
  }
  const columns = c.columns?.filter((col) => col.bullets?.length || col.body?.trim()) ?? [];
  if (columns.length === 2 && columns.every((col) => col.heading?.trim())) {
    const cells = columns.map((col) => [...(col.bullets ?? []), ...(col.body?.trim() ? [col.body] : [])]);
    const height = Math.max(...cells.map((list) => list.length));
    return {
      table: {
        header: columns.map((col) => col.heading as string),
        rows: Array.from({ length: height }, (_, i) => cells.map((list) => list[i] ?? "")),
      },
      warnings: [],
    };
  }
  const lines = slideLines(c);
  if (lines.length === 0) return null;
  const cells = splitCells(lines);
  if (cells) {
    // A first row without figures above rows with figures is the header ("Region | Sales").
    const headed = !/\d/.test(cells[0].join(" ")) && cells.slice(1).some((r) => /\d/.test(r.join(" ")));
    if (headed && cells.length >= 2)
      return { table: { header: cells[0], rows: cells.slice(1) }, warnings: [] };
    return {
      table: { header: cells[0].map((_, i) => (i === 0 ? words.item : `${words.value} ${i}`)), rows: cells },
      warnings: [],
    };
  }
  const pairs = splitPairs(lines);
  if (pairs) {
    const numeric = pairs.every(([, value]) => parseFigure(value));
    return {
      table: { header: [words.item, numeric ? words.value : words.details], rows: pairs },
      warnings: [],
    };
  }
  // Mostly "Label: value" lines: two columns, a line without a label a row of its own.
  const some = lines.map(splitPair);
  if (some.filter(Boolean).length * 2 >= lines.length)
    return {
      table: {
        header: [words.item, words.details],
        rows: lines.map((line, i) => some[i] ?? [line, ""]),
      },
      warnings: [],
    };
  // The title stays the slide's title; the one column is headed with the word for an item.
  return {
    table: { header: [words.item], rows: lines.map((l) => [l]) },
    warnings: [
      'The bullets are not written as "Label: value" pairs, so the table has one column; write them as "Label: value" for two.',
    ],
  };
}
