/**
 * Outline → markdown, one string per slide: what the outline endpoint answers and what a user
 * edits before generating. parse-outline.ts reads it back.
 */
import type { TOutlineSlide } from "./types";

export type TOutlineMarkdownOptions = {
  /** Append speaker notes as a "> Notes:" quote (off: the outline is for reviewing content). */
  includeNotes?: boolean;
};

/** Renders each slide as `## Title`, `- bullet` lines, then the body and (optionally) notes. */
export function outlineToMarkdown(
  slides: readonly TOutlineSlide[],
  opts: TOutlineMarkdownOptions = {},
): string[] {
  return slides.map((slide) => {
    const parts = [`## ${oneLine(slide.title)}`];
    if (slide.bullets.length) parts.push(slide.bullets.map((b) => `- ${oneLine(b)}`).join("\n"));
    if (slide.table) parts.push(tableMarkdown(slide.table));
    if (slide.quote) {
      const quote = [`> ${oneLine(slide.quote.text)}`];
      if (slide.quote.attribution) quote.push(`> — ${oneLine(slide.quote.attribution)}`);
      parts.push(quote.join("\n"));
    }
    if (slide.body?.trim()) parts.push(slide.body.trim());
    if (opts.includeNotes && slide.notes?.trim()) {
      const lines = slide.notes.trim().split(/\n+/);
      parts.push(lines.map((l, i) => `> ${i === 0 ? "Notes: " : ""}${l}`).join("\n"));
    }
    return parts.join("\n\n");
  });
}

function tableMarkdown(table: NonNullable<TOutlineSlide["table"]>): string {
  const row = (cells: string[]) => `| ${cells.map((c) => oneLine(c).replace(/\|/g, "\\|")).join(" | ")} |`;
  return [row(table.header), `|${table.header.map(() => " --- ").join("|")}|`, ...table.rows.map(row)].join(
    "\n",
  );
}

// A line break inside a title or bullet would end it early when the markdown is read back.
function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ").trim();
}
