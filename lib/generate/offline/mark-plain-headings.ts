/**
 * Plain text often has headings without markdown: minutes, memos and notes typed in an email put a
 * short line ("Treasurer's report", "2. Roof repairs", "Actions") above the text it names. Such
 * lines become markdown headings, so the text is read in its own sections rather than guessed by
 * topic. Text that already has markdown headings, or shows fewer than two such lines, is left as is.
 */
import { countWords } from "./tokenize";

const MARKDOWN_HEADING = /^\s{0,3}#{1,6}\s|^\s{0,3}(?:=+|-+)\s*$/m;
const NUMBERED = /^\s*\d{1,2}[.)]\s+/;
const MAX_HEADING_WORDS = 8;
const MIN_HEADINGS = 2;

/** Markdown with the plain-text heading lines marked (`#` for the title line, `##` for the rest). */
export function markPlainHeadings(content: string): string {
  if (MARKDOWN_HEADING.test(content)) return content;
  const blocks = content.replace(/\r\n?/g, "\n").split(/\n\s*\n/);
  const marks = blocks.map((block, i) => {
    const lines = block.split("\n").filter((l) => l.trim());
    if (lines.length === 0 || !isHeadingLine(lines[0])) return false;
    if (lines.length >= 2) return true;
    // A short line alone, followed by a block of text it introduces.
    const next = blocks[i + 1]?.trim() ?? "";
    return next.length > 0 && !isHeadingLine(next.split("\n")[0]);
  });
  const headings = marks.filter(Boolean).length - (marks[0] ? 1 : 0);
  if (headings < MIN_HEADINGS) return content;
  return blocks
    .map((block, i) => {
      if (!marks[i]) return block;
      const lines = block.split("\n").filter((l) => l.trim());
      const heading = lines[0].replace(NUMBERED, "").trim();
      const rest = lines.slice(1).join("\n");
      return `${i === 0 ? "#" : "##"} ${heading}${rest ? `\n\n${rest}` : ""}`;
    })
    .join("\n\n");
}

/** A short line with no sentence punctuation that starts like a title ("Roof repairs", "3. Risks"). */
function isHeadingLine(line: string): boolean {
  const text = line.replace(NUMBERED, "").trim();
  if (!text || countWords(text) > MAX_HEADING_WORDS) return false;
  if (/[.!?;,:]$/.test(text) || /:\s/.test(text)) return false;
  if (/^[-*+•>|]/.test(text)) return false;
  return /^[\p{Lu}\p{N}]/u.test(text) || NUMBERED.test(line);
}
