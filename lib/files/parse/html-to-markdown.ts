/**
 * Turns the HTML mammoth writes for a DOCX into markdown the generator reads: headings, nested
 * bulleted and numbered lists, tables (first row as header), bold and italic. Footnote reference
 * marks and pictures are dropped (pictures are extracted separately).
 */
import { xmlTokens } from "../xml/xml-tokens";
import { markdownTable } from "./markdown-table";

type TList = { ordered: boolean; count: number };

/** Markdown for mammoth's HTML output. */
export function htmlToMarkdown(html: string): string {
  const blocks: { text: string; item: boolean }[] = [];
  const lists: TList[] = [];
  let inline = "";
  let heading = 0;
  let table: string[][] | null = null;
  let row: string[] | null = null;
  let cell: string | null = null;
  let skipDepth = 0;

  // Open emphasis: the marker and where its content starts in the active buffer.
  const marks: { marker: string; start: number }[] = [];
  const buffer = () => cell ?? inline;
  const setBuffer = (text: string) => {
    if (cell !== null) cell = text;
    else inline = text;
  };
  const append = (text: string) => setBuffer(buffer() + text);
  const openMark = (marker: string) => {
    append(marker);
    marks.push({ marker, start: buffer().length });
  };
  // Markdown emphasis must hug its text: spaces move outside, empty emphasis disappears.
  const closeMark = () => {
    const mark = marks.pop();
    if (!mark) return;
    const text = buffer();
    const before = text.slice(0, mark.start - mark.marker.length);
    const content = text.slice(mark.start);
    if (!content.trim()) return setBuffer(before + content);
    const lead = /^\s*/.exec(content)?.[0] ?? "";
    const trail = /\s*$/.exec(content)?.[0] ?? "";
    setBuffer(`${before}${lead}${mark.marker}${content.trim()}${mark.marker}${trail}`);
  };
  const flushInline = () => {
    const text = tidy(inline);
    inline = "";
    marks.length = 0;
    if (!text) return;
    if (lists.length) {
      const list = lists[lists.length - 1];
      list.count++;
      const marker = list.ordered ? `${list.count}.` : "-";
      blocks.push({ text: `${"  ".repeat(lists.length - 1)}${marker} ${text}`, item: true });
    } else if (heading) {
      blocks.push({ text: `${"#".repeat(heading)} ${text}`, item: false });
    } else {
      blocks.push({ text, item: false });
    }
  };

  for (const token of xmlTokens(`<root>${html}</root>`)) {
    if (token.kind === "text") {
      if (!skipDepth) append(token.text);
      continue;
    }
    const name = token.name.toLowerCase();
    if (token.kind === "open") {
      if (skipDepth) {
        if (!token.selfClosing) skipDepth++;
        continue;
      }
      if (name === "a" && /^#(?:footnote|endnote|comment)/.test(token.attrs.href ?? "")) {
        if (!token.selfClosing) skipDepth = 1;
        continue;
      }
      if (/^h[1-6]$/.test(name)) {
        flushInline();
        heading = Number(name[1]);
      } else if (name === "p") {
        if (cell !== null) cell += " ";
        else if (!lists.length) flushInline();
        else append(" ");
      } else if (name === "ul" || name === "ol") {
        flushInline();
        lists.push({ ordered: name === "ol", count: 0 });
      } else if (name === "li") flushInline();
      else if (name === "table") {
        flushInline();
        table = [];
      } else if (name === "tr") row = [];
      else if (name === "td" || name === "th") cell = "";
      else if (name === "strong" || name === "b") openMark("**");
      else if (name === "em" || name === "i") openMark("*");
      else if (name === "br") append(" ");
      continue;
    }
    if (skipDepth) {
      skipDepth--;
      continue;
    }
    if (/^h[1-6]$/.test(name)) {
      flushInline();
      heading = 0;
    } else if (name === "p" && cell === null && !lists.length) flushInline();
    else if (name === "li") flushInline();
    else if (name === "ul" || name === "ol") {
      flushInline();
      lists.pop();
    } else if (name === "td" || name === "th") {
      row?.push(tidy(cell ?? "").replace(/\|/g, "\\|"));
      cell = null;
    } else if (name === "tr") {
      if (row && table && row.some(Boolean)) table.push(row);
      row = null;
    } else if (name === "table") {
      if (table?.length) blocks.push({ text: markdownTable(table), item: false });
      table = null;
    } else if (["strong", "b", "em", "i"].includes(name)) closeMark();
  }
  flushInline();
  let out = "";
  blocks.forEach((block, i) => {
    out += i === 0 ? block.text : `${block.item && blocks[i - 1].item ? "\n" : "\n\n"}${block.text}`;
  });
  return out;
}

/** Collapses whitespace; joins bold runs Word split in two ("**a****b**"). */
function tidy(text: string): string {
  return text
    .replace(/\*\*\*\*/g, "")
    .replace(/\s+/g, " ")
    .trim();
}
