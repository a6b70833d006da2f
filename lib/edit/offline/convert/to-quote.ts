/**
 * "As a quote": a quotation the slide already holds ("“…” — Name", in a bullet, the lead or the
 * notes) becomes the quote with its attribution; otherwise the lead, or the slide's most central
 * line, is set as the quote, without inventing who said it. The other lines go to the notes. Pure.
 */
import type { TQuote, TSlide } from "@/lib/deck/schema";
import { rankSentences } from "@/lib/generate/offline/rank-sentences";
import { splitSentences } from "@/lib/generate/offline/split-sentences";
import { terms } from "@/lib/generate/offline/tokenize";
import { EditRefusal } from "../../edit-refusal";
import { count, moveToNotes, notesField } from "../move-to-notes";
import { slideLines } from "../read-slide";
import { carryOver } from "./carry-over";
import type { TConverted } from "./types";

const QUOTED = /^[“"«„‘']\s*([\s\S]+?)\s*[”"»“’']\s*[.,]?\s*(?:(?:[—–-]|--)\s*(.+?)\s*)?$/;

/** The slide as a quote slide. */
export function toQuote(slide: TSlide): TConverted {
  const c = slide.content;
  if (c.quote) throw new EditRefusal("The slide is already a quote.");
  const lines = slideLines(c);
  const lead = c.body?.trim();
  const noteLines = splitSentences(slide.notes ?? "");
  const warnings: string[] = [];

  let quote: TQuote | null = null;
  let used: string | undefined;
  for (const candidate of [...lines, ...(lead ? [lead] : []), ...noteLines]) {
    const m = QUOTED.exec(candidate.trim());
    if (m) {
      quote = { text: m[1], ...(m[2] ? { attribution: m[2] } : {}) };
      used = candidate;
      break;
    }
  }
  if (!quote) {
    used = lead && (lines.length === 0 || lines.length > 1) ? lead : central(lines);
    if (!used) throw new EditRefusal("The slide has no text to set as a quote.");
    quote = { text: used };
    warnings.push(
      "The slide does not say who said this, so the quote has no attribution: add one in the editor.",
    );
  }
  const carried = carryOver({ ...c, body: c.body === used ? undefined : c.body }, "quote");
  const others = lines.filter((l) => l !== used);
  const moved = [...carried.moved, ...others];
  if (others.length)
    warnings.push(
      `The quote slide shows the quotation only: ${count(others.length, "other line")} moved to the notes.`,
    );
  return {
    layout: "quote",
    content: { ...carried.content, quote },
    ...notesField(moveToNotes(slide.notes, moved)),
    summary: quote.attribution
      ? `made the slide a quote by ${quote.attribution}`
      : "made the slide's key line a quote",
    warnings: [...carried.warnings, ...warnings],
  };
}

/** The line that shares most with the others (TextRank), the first on a tie. */
function central(lines: readonly string[]): string | undefined {
  if (lines.length <= 1) return lines[0];
  const scores = rankSentences(lines.map((l) => terms(l)));
  let best = 0;
  scores.forEach((s, i) => {
    if (s > scores[best] + 1e-9) best = i;
  });
  return lines[best];
}
