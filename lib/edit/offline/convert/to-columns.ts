/**
 * "Two columns" / "compare": two labelled groups of lines ("Pros: …" / "Cons: …", "Before:" then
 * its items, any two labels) become the two panels; a table's two value columns become the two
 * sides; otherwise (two columns only) the lines are split in half. A comparison needs two sides
 * the slide names — it never invents headings. Pure.
 */
import type { TColumn, TSlide, TSlideContent } from "@/lib/deck/schema";
import { plainText } from "@/lib/generate/offline/tokenize";
import { splitColumns } from "@/lib/generate/split-columns";
import { EditRefusal } from "../../edit-refusal";
import { count, moveToNotes, notesField } from "../move-to-notes";
import { slideLines, splitPair, tableLines } from "../read-slide";
import { carryOver } from "./carry-over";
import type { TConverted } from "./types";

const MAX_BULLETS = 30;

/** The slide as a two-column slide (`comparison` false) or a comparison. */
export function toColumns(slide: TSlide, comparison: boolean): TConverted {
  const c = slide.content;
  const layout = comparison ? "comparison" : "two-column";
  if (slide.layout === layout) throw new EditRefusal(`The slide is already a ${layout} slide.`);
  const carried = carryOver(c, layout);
  const warnings = [...carried.warnings];
  const moved = [...carried.moved];

  let columns: TColumn[] | null = null;
  if (c.columns?.length === 2) columns = c.columns;
  else if (c.table && c.table.header.length >= 3) {
    const { header, rows } = c.table;
    columns = [1, 2].map((col) => ({
      heading: header[col],
      bullets: rows.map((row) => `${row[0]}: ${row[col]}`),
    }));
    if (header.length > 3) {
      warnings.push(`A ${layout} slide has two sides; the table's other columns were copied to the notes.`);
      moved.push(...tableLines(c.table));
    }
  } else {
    const lines = slideLines(c);
    // Any two labels make the sides of a comparison; plain columns want real groups.
    columns = splitColumns(lines) ?? twoLabels(lines, comparison ? 1 : 2);
    if (!columns && !comparison && lines.length >= 2) {
      const half = Math.ceil(lines.length / 2);
      columns = [{ bullets: lines.slice(0, half) }, { bullets: lines.slice(half) }];
    }
    if (!columns)
      throw new EditRefusal(
        comparison
          ? 'A comparison needs two sides the slide names, such as bullets written "Before: …" and "After: …" (or "Option A: …" and "Option B: …").'
          : "Two columns need at least two bullets to share between them.",
      );
  }
  if (comparison && columns.some((col) => !col.heading?.trim()))
    throw new EditRefusal(
      'A comparison needs two named sides: write the bullets as "Before: …" and "After: …" (or name the columns) first.',
    );
  const capped = columns.map((col) => ({ ...col, bullets: col.bullets?.slice(0, MAX_BULLETS) }));
  const over = columns.flatMap((col) => col.bullets?.slice(MAX_BULLETS) ?? []);
  if (over.length) {
    warnings.push(
      `A column holds ${MAX_BULLETS} bullets; ${count(over.length, "bullet")} moved to the notes.`,
    );
    moved.push(...over);
  }
  const content: TSlideContent = { ...carried.content, columns: capped.map(tidyColumn) };
  const headings = capped.map((col) => plainText(col.heading ?? "").trim()).filter(Boolean);
  return {
    layout,
    content,
    ...notesField(moveToNotes(slide.notes, moved)),
    summary: `laid the slide out as ${comparison ? "a comparison" : "two columns"}${headings.length === 2 ? ` (${headings.join(" / ")})` : ""}`,
    warnings,
  };
}

/** Lines labelled with exactly two labels ("Solar: …", "Diesel: …"), grouped by label, `least` lines each. */
function twoLabels(lines: readonly string[], least: number): TColumn[] | null {
  const groups = new Map<string, TColumn>();
  for (const line of lines) {
    const pair = splitPair(line);
    if (!pair) return null;
    const key = plainText(pair[0]).toLowerCase();
    const group = groups.get(key) ?? { heading: pair[0], bullets: [] };
    group.bullets?.push(pair[1]);
    groups.set(key, group);
  }
  const sides = [...groups.values()];
  return sides.length === 2 && sides.every((side) => (side.bullets?.length ?? 0) >= least) ? sides : null;
}

function tidyColumn(col: TColumn): TColumn {
  return {
    ...(col.heading?.trim() ? { heading: col.heading.trim() } : {}),
    ...(col.bullets?.length ? { bullets: col.bullets } : {}),
    ...(col.body?.trim() ? { body: col.body } : {}),
  };
}
