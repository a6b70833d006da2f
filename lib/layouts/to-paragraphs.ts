/** Slide content strings → paragraph specs for the fitter. Client-safe. */
import type { TTextRun } from "./boxes";
import type { TParagraphSpec } from "./fit-text";
import { parseInline } from "./parse-inline";

/** One line of inline text (titles, headings): newlines and runs of spaces become one space. */
export function inlineRuns(text: string | undefined): TTextRun[] {
  const clean = (text ?? "").replace(/\s+/g, " ").trim();
  return clean ? parseInline(clean) : [];
}

/** Body text → one paragraph per source line; blank lines are dropped. */
export function textParagraphs(text: string | undefined): TParagraphSpec[] {
  return (text ?? "")
    .split(/\n/)
    .map((line) => ({ runs: inlineRuns(line) }))
    .filter((paragraph) => paragraph.runs.length > 0);
}

/** Bullet strings → bulleted paragraphs; empty items are dropped. */
export function bulletParagraphs(items: string[] | undefined): TParagraphSpec[] {
  return (items ?? [])
    .map((item) => ({ runs: inlineRuns(item), bullet: true }))
    .filter((paragraph) => paragraph.runs.length > 0);
}
