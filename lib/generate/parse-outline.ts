/**
 * Reads one slide written in markdown (by us or by a user) back into an outline slide. Forgiving:
 * any heading level works, plain text works (the first line is the title), nested lists are
 * flattened, and emphasis is kept unless asked otherwise.
 */
import { plainText } from "./offline/tokenize";
import { parseBlocks } from "./parse-blocks";
import type { TOutlineSlide } from "./types";

export type TParseSlideOptions = {
  /** Remove markdown emphasis from the text (kept by default: the deck renders it). */
  stripEmphasis?: boolean;
};

const NOTES_LABEL = /^(?:speaker\s+)?notes?\s*:\s*/i;

/**
 * Parses one slide's markdown: heading → title, list items → bullets, paragraphs → body, the first
 * table → table (later ones → bullets), a block quote → the slide's quotation, unless it is
 * labelled "Notes:" (then speaker notes).
 */
export function parseSlideMarkdown(md: string, opts: TParseSlideOptions = {}): TOutlineSlide {
  const blocks = parseBlocks(md);
  let title: string | undefined;
  const bullets: string[] = [];
  const body: string[] = [];
  const notes: string[] = [];
  let table: string[][] | undefined;
  let quote: string[] | undefined;

  for (const block of blocks) {
    switch (block.kind) {
      case "heading":
        if (title === undefined) title = block.text;
        else body.push(block.text);
        break;
      case "item":
        if (title === undefined) title = block.text;
        else bullets.push(block.text);
        break;
      case "paragraph": {
        let lines = block.lines;
        if (title === undefined) {
          title = lines[0];
          lines = lines.slice(1);
        }
        if (lines.length === 0) break;
        const text = lines.join(" ");
        if (NOTES_LABEL.test(text)) notes.push(text.replace(NOTES_LABEL, ""));
        else body.push(text);
        break;
      }
      case "quote":
        if (NOTES_LABEL.test(block.lines[0] ?? "") || quote)
          notes.push(block.lines.join("\n").replace(NOTES_LABEL, ""));
        else quote = block.lines;
        break;
      case "table":
        if (!table && block.rows.length >= 2) table = block.rows;
        else for (const row of block.rows) bullets.push(row.filter(Boolean).join(" – "));
        break;
      default:
        break;
    }
  }

  const clean = (s: string) => {
    const t = s.replace(/[ \t]+/g, " ").trim();
    return opts.stripEmphasis ? plainText(t) : t;
  };
  const slide: TOutlineSlide = { title: clean(title ?? ""), bullets: bullets.map(clean).filter(Boolean) };
  const bodyText = body.map(clean).filter(Boolean).join("\n\n");
  if (bodyText) slide.body = bodyText;
  const notesText = notes
    .map((n) => n.trim())
    .filter(Boolean)
    .join("\n");
  if (notesText) slide.notes = notesText;
  if (table) {
    const width = Math.max(...table.map((row) => row.length));
    const pad = (row: string[]) => Array.from({ length: width }, (_, i) => clean(row[i] ?? ""));
    slide.table = { header: pad(table[0]), rows: table.slice(1).map(pad) };
  }
  if (quote) slide.quote = readQuote(quote, clean);
  return slide;
}

const ATTRIBUTION = /^\s*(?:[—–]|--|-)\s*(\S.*)$/;

/** A quotation's lines; a last line starting with a dash names who said it. */
function readQuote(lines: string[], clean: (s: string) => string): { text: string; attribution?: string } {
  const last = ATTRIBUTION.exec(lines.at(-1) ?? "");
  const textLines = last && lines.length > 1 ? lines.slice(0, -1) : lines;
  const text = clean(textLines.join(" ")).replace(/^["“]|["”]$/g, "");
  return last && lines.length > 1 ? { text, attribution: clean(last[1]) } : { text };
}
