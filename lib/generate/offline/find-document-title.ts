/**
 * The title a document opens with, and the text without it. Real documents state their title in
 * many ways: a `#` heading, a setext heading, a `Title:` field in a header block (PEPs, RFCs), or
 * a short first line of its own ("The Hoover Dam Story", "How do I change a tire?") followed by
 * the text, with or without a blank line between. Page furniture before it (HTML comments,
 * badge images) is skipped. A first line that is the start of a paragraph is not a title.
 */
import { countWords, PICTOGRAPHS_AROUND } from "./tokenize";

const HTML_COMMENT = /<!--[\s\S]*?-->/g;
const IMAGE_LINE = /^\s*(?:\[?!\[[^\]]*\]\([^)]*\)\]?(?:\([^)]*\))?\s*)+$/;
/** A document's status stamped above its title ("APPROVED", "DRAFT", "FOR IMMEDIATE RELEASE"). */
const STAMP =
  /^(?:approved|draft|final|revised|amended|confidential|unofficial|for immediate release|press release|news release|media release|embargoed)[\s!.:]*$/i;
/**
 * A journal's or paper's section label above an article's title ("Research", "Original
 * Article", "Editorial"), when the title follows on its own line.
 */
const KICKER =
  /^(?:research(?: article| paper)?|original (?:article|research|investigation)|review(?: article)?|systematic review|editorial|commentary|perspective|opinion|analysis|brief report|case report|short communication|letter|news|feature)$/i;
/**
 * A page's date above its title, in any language: "Viernes 23 de Agosto 2024", "Mardi 14 mars
 * 2023", "Freitag, 3. Mai 2024", "Monday, March 25, 2024".
 */
const DATE_ABOVE =
  /^(?:\p{L}+,?\s+)?(?:\d{1,2}\.?\s+(?:de\s+)?\p{L}{3,}\.?,?\s+(?:de\s+)?\d{4}|\p{L}{3,}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4})$/iu;
/** A page's number printed above its text ("1", "- 2 -", "Page 3"). */
const PAGE_NUMBER = /^\s*(?:[-–]\s*)?(?:page\s+)?\d{1,4}(?:\s*[-–])?\s*$/i;
const HEADER_FIELD = /^([A-Z][\w-]{1,30}):\s+(\S.*)$/;
const NO_SPACE_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** A title line is short: this many words, or characters in a script written without spaces. */
const TITLE_WORDS = 20;
const TITLE_CHARS_NO_SPACE = 40;

export type TDocumentTitle = { title?: string; rest: string };

/** Finds the opening title; `rest` is the content with the title (and any header block) removed. */
export function findDocumentTitle(content: string): TDocumentTitle {
  const text = content.replace(/\r\n?/g, "\n").replace(HTML_COMMENT, "");
  const lines = text.split("\n");
  let i = 0;
  while (
    i < lines.length &&
    (!lines[i].trim() ||
      // ("?" alone: a help button's mark left by the page.)
      !/[\p{L}\p{N}]/u.test(lines[i]) ||
      IMAGE_LINE.test(lines[i]) ||
      STAMP.test(lines[i].trim()) ||
      PAGE_NUMBER.test(lines[i]) ||
      DATE_ABOVE.test(lines[i].trim()))
  )
    i++;
  if (i >= lines.length) return { rest: text };
  const block = capitalsBlock(lines, i) ?? recordHead(lines, i);
  if (block) return block;
  // (The label counts only when a title line comes next, after at most a blank line; a single
  // word in capitals, "RECETA", "OPINION", is one in any language.)
  const after = lines.slice(i + 1).findIndex((l) => l.trim());
  const kicker = KICKER.test(lines[i].trim()) || /^\p{Lu}{3,}$/u.test(lines[i].trim());
  if (kicker && after >= 0 && after <= 1 && isTitleLine(lines[i + 1 + after].trim())) i += 1 + after;
  const first = lines[i].trim();
  // "Step 1: Turn Off the Power" heads the first of the steps, not the document.
  if (/^(?:#{1,6}\s+)?(?:step|paso|etapa|étape|schritt|passo|stap)\s+1\s*[:.)–—-]/iu.test(first))
    return { rest: text };

  // A header block of "Field: value" lines with a Title field (PEP, RFC and mail-style headers).
  const header: string[] = [];
  for (let j = i; j < lines.length && HEADER_FIELD.test(lines[j].trim()); j++) header.push(lines[j].trim());
  const titleField = header.length >= 2 ? header.find((l) => /^title:/i.test(l)) : undefined;
  if (titleField) {
    return {
      title: clean(titleField.replace(/^title:\s*/i, "")),
      rest: lines.slice(i + header.length).join("\n"),
    };
  }

  // A press release's headline in capitals, its subheads under it in capitals too ("MICROS REPORTS
  // FISCAL 2005 THIRD QUARTER RESULTS:" / "RECORD REVENUE, NET INCOME AND EPS;"): the headline is
  // the title; the subheads only announce what the release then says.
  const headline = /^([^\p{Ll}]+?):$/u.exec(first);
  if (headline && /\p{Lu}{2}/u.test(first) && countWords(first) <= BLOCK.headline) {
    let k = i + 1;
    while (k < lines.length && lines[k].trim() && !/\p{Ll}/u.test(lines[k]) && /\p{Lu}{2}/u.test(lines[k]))
      k++;
    if (k > i + 1) return titled(headline[1], lines, k);
  }
  const atx = /^#{1,2}\s+(.+?)\s*#*$/.exec(first);
  if (atx) return titled(atx[1], lines, i + 1);
  // Setext: "Title" underlined with === or ---.
  if (/^(?:=+|-+)\s*$/.test(lines[i + 1]?.trim() ?? "") && lines[i + 1].trim().length >= 3 && isShort(first))
    return titled(first, lines, i + 2);
  if (!isTitleLine(first)) return { rest: text };
  const next = lines[i + 1]?.trim() ?? "";
  // A line that runs on into the next one (a wrapped paragraph, a sentence cut by the line break)
  // is the start of a paragraph.
  if (next && /^[\p{Ll},;)]/u.test(next)) return { rest: text };
  return titled(first, lines, i + 1);
}

/**
 * Lines in capitals that name a public body's record ("TOWN OF PELHAM / BOARD OF SELECTMEN MEETING
 * / MINUTES / November 26, 2002"): this many lines at most are read to find them.
 */
const BLOCK = { scan: 15, words: 8, headline: 14 };
/** The record's kind ("MINUTES", "REGULAR MEETING", "MEETING MINUTES"): it goes last in the title. */
const RECORD_KIND =
  /^(?:(?:regular|special|public|annual|joint|emergency|adjourned|draft)\s+)*(?:meeting\s+)?(?:minutes|agenda|meeting|session|hearing)$/i;
/** A status stamped beside it ("***** DRAFT *****", "APPROVED – December 10, 2002"). */
const STAMP_LINE =
  /^[\W_]*(?:approved|draft|revised|amended|final)[\W_]*(?:\S?\s*\p{L}+\.?\s+\d{1,2},?\s+\d{4})?[\W_]*$/iu;
/** A block of capitals that names no record nor carries a date is a title of this many lines at most. */
const PLAIN_BLOCK_LINES = 3;

/**
 * A title set as a block of lines in capitals, its date under it, as public bodies head their
 * minutes and agendas: the lines joined (the record's kind last) and the date after a comma. Lines
 * above it are a page's own furniture (its browser title, "Meeting date:", "Page 1") when they are
 * short and the block names a record or carries a date.
 */
function capitalsBlock(lines: string[], from: number): TDocumentTitle | undefined {
  let seen = 0;
  for (let j = from; j < lines.length && seen < BLOCK.scan; j++) {
    const line = lines[j].trim();
    if (!line) continue;
    seen++;
    if (!isCapitalsLine(line)) {
      if (!isShort(line) || countWords(line) > 12 || (/[.!?]$/.test(line) && countWords(line) > 6))
        return undefined;
      continue;
    }
    const parts: string[] = [];
    let date: string | undefined;
    let k = j;
    for (; k < lines.length; k++) {
      const l = lines[k].trim();
      if (!l || (parts.length && STAMP_LINE.test(l))) continue;
      if (!date && parts.length && DATE_ABOVE.test(l)) date = l;
      else if (!date && isCapitalsLine(l)) parts.push(l);
      else break;
    }
    const names = parts.some((p) => RECORD_KIND.test(p)) || date !== undefined;
    if (parts.length >= 2 && (names || (j === from && parts.length <= PLAIN_BLOCK_LINES))) {
      while (k < lines.length && (!lines[k].trim() || STAMP_LINE.test(lines[k].trim()))) k++;
      const ordered = [
        ...parts.filter((p) => !RECORD_KIND.test(p)),
        ...parts.filter((p) => RECORD_KIND.test(p)),
      ];
      const title = ordered.join(" ") + (date ? `, ${date}` : "");
      return { title: clean(title), rest: lines.slice(k).join("\n") };
    }
    j = Math.max(j, k - 1);
  }
  return undefined;
}

/** A record's head has at most this many lines. */
const RECORD_HEAD_LINES = 4;

/**
 * Minutes headed in lines of their own, in any case: the body, its room, the date, the record's
 * kind ("Board of Selectmen / Town Hall Conference Room / March 16, 2005 / Minutes"). The title
 * names the body and the kind, then the date; the room is left out.
 */
function recordHead(lines: string[], from: number): TDocumentTitle | undefined {
  const head: { line: string; at: number }[] = [];
  for (let j = from; j < lines.length && head.length < RECORD_HEAD_LINES; j++) {
    const line = lines[j].trim();
    if (!line) break;
    if (!isTitleLine(line) && !DATE_ABOVE.test(line)) break;
    head.push({ line, at: j });
  }
  const date = head.find((h) => DATE_ABOVE.test(h.line));
  const kind = head.find((h) => RECORD_KIND.test(h.line));
  if (!date || !kind || head[0] === date || head[0] === kind) return undefined;
  const end = Math.max(date.at, kind.at) + 1;
  return { title: clean(`${head[0].line} ${kind.line}, ${date.line}`), rest: lines.slice(end).join("\n") };
}

/** A short line in capitals that is no field, list item or sentence. */
function isCapitalsLine(line: string): boolean {
  return (
    /\p{Lu}{2}/u.test(line) &&
    !/\p{Ll}/u.test(line) &&
    countWords(line) <= BLOCK.words &&
    !/[.,;:]$/.test(line) &&
    !/^[\p{L} ]{1,20}:\s/u.test(line) &&
    !/^(?:[-*+•>|#]|\d{1,3}[.)]\s)/.test(line) &&
    !DATE_ABOVE.test(line)
  );
}

function titled(title: string, lines: string[], from: number): TDocumentTitle {
  // "NAME: James P. Bagian", "TITLE: …" — a form's field label is not part of the title.
  return { title: clean(title.replace(FIELD_LABEL, "")), rest: lines.slice(from).join("\n") };
}

const FIELD_LABEL = /^(?:name|title|subject|re|topic|nombre|titre|titel|betreff)\s*:\s+(?=\S)/i;

/** A short line that does not end a sentence (a question or exclamation may be a title). */
function isTitleLine(line: string): boolean {
  if (!isShort(line)) return false;
  if (/[.,;:]$/.test(line) && !/\.\.\.$/.test(line)) return false;
  // A list item, a table row, a quotation or a link list is content.
  if (/^(?:[-*+•>|]|\d{1,3}[.)]\s)/.test(line)) return false;
  return /[\p{L}\p{N}]/u.test(line);
}

function isShort(line: string): boolean {
  if (NO_SPACE_SCRIPT.test(line)) return line.length <= TITLE_CHARS_NO_SPACE;
  return countWords(line) <= TITLE_WORDS && line.length <= 120;
}

/** The title without markdown emphasis, code ticks or a trailing colon. */
function clean(title: string): string {
  return (
    title
      .replace(/[*_`]+/g, "")
      // "Q. Glossary of Energy Efficiency terms with definitions?": a question page's mark.
      .replace(/^Q[.:]\s+(?=\p{Lu})/u, "")
      .replace(PICTOGRAPHS_AROUND, "")
      // " date 2021-01-14 Department of Energy": a page's date field copied before its name.
      .replace(/^(?:date:?\s+)?\d{4}-\d{2}-\d{2}\s+(?=\p{L})/iu, "")
      .replace(/\s*:\s*$/, "")
      // "Potsdam:Acht Initiativen…": a place before its story, the space after its colon lost.
      .replace(/(\p{Ll}):(?=\p{Lu}\p{Ll})/u, "$1: ")
      .replace(/\s+/g, " ")
      .trim()
  );
}
