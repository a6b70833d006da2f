/**
 * A small, forgiving markdown block reader shared by the outline parser and the offline
 * generator. It only recognises what matters for slides: headings, list items (with depth),
 * paragraphs (with their lines), block quotes and tables; fenced code is skipped.
 */
import { WRAPPED_AFTER } from "./offline/tokenize";

export type TBlock =
  | { kind: "heading"; level: number; text: string }
  | { kind: "paragraph"; text: string; lines: string[] }
  | { kind: "item"; text: string; depth: number; ordered: boolean; number?: number }
  | { kind: "quote"; text: string; lines: string[] }
  | { kind: "table"; rows: string[][] }
  | { kind: "rule" };

const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
// Bullets as typed or as copied from a PDF or Word ("●", "▪", "◦", the Symbol font's "").
const ITEM = /^(\s*)(?:[-*+•●▪■◦‣\uf0b7]|(\d{1,3})[.)])\s+(.*)$/u;
/** "o Purpose of the PA" / "o Research Objectives": a plain-text list marked with the letter o. */
const O_BULLET = /^(\s*)o\s+(?=\p{Lu})/u;
const CHECKBOX = /^\[[ xX]\]\s+/;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const FENCE = /^\s{0,3}(```|~~~)/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const TABLE_DIVIDER = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

/** Reads markdown (or plain text, which is all paragraphs) into blocks, in document order. */
export function parseBlocks(markdown: string): TBlock[] {
  const lines = withOBullets(markdown.replace(/\r\n?/g, "\n").split("\n"));
  const blocks: TBlock[] = [];
  let para: string[] = [];
  let quote: string[] = [];
  let table: string[][] = [];
  let inFence = false;
  let lastItem: Extract<TBlock, { kind: "item" }> | null = null;

  const flush = () => {
    if (para.length) blocks.push({ kind: "paragraph", text: para.join(" "), lines: para });
    if (quote.length) blocks.push({ kind: "quote", text: quote.join(" "), lines: quote });
    if (table.length) blocks.push({ kind: "table", rows: table });
    para = [];
    quote = [];
    table = [];
  };

  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    if (FENCE.test(raw)) {
      flush();
      inFence = !inFence;
      lastItem = null;
      continue;
    }
    if (inFence) continue;
    const line = raw.trim();
    if (!line) {
      flush();
      // A blank line ends an item unless the next line is indented (a lazy continuation).
      if (!/^\s{2,}\S/.test(lines[i + 1] ?? "")) lastItem = null;
      continue;
    }
    const heading = HEADING.exec(raw);
    if (heading) {
      flush();
      lastItem = null;
      if (heading[2]) blocks.push({ kind: "heading", level: heading[1].length, text: heading[2] });
      continue;
    }
    // Setext heading: a single paragraph line underlined with === or ---.
    if (para.length === 1 && /^\s{0,3}(=+|-+)\s*$/.test(raw) && !lastItem) {
      const level = raw.trim().startsWith("=") ? 1 : 2;
      blocks.push({ kind: "heading", level, text: para[0] });
      para = [];
      continue;
    }
    // reStructuredText's lower headings: a line underlined with ^^^, ~~~ or """ as long as it is.
    const rst = /^([\^~"])\1{2,}\s*$/.exec(raw);
    if (para.length === 1 && rst && raw.trim().length >= para[0].trim().length && !lastItem) {
      blocks.push({ kind: "heading", level: rst[1] === '"' ? 4 : 3, text: para[0] });
      para = [];
      continue;
    }
    if (RULE.test(raw)) {
      flush();
      lastItem = null;
      blocks.push({ kind: "rule" });
      continue;
    }
    if (TABLE_ROW.test(raw)) {
      if (para.length || quote.length) flush();
      if (!TABLE_DIVIDER.test(raw)) table.push(splitRow(line));
      lastItem = null;
      continue;
    }
    const item = ITEM.exec(raw);
    if (item) {
      flush();
      const depth = Math.floor(item[1].replace(/\t/g, "  ").length / 2);
      const text = item[3].replace(CHECKBOX, "").trim();
      lastItem = {
        kind: "item",
        text,
        depth,
        ordered: item[2] !== undefined,
        ...(item[2] !== undefined ? { number: Number(item[2]) } : {}),
      };
      if (text) blocks.push(lastItem);
      continue;
    }
    if (line.startsWith(">")) {
      if (para.length || table.length) flush();
      quote.push(line.replace(/^>\s?/, ""));
      lastItem = null;
      continue;
    }
    if (
      lastItem &&
      (/^\s{2,}/.test(raw) ||
        (para.length === 0 &&
          !blankBefore(lines, i) &&
          !isLabelAfterItem(line, lastItem.text) &&
          wrapsOn(lines[i - 1], line)))
    ) {
      // Continuation of a list item's text on the next line.
      lastItem.text = `${lastItem.text} ${line}`;
      continue;
    }
    lastItem = null;
    if (quote.length || table.length) flush();
    para.push(line);
  }
  flush();
  return blocks;
}

/**
 * A line typed right under a list item that names what follows rather than going on with the
 * item: "Success Metrics:" (a short label ending in a colon), or "Materials" after an item that
 * ends its sentence.
 */
function isLabelAfterItem(line: string, item: string): boolean {
  const words = line.split(/\s+/).length;
  if (!/^\p{Lu}/u.test(line) || words > 5) return false;
  if (/^[^.!?:]+:$/.test(line)) return true;
  return words <= 2 && !/[.!?,;:]$/.test(line) && /[.!?]$/.test(item.trim());
}

/**
 * Lines marked "o " are list items when two or more in a row are ("o Purpose of the PA", "o
 * Research Objectives"); one alone may be a word of the text (Spanish "o", Portuguese "o").
 */
function withOBullets(lines: string[]): string[] {
  const marked = lines.map((l) => O_BULLET.test(l));
  return lines.map((line, i) =>
    marked[i] && (marked[i - 1] || marked[i + 1]) ? line.replace(O_BULLET, "$1- ") : line,
  );
}

/**
 * The line under a list item goes on with it when the item's line was cut where a writer's
 * editor wraps (a long line, or one that stops on a comma, an article or a preposition), or when
 * it goes on mid-sentence (lower case). "- Gather and analyze feedback" followed by "Mid-year
 * Milestones" is a short item and the heading of what comes next.
 */
function wrapsOn(previous: string, line: string): boolean {
  const before = previous.trim();
  if (/^[\p{Ll}\d(,;–—-]/u.test(line)) return true;
  if (WRAPPED_AFTER.test(before)) return true;
  return before.length >= WRAP_WIDTH && !/[.!?:]["”’)]?$/.test(before);
}

/** A list item's line at least this long was likely wrapped by the writer's editor. */
const WRAP_WIDTH = 60;

function blankBefore(lines: string[], i: number): boolean {
  return i > 0 && lines[i - 1].trim() === "";
}

function splitRow(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split("|")
    .map((c) => c.trim());
}
