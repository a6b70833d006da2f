/**
 * Rebuilds a PDF's text as markdown from its positioned lines: paragraphs joined across line
 * wraps, headings from larger type, list items from bullet glyphs, running headers, footers and
 * page numbers dropped.
 */
import { heaviestKey } from "./heaviest-key";

/** One line of text on a page, in PDF units (y grows upwards). */
export type TPdfLine = { text: string; size: number; x: number; y: number; right: number };

const BULLET = /^[•◦▪▫●○■□‣⁃∙·–—-]\s+/;
const NUMBERED = /^(?:\(?\d{1,3}[.)]|[a-z][.)])\s+\S/;
const PAGE_NUMBER =
  /^(?:page\s+)?\d{1,4}(?:\s*(?:of|\/)\s*\d{1,4})?$|^[-–]\s*\d{1,4}\s*[-–]$|^x{0,3}(?:ix|iv|v?i{0,3})$/i;
/** A table-of-contents line: a title, dot leaders, a page number. */
const TOC_LINE = /(?:\.\s?){4,}\s*[\divxlc]+$/i;
const SENTENCE_END = /[.!?:;"”’)\]]$/;

/** Turns the pages' lines into markdown. */
export function pdfLinesToMarkdown(pages: TPdfLine[][]): string {
  const cleaned = dropRunningLines(pages);
  const body = bodySize(cleaned);
  const levels = headingLevels(cleaned, body);
  const leading = typicalLeading(cleaned, body);
  const blocks: string[] = [];
  let para: string[] = [];
  let lastHeading: { size: number; index: number; words: number } | null = null;
  let prev: { line: TPdfLine; page: number; pageRight: number } | null = null;

  const flush = () => {
    if (para.length) blocks.push(joinLines(para));
    para = [];
  };

  cleaned.forEach((lines, page) => {
    let pageRight = 0;
    for (const l of lines) if (near(l.size, body)) pageRight = Math.max(pageRight, l.right);
    for (const line of lines) {
      const level = levels.get(round(line.size));
      const startsItem = BULLET.test(line.text) || NUMBERED.test(line.text);
      // "2. Methods" in large type is a numbered heading; a bullet glyph never starts one.
      if (level && !BULLET.test(line.text) && isHeadingText(line.text)) {
        flush();
        // A heading wrapped over two lines arrives as two lines of the same size, close together.
        const last = lastHeading;
        const words = line.text.split(/\s+/).length;
        const wrapped =
          last &&
          last.index === blocks.length - 1 &&
          last.size === round(line.size) &&
          last.words + words <= 20 &&
          prev?.page === page &&
          prev.line.y - line.y > 0 &&
          prev.line.y - line.y < line.size * 1.6;
        if (last && wrapped) {
          blocks[last.index] = `${blocks[last.index]} ${line.text}`;
          last.words += words;
        } else {
          blocks.push(`${"#".repeat(level)} ${line.text}`);
          lastHeading = { size: round(line.size), index: blocks.length - 1, words };
        }
        prev = { line, page, pageRight };
        continue;
      }
      if (startsItem || !para.length || !continues(prev, line, page, leading)) {
        flush();
        para.push(startsItem ? line.text.replace(BULLET, "- ") : line.text);
      } else {
        para.push(line.text);
      }
      prev = { line, page, pageRight };
      lastHeading = null;
    }
  });
  flush();
  // List items sit on consecutive lines; everything else is separated by a blank line.
  let out = "";
  blocks.forEach((block, i) => {
    const isItem = /^(?:- |\(?\d{1,3}[.)] |[a-z][.)] )/.test(block);
    const prevItem = i > 0 && /^(?:- |\(?\d{1,3}[.)] |[a-z][.)] )/.test(blocks[i - 1]);
    out += i === 0 ? block : `${isItem && prevItem ? "\n" : "\n\n"}${block}`;
  });
  return out.trim();
}

/** Whether `line` continues the paragraph `prev` ended. */
function continues(
  prev: { line: TPdfLine; page: number; pageRight: number } | null,
  line: TPdfLine,
  page: number,
  leading: number,
): boolean {
  if (!prev) return false;
  const last = prev.line.text;
  if (prev.page !== page) return !SENTENCE_END.test(last) && /^[\p{Ll}\d(]/u.test(line.text);
  const gap = prev.line.y - line.y;
  if (gap <= 0 || gap > leading * 1.35) return false;
  if (!near(prev.line.size, line.size)) return false;
  // A short line ending a sentence closes its paragraph even without extra spacing.
  if (SENTENCE_END.test(last) && prev.pageRight > 0 && prev.line.right < prev.pageRight * 0.85) return false;
  return true;
}

/**
 * Joins wrapped lines, undoing hyphenation at line ends. Each line is looked at once and the
 * pieces joined at the end: testing the growing paragraph per line was quadratic.
 */
function joinLines(lines: string[]): string {
  const pieces = [lines[0]];
  for (let i = 1; i < lines.length; i++) {
    const last = pieces.length - 1;
    if (/\p{L}-$/u.test(pieces[last]) && /^\p{Ll}/u.test(lines[i])) pieces[last] = pieces[last].slice(0, -1);
    else pieces.push(" ");
    pieces.push(lines[i]);
  }
  return pieces.join("").replace(/\s+/g, " ").trim();
}

/** Drops page numbers and header/footer lines repeated at the top or bottom of many pages. */
function dropRunningLines(pages: TPdfLine[][]): TPdfLine[][] {
  const key = (line: TPdfLine) => line.text.toLowerCase().replace(/\d+/g, "#").replace(/\s+/g, " ").trim();
  const counts = new Map<string, number>();
  for (const lines of pages) {
    const edges = new Set(
      [lines[0], lines[1], lines.at(-1), lines.at(-2)].filter(Boolean).map((l) => key(l as TPdfLine)),
    );
    for (const k of edges) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const threshold = pages.length < 2 ? Number.POSITIVE_INFINITY : Math.max(2, Math.ceil(pages.length * 0.5));
  return pages.map((lines) =>
    lines.filter((line, i) => {
      if (TOC_LINE.test(line.text)) return false;
      const edge = i < 2 || i >= lines.length - 2;
      if (!edge) return true;
      if (PAGE_NUMBER.test(line.text.trim())) return false;
      // Running headers and footers are short lines at the edge of pages that carry more.
      if (lines.length < 4 || line.text.split(/\s+/).length > 12) return true;
      return (counts.get(key(line)) ?? 0) < threshold;
    }),
  );
}

/** The font size carrying the most characters: the body text. */
function bodySize(pages: TPdfLine[][]): number {
  const chars = new Map<number, number>();
  for (const lines of pages)
    for (const line of lines)
      chars.set(round(line.size), (chars.get(round(line.size)) ?? 0) + line.text.length);
  return heaviestKey(chars, 0);
}

/** Sizes clearly larger than the body, largest first, as heading levels 1–3. */
function headingLevels(pages: TPdfLine[][], body: number): Map<number, number> {
  const sizes = new Set<number>();
  for (const lines of pages)
    for (const line of lines)
      if (line.size >= body * 1.15 && isHeadingText(line.text)) sizes.add(round(line.size));
  const sorted = [...sizes].sort((a, b) => b - a);
  return new Map(sorted.map((size, i) => [size, Math.min(3, i + 1)]));
}

/** The usual distance between consecutive body lines. */
function typicalLeading(pages: TPdfLine[][], body: number): number {
  const gaps: number[] = [];
  for (const lines of pages) {
    for (let i = 1; i < lines.length; i++) {
      const gap = lines[i - 1].y - lines[i].y;
      if (gap > 0 && near(lines[i].size, body) && near(lines[i - 1].size, body)) gaps.push(gap);
    }
  }
  if (gaps.length === 0) return body * 1.3;
  gaps.sort((a, b) => a - b);
  return gaps[Math.floor(gaps.length * 0.3)];
}

function isHeadingText(text: string): boolean {
  const words = text.trim().split(/\s+/).length;
  return words <= 15 && /\p{L}/u.test(text) && !/[.,;]$/.test(text.trim());
}

function round(size: number): number {
  return Math.round(size * 2) / 2;
}

function near(a: number, b: number): boolean {
  return Math.abs(a - b) <= Math.max(0.6, b * 0.06);
}
