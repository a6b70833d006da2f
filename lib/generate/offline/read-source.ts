/**
 * Turns the input text (markdown or plain) into the offline generator's model: units
 * (sentences and list items) grouped into sections by headings, or by topic when there are none.
 */
import nlp from "compromise";
import { isDatedList, MONTHS } from "../content-shape";
import { readFrontMatter } from "../front-matter";
import { parseBlocks, type TBlock } from "../parse-blocks";
import { fromCapitals, readWrittenCase, withCapitalLabels } from "./capitals-case";
import { detectLanguage } from "./detect-language";
import { findDocumentTitle } from "./find-document-title";
import {
  markPlainHeadings,
  withAmountLines,
  withBareSteps,
  withEntriesAsList,
  withInstructionLines,
  withLoneMarksJoined,
  withParagraphRuns,
  withStepHeadings,
} from "./mark-plain-headings";
import { quantityRows } from "./quantity-list";
import { readBlockQuote, readQuotedParagraph, readQuotedSentences } from "./read-quotes";
import { segmentByTopic } from "./segment-by-topic";
import type { TSection, TSource, TSourceTable, TUnit } from "./source-types";
import { splitSentences } from "./split-sentences";
import { withBarCellsAsTables, withCellLinesAsTables } from "./table-from-cell-lines";
import { capitalise } from "./title-case";
import { countWords, NAME_TITLES, PICTOGRAPHS_AROUND, plainText, terms, WRAPPED_AFTER } from "./tokenize";
import { verbCount } from "./word-classes";

/** A link pasted after a word ("sanitizer<https://…>"): the address is not part of the sentence. */
const AUTOLINK = /<https?:\/\/[^>\s]+>/g;
const HTML_TAG = /<\/?(?:a|span|div|p|br|sup|sub|img|em|strong|b|i|u|small|code|kbd|abbr|mark)\b[^<>]*>/gi;
/**
 * A site generator's tag in a page's source ("{% slack_channel "g-consulting" "Consulting Guild
 * (#g-consulting)" %}"): the page shows its last quoted argument, the link's words.
 */
const TEMPLATE_TAG = /\{%-?\s*[\w-]+((?:\s+"[^"{}%]*")*)\s*-?%\}/g;
/** "[RFC 6265](https://…)", "[the spec][1]": a link reads as its text. */
const MARKDOWN_LINK = /\[([^\]\n]+)\](?:\((?:[^()\s]|\([^()\s]*\))+(?:\s+"[^"]*")?\)|\[[^\]\n]*\])/g;
/** "…of [Marketing Management]": a link's words in brackets, after a word of prose, no link target after them. */
const LINK_BRACKETS = /(?<=(?:^|\s)\p{L}[\p{L}'’]*\s)\[(\p{L}[^\]\n]{0,80})\](?![([:])/gu;
const LINK_BRACKETS_MIN = 2;
/** A markdown picture, or a badge (a picture that is a link): not text a slide can say. */
const PICTURE = /\[!\[[^\]]*\]\([^)]*\)\]\([^)]*\)|!\[[^\]]*\]\([^)]*\)/g;
/**
 * A credit line ("Source: www.cdc.gov", "Information from: WDIO-TV, http://www.wdio.com") names
 * where the text came from; it is no point of its own.
 */
const SOURCE_LINE =
  /^(?:sources?|fuentes?|quellen?|crédits?|credits?|information from|reporting by|via|photo(?: credit)?s?)\s*:\s*\S(?:\S*\s*){0,12}$/i;
/**
 * reStructuredText markup: a directive's or comment's line (".. note::", ".. contents::",
 * ".. release schedule: feature") with the option lines under it (":local:") — the text under a
 * directive stays; a link `text <url>`__; a role :pep:`602` / :func:`name`.
 */
const RST_MARKUP_LINE = /^\.\.\s.*$|^[ \t]+:[\w-]+:.*$/;
const RST_LINK = /`([^`<]+?)\s*<[^<>`]+>`_{1,2}/g;
const RST_ROLE = /:([a-z_]+(?::[a-z_]+)?):`~?([^`]+?)`/g;
const LABELLED_ITEMS = 8;
/** "February:", "September 11:" opening an entry: a month without its year. */
const MONTH_LEAD = new RegExp(`^((?:${MONTHS})\\.?)(?:\\s+(\\d{1,2}))?\\s*:`, "i");
const FOOTNOTE = /\[(?:\d{1,3}|[a-z]|編集|编辑|編輯|edit|citation needed|需要出典|עריכה|تحرير)\]/giu;
/** A line that is only a date: "March 25, 2009", "25 March 2009", "2009-03-25", "Monday, March 25, 2009". */
const DATE_LINE = new RegExp(
  `^(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\\s+)?(?:(?:${MONTHS})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}|\\d{1,2}\\.?\\s+(?:${MONTHS})\\.?,?\\s+\\d{4}|\\d{4}-\\d{2}-\\d{2})$`,
  "i",
);
/** A news dateline before the story: "REDMOND, Wash. -- ", "DULUTH, Minn. (AP) — ", "WASHINGTON — ". */
/**
 * "WASHINGTON –", "LONDON (AP) —", "DALLAS, TEXAS (Feb. 27, 2023) —", "NEW ORLEANS (WVUE) -": where
 * a wire story was filed; a press release's "Columbia, Maryland... " and "REDMOND, Wash. - July 19,
 * 2001 - " too; "WASHINGTON (dpa-AFX) - ", "Oct. 19 (UPI) -- ": an agency's own mark, a date for a place.
 */
const DATELINE =
  /^(?:[A-Z][\p{L}.'’ -]{1,30},\s*[A-Z][\p{L}.]{1,15}\s*(?:\.\.\.|…)\s*|[A-Z][A-Z.'’ ]{1,30},\s*[A-Z][\p{L}.]{1,15}\s+-\s+[A-Z][a-z]{2,8}\.?\s+\d{1,2},\s+\d{4}\s+-\s+|[A-Z][\p{L}.'’ -]{1,30}(?:,\s*[A-Z][\p{L}.]{1,15})?\s*(?:\([A-Z]{2,8}\)|\([A-Z][a-z]{2,8}\.?\s+\d{1,2},\s+\d{4}\))?\s*(?:--|—|–)\s+|[A-Z][A-Z.'’ ]{1,30}(?:,\s*[A-Z][\p{L}.]{1,15})?\s*\([A-Za-z][\w-]{1,11}\)\s+-\s+|[A-Z][a-z]{2,8}\.?\s+\d{1,2}\s*\([A-Z][\w-]{1,11}\)\s*(?:--|—|–|-)\s+)(?=\p{Lu})/u;
/** A line of contact details (a name and a phone number or e-mail) is page furniture, not content. */
const CONTACT =
  /^(?:[\p{L}.' ]{0,40}(?:\(?\s*(?:phone|tel|e-?mail|fax)\s*:?\s*[+\d(][\d ()./-]{6,}\s*\)?|[\w.+-]+@[\w-]+\.[\w.]+)\s*;?\s*)+$/iu;
/**
 * A page's stamp above the story, a dash before its date and an optional time: "USGS Newsroom - Mon,
 * 06/16/2014 - 11:00", "U.S. Geological Survey News Feed - February 1, 2016 - 9:34am".
 */
const STAMP_LINE = new RegExp(
  `^[^!?]{1,60}\\s[-–—|]\\s+(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\\.?,?\\s+)?(?:\\d{1,2}[/.]\\d{1,2}[/.]\\d{2,4}|(?:${MONTHS})\\.?\\s+\\d{1,2},?\\s+\\d{4})(?:\\s*[-–—,]?\\s*\\d{1,2}:\\d{2}\\s*(?:[ap]\\.?m\\.?)?)?$`,
  "i",
);
/**
 * A bold label before its text: "**No product owner:** agency won't…", "**No surprises** – 18F
 * and…", "**Enjoying Work**  We make…" (the label on a line of its own above the text). Read as
 * "Label: text".
 */
const BOLD_LABEL = /^(\*\*|__)([^*_]{1,60}?)(:?)\1(:|\s+[–—-](?=\s))?\s+(\S)/u;
/**
 * A reference to a paper ("Gunn Elisabeth Vist et al. BMJ. 2005 May 21;330(7501):1175.",
 * "doi: 10.1136/bmj.330.7501.1175"): where the text was published, not what it says.
 */
const CITATION_LINE = /^(?=.{0,200}$)(?:.*\b\d{4}\b.*;\s*\d+\s*\(\d+\)\s*:\s*\d+|\s*doi:\s*10\.\S+\s*$)/i;
/** A label that announces a restatement of the story ("Summary: …"): the sentence is kept, the label not. */
const SUMMARY_LABEL =
  /^(?:summary|tl;dr|in brief|at a glance|resumen|résumé|zusammenfassung)\s*:\s+(?=\p{Lu})/iu;

/** Reads content into sections of units. Scores are left at 1; ranking fills them in. */
export function readSource(source: string): TSource {
  // "[t]he funding we're announcing": an editor's change of case inside a quotation is its letter.
  // "…Independence Ave SW. (Image credit: John Hewitt Jones)": a picture's credit left in the text.
  const content = withGluedFields(
    withFieldsTogether(
      withCapitalQuestions(withBrokenNamesJoined(withBarCellsAsTables(readFrontMatter(source)))),
    ),
  )
    .replace(/\[(\p{L})\](?=\p{L})/gu, "$1")
    // "|Supplementary Financial Data (Unaudited)": a layout table's bar left before a line's text.
    .replace(/^\|[ \t]*(?=[^|\n]*$)/gm, "")
    // "…le pays le plus attractif d'Europe. pic.twitter.com/LFYaswWvDf": an embedded post's picture link.
    .replace(/\s*\bpic\.twitter\.com\/\w+/g, "")
    // "The motion carries.Mr. Bergeron abstained.": the space after a full stop lost before a name.
    .replace(/(?<=\p{Ll})\.(?=(?:Mrs?|Ms|Dr)\.\s)/gu, ". ")
    .replace(/\s*\((?:image|photo|picture|illustration)\s+credits?:[^)\n]*\)/gi, "");
  const opening = findDocumentTitle(
    withLoneMarksJoined(
      withoutPageMarks(
        withoutRstMarkup(
          withoutLinkDefinitions(
            withLinkLinesJoined(
              withoutCutEnd(withCellLinesAsTables(withoutSignature(withoutPageChrome(content)))),
            ),
          ),
        ),
      ),
    ),
  );
  const language = detectLanguage(plainText(content));
  // Headings and a title typed in capitals take the case the text writes their words in.
  const written = readWrittenCase(content);
  const blocks = withQuestionsAsHeadings(
    parseBlocks(
      // (Bare "Step 1" lines after the plain headings: a heading written for one makes the text markdown.)
      withBareSteps(
        markPlainHeadings(
          withStepHeadings(
            withInstructionLines(
              withAmountLines(
                withEntriesAsList(withCapitalLabels(withColumnValues(opening.rest), written, language)),
              ),
            ),
          ),
        ),
      ),
    ),
  );
  const heading = (text: string) => fromCapitals(cleanHeading(text), written, language);
  const found = opening.title ?? documentTitle(blocks);
  const title = found === undefined ? undefined : fromCapitals(found, written, language);
  const units: TUnit[] = [];
  const sections: TSection[] = [];
  const stack: { level: number; text: string }[] = [];
  let current: TSection = { units: [] };
  let group = 0;
  let label: string | undefined;
  /** The label is a paragraph's opening ("Option A: …"), not a heading's or a parent item's. */
  let introduced: string | undefined;
  let labelledDepth = -1;
  let hasHeadings = false;
  // Who spoke last: "she said" after a named quotation is the same person.
  let lastSpeaker: string | undefined;

  // (Only a page copied with its links' brackets: one "[sic]" or "--help [option]" is not one.)
  const linkBrackets = (content.match(LINK_BRACKETS) ?? []).length >= LINK_BRACKETS_MIN;
  const seen = new Set<string>();
  const add = (text: string, kind: TUnit["kind"], pos: number, extra: Partial<TUnit> = {}) => {
    // Footnote marks and edit links of encyclopedia pages ("[6]", "[編集]") are not text.
    const clean = withHeadingYear(text, current.heading)
      .replace(FOOTNOTE, "")
      .replace(PICTURE, "")
      .replace(MARKDOWN_LINK, "$1")
      // "…under the broader field of [Marketing Management]": a page's link copied with its
      // brackets is its words; "[the advent of advertising]17", a source cited by number, goes.
      .replace(/\s?\[[^\]\n]{1,80}\]\d{1,3}\b/g, (cited) => (linkBrackets ? "" : cited))
      .replace(LINK_BRACKETS, (link, words: string) => (linkBrackets ? words : link))
      .replace(/``([^`]+)``/g, "`$1`")
      // "・1700年代の初めは…": a Japanese list marker typed at the start of a line.
      .replace(/^[・･]\s*/u, "")
      .replace(AUTOLINK, "")
      // "<a id="text-editors"></a>": a page's inline HTML is markup, not text.
      .replace(HTML_TAG, "")
      .replace(TEMPLATE_TAG, (_, args: string) => /"([^"]*)"\s*$/.exec(args)?.[1] ?? "")
      .replace(/\s+/g, " ")
      // "systems -- e.g., Chinese Medicine -- those…": a typewriter's dash.
      .replace(/ -- /g, " — ")
      .trim()
      // "~The Selectmen reserve the right…": a stray mark before a sentence.
      .replace(/(^|\s)~(?=\p{Lu})/gu, "$1")
      // "(pm) Der Bund fördert…", "(dpa) …": a press release's or an agency's mark before the story.
      .replace(/^\((?:pm|red|ots|dpa(?:\/\w+)?|afp|ap|kna|epd|apa)\)\s+(?=\p{Lu})/iu, "")
      // "(Note: The number in parentheses refers to…)": a sentence in brackets is still a sentence.
      .replace(/^\(([^()]+)\)\.?$/, "$1")
      .replace(BOLD_LABEL, (whole, _mark: string, label: string, c1: string, c2: string, next: string) =>
        // "**18F** provides…": a bold subject of its sentence is no label.
        (c1 || c2 || /^[\p{Lu}"“‘]/u.test(next)) && countWords(label) <= 6
          ? `${label.trim()}: ${next}`
          : whole,
      );
    if (!/[\p{L}\p{N}]/u.test(clean) || CONTACT.test(clean) || SOURCE_LINE.test(clean)) return undefined;
    // "Hooray!", "Oh no!": an exclamation of a word or two says nothing a slide can show.
    if (kind === "sentence" && countWords(clean) <= 2 && /!$/.test(clean)) return undefined;
    // "None." under "OPEN FORUM": a record's note that a part had nothing in it.
    if (/^(?:none|n\/a|nothing)\.?$/i.test(clean)) return undefined;
    // "(MUSIC)", "(Applause)": a cue in brackets, nothing a slide can say.
    if (/^\(\s*[\p{L}\s]{1,30}\)$/u.test(text.trim()) && countWords(clean) <= 3) return undefined;
    // "(http://nccam.nih.gov)" on its own: an address, nothing a slide can say.
    if (/^\(?<?https?:\/\/\S+?>?\)?\.?$/.test(clean)) return undefined;
    // "Abstract" on a line of its own above the text names a part; it says nothing.
    if (kind === "sentence" && GENERIC_SECTION.test(clean)) return undefined;
    // A sentence the page repeats (a summary above the story that restates it) is read once.
    // (with or without its full stop: a summary line above the story often has none).
    // (Its quotation marks may differ: "WIR!…" above, „WIR!…“ below.)
    const key = plainText(clean)
      .toLowerCase()
      .replace(/["“”„«»‹›]/gu, "")
      .replace(/[\s.!?。！？]+$/u, "");
    // ("If soap and water are not available, you can use…" and "You can use… if soap and water
    // are not available.": the same words in another order, in the same part, say it again.)
    if (kind === "sentence" && countWords(key) >= 6) {
      const bag = `${current.heading ?? ""}\n${terms(clean).slice().sort().join(" ")}`;
      if (seen.has(key) || seen.has(bag)) return undefined;
      seen.add(key);
      seen.add(bag);
    }
    const unit: TUnit = {
      id: units.length,
      text: clean,
      kind,
      group,
      posInGroup: pos,
      // A table's words come in through its rows; the table itself stays out of the ranking.
      terms: kind === "table" ? [] : terms(clean),
      heading: current.heading,
      score: 1,
      ...extra,
    };
    units.push(unit);
    current.units.push(unit);
    return unit;
  };

  // "2 cups flour", "1/2 teaspoon cinnamon"…: a list of amounts is also a table (amount, thing).
  const amountRows = (entries: string[], name: string | undefined) =>
    quantityRows(
      entries.map((e) => plainText(e)),
      name && plainText(name),
    );
  const amountsTable = (entries: string[], rows: string[][] | null) =>
    rows
      ? add(entries.join(" · "), "table", 0, { table: { header: ["", ""], rows, amounts: true } })
      : undefined;
  let amounts: TUnit | undefined;
  // The section whose dated list was read last.
  let datedListIn: TSection | undefined;

  blocks.forEach((block, i) => {
    // "Source: Grants.gov" on a line of its own reads like a heading; it names no part.
    if (block.kind === "heading" && SOURCE_LINE.test(plainText(block.text).trim())) return;
    // "June 21, 2022" above the first paragraph is when the page was published, not a part.
    if (block.kind === "heading" && units.length === 0 && DATE_LINE.test(plainText(block.text).trim()))
      return;
    // "NASA Astronaut" under the name, before any text and right above the first part's heading:
    // a line about the whole document, heading no part of its own.
    const next = blocks[i + 1];
    if (
      block.kind === "heading" &&
      (i > 0 || opening.title !== undefined) &&
      units.length === 0 &&
      next?.kind === "heading" &&
      // (Plain text's first heading line is marked `#`, the rest `##`.)
      (next.level <= block.level || (i === 0 && block.level === 1)) &&
      // (A bare outline of headings is its points: each heading stays one.)
      blocks[i + 2] !== undefined &&
      blocks[i + 2].kind !== "heading" &&
      countWords(block.text) <= 6
    ) {
      add(heading(block.text), "sentence", 0);
      return;
    }
    if (block.kind === "heading" && block.level <= 3 && !(i === 0 && title !== undefined && !opening.title)) {
      sections.push(current);
      while (stack.length && stack[stack.length - 1].level >= block.level) stack.pop();
      const number = HEADING_NUMBER.exec(block.text)?.[1];
      current = {
        heading: heading(block.text),
        parent: stack.at(-1)?.text,
        units: [],
        ...(number ? { number: Number(number) } : {}),
      };
      stack.push({ level: block.level, text: heading(block.text) });
      hasHeadings = true;
      label = undefined;
      group++;
      return;
    }
    if (block.kind === "heading" && block.level > 3) {
      label = heading(block.text);
      labelledDepth = -1;
      group++;
      return;
    }
    if (block.kind === "item") {
      const next = blocks[i + 1];
      const hasChildren = next?.kind === "item" && next.depth > block.depth;
      // A short parent item ("Pros:") names its children rather than being a point itself.
      if (hasChildren && (countWords(block.text) <= 5 || /:\s*$/.test(block.text))) {
        label = heading(block.text);
        labelledDepth = block.depth;
        return;
      }
      if (labelledDepth >= 0 && block.depth <= labelledDepth) {
        label = undefined;
        labelledDepth = -1;
      }
      const pos = i > 0 && blocks[i - 1].kind === "item" ? countItemsBefore(blocks, i) : 0;
      if (pos === 0) {
        const list = listAt(blocks, i);
        // A second schedule under one heading (the plan, then the plan it replaces) is a slide
        // of its own: one timeline never mixes the dates of two.
        if (isDatedList(list)) {
          if (datedListIn === current) {
            // Named by the sentence that introduces it ("…keeps the current release schedule:").
            const intro = current.units.at(-1);
            const named =
              intro?.kind === "sentence" && /:\s*$/.test(intro.text) ? introducedName(intro.text) : undefined;
            if (named && intro) current.units.pop();
            sections.push(current);
            current = { heading: named ?? current.heading, parent: current.parent, units: [] };
            if (named && intro) current.units.push({ ...intro, heading: named });
          }
          datedListIn = current;
        }
        group++;
        const rows = block.ordered ? null : amountRows(list, label ?? current.heading);
        // A list of amounts under its label ("Ingredientes:") is a part of its own, named so.
        if (rows && label !== undefined) {
          sections.push(current);
          current = { heading: label, parent: stack.at(-1)?.text, units: [] };
          hasHeadings = true;
        }
        amounts = amountsTable(list, rows);
      }
      // ("GUESTS: Leon Methot, …" above "1. The meeting was held…": a numbered list is a record's
      // own sequence, not what the paragraph's label names.)
      add(
        withLabel(
          titledItem(block.text),
          label !== undefined && label === introduced && block.ordered ? undefined : label,
        ),
        "item",
        pos,
        {
          ...(block.ordered ? { ordered: true } : {}),
          ...(block.number !== undefined ? { number: block.number } : {}),
          ...(amounts ? { tableOf: amounts.id } : {}),
        },
      );
      return;
    }
    if (block.kind === "paragraph") {
      const asLabel = labelOf(block);
      group++;
      if (asLabel) {
        // "Pros:" names the few items under it; "Actual:" above a schedule of sixteen dates does not.
        label = countItemsAfter(blocks, i) <= LABELLED_ITEMS ? asLabel : undefined;
        labelledDepth = -1;
        return;
      }
      label = introLabel(block.text);
      introduced = label;
      labelledDepth = -1;
      const runs = lineRuns(block.lines);
      runs.forEach((run, r) => {
        if (r > 0) group++;
        if (run.kind === "list") {
          // A named list ("Ingredients" above one per line) is a section of its own.
          if (run.label) {
            sections.push(current);
            current = { heading: run.label, parent: stack.at(-1)?.text, units: [] };
            hasHeadings = true;
          }
          const table = amountsTable(run.lines, amountRows(run.lines, run.label ?? current.heading));
          run.lines.forEach((line, pos) => {
            add(line, "item", pos, table ? { tableOf: table.id } : {});
          });
          return;
        }
        // A short line alone before a list ("Method" above numbered steps) only names it.
        const last = r === runs.length - 1;
        if (runs.length > 1 && last && blocks[i + 1]?.kind === "item" && isLabelLine(run.lines.join(" ")))
          return;
        // "March 25, 2009" on a line of its own above a column is when it ran, not its first words.
        const lines = run.lines
          .filter((l) => {
            const line = plainText(l).trim();
            return !DATE_LINE.test(line) && !STAMP_LINE.test(line) && !CITATION_LINE.test(line);
          })
          .map((l) => l.replace(SUMMARY_LABEL, ""));
        if (lines.length === 0) return;
        const after = blocks[i + 1];
        // Each line that ends a sentence is a paragraph of a copied page (a hard-wrapped one is one).
        const paragraphs = captionBreaks(lines).flatMap((part, p) =>
          sentenceLines(p === 0 ? part.replace(DATELINE, "") : part),
        );
        let batch: string[][] = [];
        const flush = () => {
          const paraOf = batch.flatMap((sentences, k) => sentences.map(() => k));
          const { sentences, quotes, starts } = readQuotedSentences(batch.flat(), lastSpeaker);
          let para = 0;
          let pos = 0;
          sentences.forEach((s, k) => {
            if (paraOf[starts[k]] !== para) {
              group++;
              pos = 0;
            }
            para = paraOf[starts[k]];
            const quote = quotes[k];
            if (quote?.attribution) lastSpeaker = quote.attribution;
            add(s, "sentence", pos++, quote ? { quote } : {});
          });
          batch = [];
        };
        paragraphs.forEach((para, k) => {
          const next =
            paragraphs[k + 1] ??
            (r === runs.length - 1 && after?.kind === "paragraph" ? after.text : undefined);
          const said = readQuotedParagraph(para, next);
          if (!said) {
            batch.push(splitSentences(para, language));
            return;
          }
          if (batch.length) {
            flush();
            group++;
          }
          lastSpeaker = said.attribution;
          splitSentences(said.text, language).forEach((s, pos) => {
            add(s, "sentence", pos, { quote: said });
          });
          if (k + 1 < paragraphs.length) group++;
        });
        if (batch.length) flush();
      });
      return;
    }
    if (block.kind === "quote") {
      group++;
      const quote = readBlockQuote(block.lines);
      if (quote.attribution) lastSpeaker = quote.attribution;
      splitSentences(quote.text, language).forEach((s, pos) => {
        add(s, "sentence", pos, { quote });
      });
      return;
    }
    if (block.kind === "table") {
      // "| Column 1 | Column 2 |": a guide's example of table markup, not a table of its own.
      if (block.rows[0]?.every((c) => PLACEHOLDER_CELL.test(c.trim()))) return;
      group++;
      const width = Math.max(...block.rows.map((r) => r.length));
      const table =
        block.rows.length >= 2 && width >= 2
          ? add(block.rows[0].filter(Boolean).join(" · "), "table", 0, { table: toTable(block.rows, width) })
          : undefined;
      const rows = block.rows.length > 1 ? block.rows.slice(1) : block.rows;
      rows.forEach((cells, pos) => {
        const [head, ...rest] = cells.filter(Boolean);
        if (head)
          add(
            rest.length ? `${head}: ${rest.join(", ")}` : head,
            "item",
            pos,
            table ? { tableOf: table.id } : {},
          );
      });
      return;
    }
    if (block.kind === "rule") label = undefined;
  });
  sections.push(current);

  let filled = sections.filter((s) => s.units.length > 0);
  if (!hasHeadings) filled = segmentByTopic(units).map((u) => ({ units: u }));
  const numberedParts: string[] = [];
  for (const s of sections)
    if (s.number === numberedParts.length + 1 && s.heading) numberedParts.push(s.heading);
    else if (s.number === 1) numberedParts.splice(0, numberedParts.length, s.heading ?? "");
  return {
    title,
    sections: filled,
    units,
    hasHeadings,
    language,
    ...(numberedParts.length ? { numberedParts } : {}),
  };
}

/** A question that heads its answer: a short line ending in a question mark. */
const QUESTION = /^[^.!?]{6,140}\?$/;
const FAQ = { min: 3, answerWords: 6, questionWords: 20 };

/**
 * Questions and answers ("1. How far in advance should I renew my passport?" with the answer
 * under it, or the question on a line of its own above its paragraph): when three or more
 * questions each head an answer, each question is the heading of a part and its answer the text.
 */
function withQuestionsAsHeadings(blocks: TBlock[]): TBlock[] {
  const split = blocks.map((block, i) => {
    if (block.kind === "item") {
      const [question, ...answer] = splitSentences(block.text);
      const rest = answer.join(" ");
      return QUESTION.test(question ?? "") &&
        countWords(question) <= FAQ.questionWords &&
        countWords(rest) >= FAQ.answerWords
        ? { question, answer: rest }
        : null;
    }
    if (block.kind !== "paragraph") return null;
    const [first, ...more] = block.lines;
    const question = first?.trim() ?? "";
    if (!QUESTION.test(question) || countWords(question) > FAQ.questionWords) return null;
    const answer = more.join(" ").trim();
    const next = blocks[i + 1];
    if (countWords(answer) >= FAQ.answerWords) return { question, answer };
    return !answer && next?.kind === "paragraph" && countWords(next.text) >= FAQ.answerWords
      ? { question }
      : null;
  });
  if (split.filter(Boolean).length < FAQ.min) return blocks;
  return blocks.flatMap((block, i): TBlock[] => {
    const qa = split[i];
    if (!qa) return [block];
    const heading: TBlock = { kind: "heading", level: 2, text: qa.question };
    return qa.answer ? [heading, { kind: "paragraph", text: qa.answer, lines: [qa.answer] }] : [heading];
  });
}

/** A lone H1 at the very top names the document, not a section. */
function documentTitle(blocks: TBlock[]): string | undefined {
  const first = blocks[0];
  if (first?.kind !== "heading" || GENERIC_SECTION.test(cleanHeading(first.text))) return undefined;
  const sameLevel = blocks.filter((b) => b.kind === "heading" && b.level === first.level).length;
  const deeper = blocks.some((b) => b.kind === "heading" && b.level > first.level);
  if (first.level === 1 && sameLevel === 1) return cleanHeading(first.text);
  if (sameLevel === 1 && !deeper && blocks.filter((b) => b.kind === "heading").length === 1) {
    return cleanHeading(first.text);
  }
  return undefined;
}

/** A section's generic name ("Introduction", "Introducción", "Zusammenfassung"): no document's title. */
const GENERIC_SECTION =
  /^(?:introduction|intro|overview|summary|abstract|background|conclusions?|contents|table of contents|introducción|resumen|conclusión|conclusiones|índice|einleitung|einführung|zusammenfassung|überblick|fazit|inhalt|résumé|sommaire|aperçu|introduzione|sommario|riassunto|introdução|resumo|conclusão)$/iu;

/** "2. Preparación del Terreno", "3) Cimientos": a heading's own number (not "2.1", not a release). */
const HEADING_NUMBER = /^\s*(\d{1,2})[.)]\s+(?=[^\s\p{Ll}])/u;

/** Heading text without numbering ("2.1", "IV.") or a trailing colon. */
export function cleanHeading(text: string): string {
  return (
    text
      .trim()
      // "2.1 Methods" is numbered; "3.12.0 schedule" names a release: a lower-case word follows.
      .replace(/^(?:\d+(?:\.\d+)*|[IVXLC]+)[.)]?\s+(?=[^\s\p{Ll}])/u, "")
      .replace(/^\*\*(.*)\*\*$/, "$1")
      // "## ✨ Features", "🗓️ Deadline to Complete Your Application": a pictograph decorates it.
      .replace(PICTOGRAPHS_AROUND, "")
      .replace(/\s*:\s*$/, "")
      .trim()
  );
}

/**
 * "Some common questions include:", "What to look for:", "Dig into:": a clause that introduces a
 * list, no label of its items.
 */
const INTRODUCING =
  /\b(?:include|includes|included|are|is|were|was|contains?|consists? of|incluyen|sont|sind)\b|^(?:what|how|why|when|where|which|who)\b|^\p{L}+\s(?:into|on|for|at|out|about|with|up):?$/iu;

/** A paragraph that is only a short bold line or ends with a colon labels the list below it. */
function labelOf(block: Extract<TBlock, { kind: "paragraph" }>): string | undefined {
  if (block.lines.length !== 1) return undefined;
  const line = block.lines[0].trim();
  // "Pros:", "Option A:" name the items under them; "This change provides the following
  // advantages:" introduces them and stays a sentence of its own.
  if (countWords(line) > 4 || INTRODUCING.test(line)) return undefined;
  if (/^(\*\*|__)[^*_]+\1:?$/.test(line) || /:$/.test(line)) return cleanHeading(plainText(line));
  return undefined;
}

/** "Option A: cache the last 30 days…" labels the items under it as "Option A". */
function introLabel(text: string): string | undefined {
  const m = /^([^:.!?]{1,24}):\s+\S/.exec(text);
  return m && countWords(m[1]) <= 3 ? plainText(m[1]).trim() : undefined;
}

/**
 * "1. Letter from the chairperson of the board. Include this letter in…": an item whose first
 * sentence is only a name (a noun phrase, no verb) names the entry; it reads as its label.
 */
function titledItem(text: string): string {
  const m = /^([\p{Lu}][^.!?:\n]{2,80})\.\s+(?=["“]?\p{Lu})/u.exec(text);
  if (!m || countWords(m[1]) < 2 || countWords(m[1]) > TITLED_ITEM_WORDS || verbCount(m[1]) > 0) return text;
  // ("Scrub your hands for at least 20 seconds. Need a timer?" is an instruction.)
  if (nlp(m[1]).has("#Verb") || /\d/.test(m[1])) return text;
  return `${m[1]}: ${text.slice(m[0].length)}`;
}
const TITLED_ITEM_WORDS = 8;

function withLabel(text: string, label: string | undefined): string {
  // "Key responsibilities: Understand what…" under "What to look for:" has its own label.
  if (!label || introLabel(text)) return text;
  const plain = plainText(text).toLowerCase();
  return plain.startsWith(plainText(label).toLowerCase()) ? text : `${plainText(label)}: ${text}`;
}

/** Lines typed one per entry (no sentence ends, all short) are items, not one run-on sentence. */
function isLineList(lines: string[]): boolean {
  if (lines.length < 2 || isHardWrapped(lines)) return false;
  // "…the installation of the `rustup`" / "tool, which installs… Rust. You might be prompted": a
  // sentence running on into a lower-case line, and another starting inside a line, is prose.
  const runsOn = lines
    .slice(1)
    .some((l, i) => /^\p{Ll}/u.test(l.trim()) && !/[.!?:;]$/.test(lines[i].trim()));
  if (runsOn && lines.some((l) => /\p{Ll}[.!?]\s+\p{Lu}/u.test(l))) return false;
  const short = lines.every((l) => countWords(l) <= 20);
  const unterminated = lines.filter((l) => !/[.!?:;。！？]$/.test(l.trim())).length;
  return short && unterminated >= lines.length / 2;
}

type TLineRun = { kind: "prose" | "list"; lines: string[]; label?: string };

/**
 * A paragraph's lines as prose and typed lists. Text pasted without blank lines mixes them: a
 * sentence, then "Ingredients" and one ingredient per line. A run of three or more short lines
 * without sentence ends is a list, named by its first line when that is a bare label.
 */
function lineRuns(typed: string[]): TLineRun[] {
  if (isHardWrapped(typed)) return [{ kind: "prose", lines: typed }];
  const lines = joinWrappedLines(typed);
  if (isLineList(lines)) return [{ kind: "list", lines }];
  if (lines.length < 4) return [{ kind: "prose", lines }];
  const listLike = (l: string) => countWords(l) <= 12 && !/[.!?:;,。！？]$/.test(l.trim());
  const runs: TLineRun[] = [];
  for (const line of lines) {
    const kind = listLike(line) ? "list" : "prose";
    const last = runs.at(-1);
    if (last?.kind === kind) last.lines.push(line);
    else runs.push({ kind, lines: [line] });
  }
  // Fewer than three short lines in a row are prose (a title-like line among sentences).
  const merged: TLineRun[] = [];
  for (const run of runs) {
    const kind = run.kind === "list" && run.lines.length < 3 ? "prose" : run.kind;
    const last = merged.at(-1);
    if (last?.kind === kind && kind === "prose") last.lines.push(...run.lines);
    else merged.push({ kind, lines: run.lines.slice() });
  }
  if (!merged.some((r) => r.kind === "list")) return [{ kind: "prose", lines }];
  for (const run of merged) {
    if (run.kind !== "list" || !isLabelLine(run.lines[0])) continue;
    run.label = plainText(run.lines[0]).trim();
    run.lines = run.lines.slice(1);
  }
  // The short line that ends a list ("Method") names what comes after it: it leaves the list.
  for (const [r, run] of merged.entries()) {
    const tail = run.lines.at(-1);
    if (run.kind !== "list" || run.lines.length <= 3 || !tail || !isLabelLine(tail)) continue;
    run.lines.pop();
    if (merged[r + 1]) merged[r + 1].lines.unshift(tail);
    else merged.push({ kind: "prose", lines: [tail] });
  }
  return merged;
}

/**
 * The lines of a paragraph as runs of sentences: a line of a few words that ends without a stop,
 * above a line that starts a sentence ("Nancy Pelosi is welcomed by former speaker Dennis
 * Hastert" / "Now she holds…"), is a caption or a label of its own. A hard-wrapped paragraph
 * is one run.
 */
function captionBreaks(lines: string[]): string[] {
  if (lines.length < 2 || isHardWrapped(lines)) return [lines.join("\n")];
  // (A line in capitals, or one above a line in capitals, is an agenda's entry: left as read.)
  const capitals = (l: string) => !/\p{Ll}/u.test(l.split(/\s+/).slice(0, 2).join(" "));
  const parts: string[][] = [[]];
  lines.forEach((line, i) => {
    parts[parts.length - 1].push(line);
    const next = lines[i + 1]?.trim() ?? "";
    const text = line.trim();
    if (
      next &&
      countWords(text) >= 3 &&
      !/[.!?:;,…"”')\]]$/.test(text) &&
      !WRAPPED_AFTER.test(text) &&
      /^\p{Lu}/u.test(next) &&
      !capitals(text) &&
      !capitals(next) &&
      verbCount(text) > 0
    )
      parts.push([]);
  });
  return parts.filter((p) => p.length).map((p) => p.join("\n"));
}

/**
 * A run of lines as the paragraphs a copied page typed one per line: a line that ends a sentence
 * ends its paragraph when the next starts one. A hard-wrapped run is one paragraph.
 */
function sentenceLines(text: string): string[] {
  const lines = text.split("\n");
  if (lines.length < 2 || isHardWrapped(lines)) return [text];
  const out: string[] = [];
  for (const line of lines) {
    const last = out.at(-1);
    if (
      last !== undefined &&
      !(ENDS_PARAGRAPH.test(last.trim()) && /^[\p{Lu}\p{Lo}"“„«¿¡]/u.test(line.trim()))
    )
      out[out.length - 1] = `${last}\n${line}`;
    else out.push(line);
  }
  return out;
}

const ENDS_PARAGRAPH = /[.!?…。！？"”»)]$/u;

/** A wrapped line is at least this long, and the page at least this wide, to be read as wrapped. */
const WRAP = { line: 40, width: 60 };

/**
 * Lines of a page copied from a PDF mix labels, entries and wrapped sentences: "That the Planning
 * Commission approve the nomination of…" / "to the City's Commendation Program and forward the
 * commendation to the City" / "Council for recognition." A long line that ends no sentence goes
 * on in the next when the next starts in lower case or its first word would not have fitted.
 */
function joinWrappedLines(lines: string[]): string[] {
  const width = wrapWidth(lines);
  const out: string[] = [];
  for (const line of lines) {
    const last = out.at(-1);
    const firstWord = line.trim().split(/\s+/)[0] ?? "";
    const wrapped =
      last !== undefined &&
      last.trimEnd().length >= WRAP.line &&
      !/[.!?:;]$/.test(last.trim()) &&
      (/^[\p{Ll}\d]/u.test(line.trim()) ||
        WRAPPED_AFTER.test(last.trimEnd()) ||
        (width >= WRAP.width && last.trimEnd().length + 1 + firstWord.length > width));
    if (wrapped) out[out.length - 1] = `${last.trimEnd()} ${line.trim()}`;
    else out.push(line);
  }
  return out;
}

/** "Ingredients", "Method", "What you need": a bare label, not an entry. */
function isLabelLine(line: string): boolean {
  const text = plainText(line).trim();
  return countWords(text) <= 3 && /^\p{Lu}/u.test(text) && !/\d/.test(text) && !/[.!?,;]$/.test(text);
}

/**
 * The width a paragraph's lines were wrapped at: its longest line. A line of one long word, or one
 * holding a link's address (a markdown link on its own line), overruns the width: it sets none.
 */
function wrapWidth(lines: string[]): number {
  const set = lines.filter((l) => /\S\s+\S/.test(l.trim()) && !/https?:\/\//.test(l));
  return Math.max(...set.map((l) => l.trimEnd().length), 0);
}

/**
 * A paragraph broken at a fixed width (a README wrapped at 80 columns): most lines end where the
 * next line's first word would not have fitted on them. Lines typed one per entry end early.
 */
function isHardWrapped(lines: string[]): boolean {
  const widths = lines.map((l) => l.trimEnd().length);
  const width = wrapWidth(lines);
  if (width < 40) return false;
  let wraps = 0;
  for (let i = 0; i + 1 < lines.length; i++) {
    const nextWord = lines[i + 1].trim().split(/\s+/)[0]?.length ?? 0;
    // "…per physical line in the", "…in Philadelphia,": no entry typed on its own line ends so.
    if (widths[i] + 1 + nextWord > width || WRAPPED_AFTER.test(lines[i].trimEnd())) wraps++;
  }
  return wraps >= 0.7 * (lines.length - 1);
}

/**
 * An entry dated by month under a year heading gets the year: "February: Added axTLS" under
 * "2016" is "February 2016: Added axTLS", so it stays in its place on a timeline.
 */
function withHeadingYear(text: string, heading: string | undefined): string {
  const year = heading && /^\s*(1\d{3}|20\d{2})\s*$/.exec(heading)?.[1];
  if (!year) return text;
  return text.replace(MONTH_LEAD, (_, month: string, day: string | undefined) =>
    day ? `${month} ${day}, ${year}:` : `${month} ${year}:`,
  );
}

/** The text without reStructuredText directive, comment and option lines. */
/** "$Meta Platforms (META.US)$": a finance site's ticker mark around a company's name. */
const TICKER_MARK = /\$(\p{Lu}[^$\n]{0,60}?)\s*(?:\([A-Z0-9.]{1,12}\))?\$/gu;

/**
 * Marks of the page a text was copied from: ticker marks read as the company's name, and a
 * bulleted line that runs several items together ("• Cash – … 2022. • Long-term debt – …") is
 * one line per item.
 */
function withoutPageMarks(content: string): string {
  return (
    content
      .replace(TICKER_MARK, "$1")
      // "Tips and Warnings:" / "– If you are unsure…" / "– Always turn off…": items marked with a
      // dash, after the line that introduces them or two or more in a row.
      .replace(
        /^[ \t]*[–—][ \t]+(?=\S[^\n]*\n[ \t]*[–—][ \t]+\S)|(?<=(?:^[ \t]*[–—][ \t]+\S[^\n]*|:[ \t]*)\n)[ \t]*[–—][ \t]+/gmu,
        "- ",
      )
      .split("\n")
      .map((line) => (/^\s*•\s/.test(line) ? line.replace(/([.;:!?])\s+•\s+(?=\S)/g, "$1\n• ") : line))
      .join("\n")
  );
}

/** "MICROS Systems, Inc. (Nasdaq:MCRS), a leading supplier…": a company's suffix ends no sentence. */
const COMPANY_SUFFIXES = ["inc", "corp", "co", "ltd", "bros", "llc", "plc"];
/** Where a sentence ends inside a line: its stop, a closing quote or bracket, and the next one's capital. */
// ("Mr. Ruggiero said…": a title before a name ends no sentence.)
const SENTENCE_BREAK = new RegExp(
  `(?<!\\b(?:${[...NAME_TITLES, "no", ...COMPANY_SUFFIXES].map((t) => t[0].toUpperCase() + t.slice(1)).join("|")}))[.!?]["”’)]?\\s+(?=["“‘(]?\\p{Lu})`,
  "gu",
);
const ENDS_SENTENCE = /[.!?…:;"”’)\]]$/u;

/** A value set in a column under the one after its label starts this many spaces in. */
const COLUMN_INDENT = 16;

/**
 * A form laid out in columns, copied out: "Others Present:            Peter Lukes, Assistant Town
 * Manager", then, far indented on lines of their own, "Steve Madaus, Town Counsel" and "Liz Fotos,
 * Town Recorder". The indented lines are more values of the label; they join its line.
 */
function withColumnValues(content: string): string {
  const lines = content.split("\n");
  const out: string[] = [];
  let open = -1;
  for (const line of lines) {
    if (!line.trim()) {
      out.push(line);
      continue;
    }
    const indented = /^\s+/.exec(line)?.[0].replace(/\t/g, "    ").length ?? 0;
    if (open >= 0 && indented >= COLUMN_INDENT && countWords(line) <= CONTENTS_ENTRY_WORDS) {
      out[open] = `${out[open].trimEnd()}; ${line.trim()}`;
      continue;
    }
    open = /^[\p{L}][\p{L} ]{1,30}:\s{4,}\S/u.test(line) ? out.length : -1;
    out.push(line);
  }
  return out.join("\n");
}

/** A signature: this many short lines at most follow "Respectfully submitted," at a text's end. */
const SIGNATURE_LINES = 5;
const SIGN_OFF =
  /^\s*(?:respectfully submitted|sincerely|yours (?:truly|sincerely)|submitted by)\b[^.!?]{0,60}$/i;

/**
 * Minutes and letters end on who wrote them ("Respectfully submitted, / Nancy J. Wrigley / Town
 * Administrator"): a signature, nothing a slide says.
 */
function withoutSignature(content: string): string {
  const lines = content.trimEnd().split("\n");
  const at = lines.findLastIndex((l) => SIGN_OFF.test(l));
  if (at < 0) return content;
  const after = lines.slice(at + 1).filter((l) => l.trim());
  const short = after.every((l) => countWords(l) <= 8 && !/[.!?]$/.test(l.trim()));
  return after.length <= SIGNATURE_LINES && short ? lines.slice(0, at).join("\n") : content;
}

/**
 * A page copied partway stops mid-sentence ("…reduces the barrier to entry for new users and
 * contributors, and", "…must be cross-refere"): the last line's unfinished sentence goes, the
 * sentences before it on that line stay. Only after whole sentences: a list's last item or a
 * heading has no stop of its own.
 */
function withoutCutEnd(content: string): string {
  const trimmed = content.trimEnd();
  const start = trimmed.lastIndexOf("\n") + 1;
  const line = trimmed.slice(start);
  if (ENDS_SENTENCE.test(line) || /^\s*(?:[|`<{}]|\[|!\[|https?:)/.test(line)) return content;
  const breaks = [...line.matchAll(SENTENCE_BREAK)];
  const last = breaks.at(-1);
  if (last?.index !== undefined)
    return trimmed.slice(0, start) + line.slice(0, last.index + last[0].trimEnd().length);
  // A line of prose alone, among lines of prose that nearly all end a sentence (the page's
  // paragraphs; its title line and a picture's caption do not).
  const others = trimmed
    .slice(0, start)
    .trimStart()
    .split("\n")
    .slice(1)
    .filter((l) => countWords(l) >= CUT_END.proseWords);
  const ended = others.filter((l) => ENDS_SENTENCE.test(l.trim())).length;
  // (A list's last item too, when the item before it ends a sentence: "– Always turn off the
  // power to the circuit before working on any electrical wiri".)
  const item = /^[-*•–—]\s+/.test(line.trim());
  const before = trimmed.slice(0, start).trimEnd().split("\n").at(-1)?.trim() ?? "";
  const prose =
    countWords(line) >= CUT_END.lastWords &&
    /^(?:[-*•–—]\s+)?\p{Lu}/u.test(line.trim()) &&
    (!item || (/^[-*•–—]\s+/.test(before) && ENDS_SENTENCE.test(before)));
  return prose && others.length >= CUT_END.minLines && ended >= others.length * CUT_END.share
    ? trimmed.slice(0, start)
    : content;
}
const CUT_END = { proseWords: 8, lastWords: 4, minLines: 3, share: 0.75 };

/**
 * "- david67514" / "- Sep 18, 2024" / "- 5 min read": a blog's author, date and reading time
 * copied as a list under its title. A short list near the top with a reading time or a date alone
 * in it is the page's byline, not the text's first list.
 */
function withoutBylineList(lines: readonly string[]): string[] {
  const item = /^\s*[-*•]\s+\S/;
  const start = lines.findIndex((l, i) => i < BYLINE_LIST.within && item.test(l));
  if (start < 0) return [...lines];
  let end = start;
  while (end < lines.length && item.test(lines[end])) end++;
  const run = lines.slice(start, end).map((l) => l.replace(/^\s*[-*•]\s+/, "").trim());
  const chrome = run.some((t) => READ_TIME.test(t)) || run.some((t) => DATE_ALONE.test(t));
  if (run.length > BYLINE_LIST.items || !chrome || run.some((t) => countWords(t) > BYLINE_LIST.words))
    return [...lines];
  return [...lines.slice(0, start), ...lines.slice(end)];
}
const BYLINE_LIST = { within: 4, items: 4, words: 4 };
const READ_TIME = /^\d{1,2}\s*min(?:ute)?s?\s+read$/i;
const DATE_ALONE = new RegExp(
  `^(?:(?:${MONTHS})[a-z]*\\.?\\s+\\d{1,2},?\\s+\\d{4}|\\d{1,2}\\s+(?:${MONTHS})[a-z]*\\.?\\s+\\d{4}|\\d{4}-\\d{2}-\\d{2})$`,
  "i",
);

/**
 * "Artikel empfehlen:", "Zur SZ-Startseite", "Related articles": the page's links to other pages,
 * after its story. From such a line in the text's last third on, nothing is the story's.
 */
function withoutRelatedLinks(lines: readonly string[]): string[] {
  const at = lines.findIndex((l, i) => i >= lines.length * RELATED_FROM && RELATED_LINKS.test(l));
  // "Read more*¿Qué más?:* 6 Plants you can grow from kitchen scraps", "RELATED: …": a teaser
  // for another page, anywhere in the story, is no part of it.
  const kept = at < 0 ? lines : lines.slice(0, at);
  // "…here's a video that shows you just how easy it is:" over "Embedded content: https://…": a
  // line that introduces a video or a picture the text only links to introduces nothing on a slide.
  // Both lines go.
  const nextText = (i: number) => kept.slice(i + 1).find((l) => l.trim()) ?? "";
  const media = new Set(kept.flatMap((l, i) => (/:\s*$/.test(l) && MEDIA_LINK.test(nextText(i)) ? [i] : [])));
  return kept.filter(
    (l, i) =>
      !PICTURE_CREDIT.test(l) &&
      (!TEASER_LINE.test(l) || countWords(l) > 20) &&
      !media.has(i) &&
      !(MEDIA_LINK.test(l) && [...media].some((m) => m < i && kept.slice(m + 1, i).every((x) => !x.trim()))),
  );
}
/** "Image via Corbis", "Photo: Jane Doe/AP", "Foto: dpa": who took a picture the copy left out. */
const PICTURE_CREDIT =
  /^\s*\(?(?:images?|photos?|pictures?|photograph|illustration|graphic|foto|bild|imagen|image|photo de couverture)\s*(?:via|by|courtesy of|credit|source|:)\s*:?\s*[^.!?\n]{1,60}\)?\s*$/iu;
/** A line that is only a video: "Embedded content: https://www.youtube.com/…", "https://vimeo.com/…". */
const MEDIA_LINK =
  /^\s*(?:(?:embedded (?:content|video)|video)\s*:\s*<?https?:\/\/\S+>?|<?https?:\/\/(?:www\.)?(?:youtube\.com|youtu\.be|vimeo\.com)\/\S*>?)\s*$/i;
const TEASER_LINE =
  /^\s*(?:\*\*|__)?(?:read more|related|see also|also read|read also|lesen sie auch|mehr zum thema|lire aussi|à lire aussi|lee también|te puede interesar)\b[^.!?\n]{0,20}?(?::|\*|»|\|)[^.!]*$/iu;
const RELATED_LINKS =
  /^\s*(?:artikel empfehlen|zur [\w-]+-startseite|lesen sie (?:auch|mehr)|das könnte sie auch interessieren|mehr zum thema|related (?:articles|stories|posts)|read (?:more|next)|you (?:may|might) also like|more stories|suggested for you|recommended for you|trending (?:today|now)|popular posts|lire aussi|à lire aussi|sur le même sujet|te puede interesar|lee también|noticias relacionadas)\s*:?\s*$/iu;
const RELATED_FROM = 2 / 3;

/**
 * A speech's opening address, one line for each audience it greets ("Messieurs les ministres,",
 * "Mesdames et messieurs les parlementaires,", "Ladies and gentlemen,"): who is spoken to, not
 * what is said. Three short lines or more, each ending in a comma.
 */
function withoutAddress(lines: readonly string[]): string[] {
  const greets = lines.map((l) => /,\s*$/.test(l) && countWords(l) <= ADDRESS.words && /^\s*\p{Lu}/u.test(l));
  return lines.filter((_, i) => {
    let start = i;
    while (start > 0 && greets[start - 1]) start--;
    let end = i;
    while (end < lines.length - 1 && greets[end + 1]) end++;
    return !(greets[i] && end - start + 1 >= ADDRESS.lines);
  });
}
const ADDRESS = { words: 8, lines: 3 };

/** "RELEASE DATE:  April 11, 2003": a form's field, its label in capitals. */
const FIELD_LINE = /^[\p{Lu}][\p{Lu}\d()'’/&.-]*(?:\s+[\p{Lu}\d()'’/&.-]+){0,5}:\s+\S/u;
/** "WHAT DOES IT FUND? This program…": a listing's question in capitals, its answer after it. */
const CAPITAL_QUESTION = /^((?:[\p{Lu}\d'’]+\s+){1,5}[\p{Lu}\d'’]+)\?(?:\s+(\S[^\n]*))?$/u;
/** "Click here for more information.": what the page asks of the mouse, after an answer. */
const TRAILING_CLICK = /\s*\b(?:click|tap)\s+here\b[^.!?]*[.!?]?\s*$/i;
/** "Department of" over "Agriculture": a name broken over two lines where the page wrapped it. */
const BROKEN_NAME_END = /^(?:\p{Lu}[\p{L}'’.-]*\s+){1,3}(?:of|and|for|the|de|del|des|du|für|der)$/u;

/**
 * A listing's fields asked as questions in capitals, one paragraph each ("WHAT DOES IT FUND? …",
 * "WHO'S ELIGIBLE? …", "TOTAL FUNDING AMOUNT? $25 million"), three or more in a row: one list of
 * "What does it fund: …" entries. A question left unanswered on the page is left out.
 */
function withCapitalQuestions(content: string): string {
  if (!/(?:^|\n)[ \t]*(?:[\p{Lu}\d'’]+\s+){1,5}[\p{Lu}\d'’]+\?/u.test(content)) return content;
  return withParagraphRuns(
    content,
    (b) => {
      const asked = CAPITAL_QUESTION.exec(b.trim());
      if (!asked) return null;
      const label = capitalise(asked[1].toLowerCase());
      return { label, answer: (asked[2] ?? "").replace(TRAILING_CLICK, "").trim() };
    },
    (run) =>
      run.length >= FIELDS_MIN
        ? [
            run
              .filter((field) => field.answer)
              .map((field) => `- ${field.label}: ${field.answer}`)
              .join("\n"),
          ]
        : null,
  );
}

/**
 * "Department of" alone above "Agriculture": a short name a page broke over two paragraphs, where
 * the first ends on "of", "and" or "for", joined again.
 */
function withBrokenNamesJoined(content: string): string {
  if (!/\b(?:of|and|for|the|de|del|des|du|für|der)[ \t]*\n[ \t]*\n/.test(content)) return content;
  // (Blocks at even places, the blank lines between them at odd ones, kept as they were.)
  const parts = content.split(/(\n[ \t]*\n)/);
  for (let i = 0; i + 2 < parts.length; i += 2) {
    const block = parts[i].trim();
    const next = parts[i + 2].trim();
    if (BROKEN_NAME_END.test(block) && /^\p{Lu}[^\n.!?:]*$/u.test(next) && countWords(next) <= 6) {
      parts[i + 2] = `${block} ${next}`;
      parts[i] = "";
      parts[i + 1] = "";
    }
  }
  return parts.join("");
}
const FIELDS_MIN = 3;

/**
 * A notice's header typed one field per paragraph ("RELEASE DATE: April 11, 2003", "PA NUMBER:
 * PAR-03-102", "EXPIRATION DATE: …"): three or more in a row are one list of fields.
 */
function withFieldsTogether(content: string): string {
  if (!FIELD_LINE.test(content.replace(/^\s+/, "")) && !/\n\s*\n[\p{Lu}][^\n]{0,40}:\s/u.test(content))
    return content;
  return withParagraphRuns(
    content,
    (b) => (!b.trim().includes("\n") && FIELD_LINE.test(b.trim()) && countWords(b) <= 15 ? b.trim() : null),
    (run) => (run.length >= FIELDS_MIN ? [run.join("\n")] : null),
  );
}

/**
 * "…for the upcoming quarter. Frequency: Quarterly (4 weeks before quarter start) Duration: 2-3 weeks
 * of planning activities Owner: Chief Product Officer Outcome: Committed roadmap for next quarter":
 * a page's fields run together on one line when copied (each was a line of its own on the page).
 * Three or more labels of one capitalised word each, after what a sentence says: a list of the fields.
 */
function withGluedFields(content: string): string {
  return content
    .split("\n")
    .map((line) => {
      if (/^\s*(?:[-*+•#>|]|\d{1,2}[.)]\s)/.test(line)) return line;
      const starts = [...line.matchAll(GLUED_FIELD)].map((m) => (m.index ?? 0) + m[1].length);
      if (starts.length < FIELDS_MIN) return line;
      const lead = line.slice(0, starts[0]).trim();
      // (What comes before the first field is a whole sentence, or nothing.)
      if (lead && !/[.!?]["”’)]?$/.test(lead)) return line;
      const fields = starts.map((at, k) => line.slice(at, starts[k + 1]).trim());
      if (fields.some((f) => countWords(f) < 2 || countWords(f) > GLUED_FIELD_WORDS)) return line;
      return `${lead ? `${lead}\n\n` : ""}${fields.map((f) => `- ${f}`).join("\n")}\n`;
    })
    .join("\n");
}
const GLUED_FIELD = /(^|\s)\p{Lu}\p{Ll}+:\s+\S/gu;
const GLUED_FIELD_WORDS = 12;

/** "[install]: https://www.rust-lang.org/tools/install": a markdown link's address, defined apart. */
const LINK_DEFINITION = /^\s{0,3}\[[^\]\n]+\]:\s+<?\S+>?(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*$/;

/** "Table Of Contents", "In this article": a page's contents box, above the entries it lists. */
const CONTENTS_LINE =
  /^\s*(?:table of contents|contents|in this article|on this page|índice|sommaire|inhaltsverzeichnis)\s*:?\s*$/i;
/**
 * A page's byline, reading time or copyright: "Career & Skill DevelopmentPosted on by Neha Desai",
 * "By Jane Smith", "8 min read", "Copyright 2015 WVUE. All rights reserved."
 */
const BYLINE = [
  // A journal page's front matter: its banner, licence mark, citation line, authors' affiliations
  // ("1Department of Emergency Medicine, …"), who to write to and when it was accepted.
  /^\s*(?:intended for (?:healthcare|health care|medical) professionals|(?:cc[\s-]?by[\w-]*\s+)?open access)\s*$/i,
  /^(?=.{0,300}$).*(?:\bdoi:\s*\S+|\bcite this as:)/i,
  /^\s*(?:\d{1,2}\.\s+|•\s+)?(?:correspondence(?: to)?:|(?:accepted|received|revised|published online)\s+\d{1,2}\s+\p{L}+\s+\d{4}\s*$)/iu,
  /^\s*(?:\d{1,2}\.\s+|•\s+)?\d{1,2}(?:Department|School|Faculty|Institute|Division|Centre|Center|University|Health|Hospital)\b/u,
  // "Affiliation Department of Population Health…", an author's address alone on its line, an
  // author's name ending in the comma of an author list ("• Yoon Loke,").
  /^\s*[Aa]ffiliations?\s+\p{Lu}|^\s*[\w.+-]+@[\w-]+(?:\.[\w-]+)+\s*$|^\s*(?:[-*•]\s+)?\p{Lu}[\p{L}.'’-]+(?:\s\p{Lu}[\p{L}.'’-]+){1,3}\s?,\s*$/u,
  // A publisher's page furniture: "Browse Subject Areas", "Loading metrics", "…, click here."
  /^\s*(?:[-*•]\s+)?(?:browse subject areas|loading metrics|click through the plos taxonomy\b.*)\s*$|^[^.!?]{0,100},\s+click here\.?\s*$/i,
  // "1. Christopher W Jones, attending physician1,": an author, their role and affiliation's number.
  /^\s*(?:\d{1,2}\.\s+|•\s+)?\p{Lu}[\p{L}.'’-]*(?:\s\p{Lu}[\p{L}.'’-]*){1,3},\s[\p{Ll}\s]{3,60}\d{1,2},?\s*$/u,
  // "(Image credit: John Hewitt Jones)", "Photo credit: NASA/Aubrey Gemignani": a picture's credit.
  /^\s*\(?(?:image|photo|picture|illustration)\s+credits?:[^)]*\)?\s*$/i,
  /^(?=.{0,120}$).*(?:posted|published)\s+(?:on|by)\b[^.!?]*$/i,
  /^\s*(?:[Bb]y|[Ww]ritten by)\s+\p{Lu}[\p{L}.'’-]+(?:\s+\p{Lu}[\p{L}.'’-]+){0,3}\s*$/u,
  // "By Amy Wallace  |  Oct. 19, 2017 at 12:30 PM": the byline with when the story went up.
  /^\s*(?:[Bb]y|[Ww]ritten by)\s+\p{Lu}[\p{L}.'’-]+(?:\s+\p{Lu}[\p{L}.'’-]+){0,3}\s*[|·•]\s*[^!?|]{0,60}\d[^!?|]{0,40}$/u,
  /^\s*(?:[-*•]\s+)?\d{1,2}\s*min(?:ute)?s?\s+read\b[^.!?]{0,60}$/i,
  // "Copyright 2015 WVUE. All rights reserved."
  /^\s*(?:copyright\s+(?:©\s*)?\d{4}|©\s*\d{4}|\(c\)\s+\d{4}).{0,100}$|^\s*all rights reserved\.?\s*$|^\s*©\s*\S.{0,60}$/i,
  // "Direkt aus dem dpa-Newskanal": where an agency's story came in, over it.
  /^\s*(?:direkt aus dem [\w-]+-newskanal|from the (?:associated press|ap|reuters) (?:wire|feed))\s*$/i,
  // "Tous droits réservés REUTERS/Charles Platiau": a picture's credit, in the page's language.
  /^\s*(?:tous droits réservés|todos los derechos reservados|alle rechte vorbehalten|tutti i diritti riservati|todos os direitos reservados)\b.{0,80}$/i,
  // "Par Euronews", "Por Ana Pérez", "Von Max Muster": a byline in French, Spanish, German, Italian.
  /^\s*(?:[Pp]ar|[Pp]or|[Vv]on|[Dd]i)\s+\p{Lu}[\p{L}.'’-]+(?:\s+\p{Lu}[\p{L}.'’-]+){0,3}\s*$/u,
  // A page's share buttons and advertising marks: "Partager cet article", "Copy to clipboard", "PUBLICITÉ".
  /^\s*(?:partager cet article|share this article|share on|share with (?:facebook|twitter|x|linkedin|email|whatsapp|reddit)\b|copy to clipboard|copier\/coller|compartir|teilen).{0,80}$|^\s*(?:publicité|publicidad|pubblicità|anzeige|advertisement|werbung)\s*$/i,
  // "Publié 15/03/2022|Modifié 16/03/2022", "Updated March 3, 2024": when the page was published.
  /^\s*(?:publié|modifié|mis à jour|published|updated|last updated|veröffentlicht|aktualisiert|publicado|actualizado|pubblicato|aggiornato)(?:\s+(?:le|on|am|el|il))?\s*:?\s*\d[^.!?]{0,60}$/iu,
  // An archive's notice, and a speech's "check against delivery" with its date.
  /^\s*(?:ce contenu a été publié sous|this (?:content|page|article) (?:was|has been) (?:published|archived) (?:under|during))\b.{0,120}$/iu,
  /^.{0,40}\b(?:seul le prononcé fait foi|check against delivery|es gilt das gesprochene wort|sólo vale lo pronunciado)\b.{0,20}$/iu,
  // An embedded post's signature: "— Emmanuel Macron (@EmmanuelMacron) May 12, 2023".
  /^\s*[—–-]\s*[^()\n]{1,60}\(@\w{1,30}\)\s[^.!?]{0,30}\d{4}\s*$/u,
  // The page's links for moving about it: "Skip to main content", "← Back to P Definitions".
  /^\s*(?:skip (?:to (?:the )?(?:main )?)?(?:content|navigation)|jump to (?:navigation|search|content))\b.{0,40}$|^\s*←\s*\S.{0,60}$|^\s*back to (?:top|home|index|main page|homepage|the top|overview|all [\w-]+)\s*$/i,
  // A page's notes on itself: "This table is used for column layout.", "Powered By Docstoc",
  // "Document Sample", "Our home pageContact UsPrevious Page" (its links run together).
  // A printed page's running foot: "Agenda—Planning Commission September 24, 2019—Page 1 of 2".
  /^.{0,80}\bpage \d{1,3} of \d{1,3}\s*$/i,
  /^\s*(?:this table is used for (?:column )?layout\.?|document sample|.{0,30}home ?page\s*contact us.{0,30})\s*$/i,
  /^[^:]{0,60}\bPowered By \S+\s*$/,
];
const CONTENTS_ENTRY_WORDS = 8;
const NAME_ITEM = /^\s*[-*•]\s+\p{Lu}[\p{L}.'’-]+(?:\s\p{Lu}[\p{L}.'’-]+){1,3}\s*$/u;

/**
 * The text without a page's furniture typed as lines of its own: its byline, credits, share
 * buttons and advertising marks, a line said twice in a row, and its contents box with the short
 * entry lines right under it (the parts themselves follow as text).
 */
function withoutPageChrome(content: string): string {
  const lines = withoutAddress(withoutMasthead(withoutRelatedLinks(withoutBylineList(content.split("\n")))));
  const out: string[] = [];
  // (A heading "Table of Contents" over its underline, or over a blank line, heads a part.)
  const entry = (line = "") => line.trim() && !/^\s*([=^~*#-])\1+\s*$/.test(line);
  let previous = "";
  // The last line of text was page furniture (a byline, an author, an affiliation).
  let byline = false;
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i].trim();
    // A line the page says twice in a row (its title above the story, a picture's credit) is read once.
    if (text && text === previous) continue;
    // "Les zones prévues pour…" / "Les zones prévues pour… / Matignon": a picture's caption, then
    // the same with its credit. Neither is text.
    const next = lines[i + 1]?.trim() ?? "";
    if (text && next.startsWith(text) && /^\s*[/|©]\s*\p{Lu}[^.!?]{0,40}$/u.test(next.slice(text.length))) {
      i++;
      continue;
    }
    if (text) previous = text;
    // (A wrapped sentence goes on in lower case: "…were published on the Web; he only needed to automate⏎their retrieval.")
    // (Not when that line is the page's own: "share with facebook" under the byline.)
    const after = lines[i + 1] ?? "";
    const wrapped = /^\s*\p{Ll}/u.test(after) && !BYLINE.some((b) => b.test(after));
    if (!wrapped && BYLINE.some((b) => b.test(lines[i]))) {
      byline = true;
      continue;
    }
    // "• Lee Hooper": the author list's last name, without the comma of the names before it.
    if (byline && NAME_ITEM.test(lines[i])) continue;
    if (text) byline = false;
    if (!CONTENTS_LINE.test(lines[i]) || !entry(lines[i + 1])) {
      out.push(lines[i]);
      continue;
    }
    // The entries: short lines without a sentence's end, up to the first blank or long line.
    while (
      i + 1 < lines.length &&
      lines[i + 1].trim() &&
      countWords(lines[i + 1]) <= CONTENTS_ENTRY_WORDS &&
      !/[.!?]\s*$/.test(lines[i + 1])
    )
      i++;
  }
  return out.join("\n");
}

/** A breadcrumb's separator on a line of its own: "Home" / ">" / "Préstamos Personales" / ">". */
const CRUMB_SEPARATOR = /^\s*[>›»/|]\s*$/;
/** A date stamped in digits on a line of its own above an article: "23/07/2025". */
const NUMERIC_DATE = /^\s*\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\s*$/;
/** A person's name alone on a line: two to four capitalised words. */
const NAME_LINE = /^\s*\p{Lu}[\p{L}.'’-]+(?:\s+\p{Lu}[\p{L}.'’-]+){1,3}\s*$/u;
const MASTHEAD_LINES = 15;

/**
 * A page's masthead copied above its article: the breadcrumb trail up to the page's own name
 * ("Logo" / "Home" / ">" / "Préstamos Personales" / ">" / "Infórmate sobre…"), and a date with
 * the author's name under it ("23/07/2025" / "Lincoln Marques"). Only the opening lines, before
 * the first line of prose, are looked at.
 */
function withoutMasthead(lines: readonly string[]): string[] {
  const prose = lines.findIndex((l) => countWords(l) >= 12);
  const head = Math.min(prose < 0 ? lines.length : prose, MASTHEAD_LINES);
  const separators = lines.slice(0, head).flatMap((l, i) => (CRUMB_SEPARATOR.test(l) ? [i] : []));
  const out = [...lines];
  // The trail runs to the crumb after its last separator: the page's name, which its title repeats.
  if (separators.length >= 2) out.splice(0, (separators.at(-1) ?? 0) + 2);
  for (let i = 0; i < Math.min(out.length, head); i++) {
    if (!DATE_LINE.test(out[i].trim()) && !NUMERIC_DATE.test(out[i])) continue;
    // (A date alone may be what the text is for: an agenda's meeting.)
    if (NAME_LINE.test(out[i + 1] ?? "") && !/[.!?:]$/.test(out[i + 1].trim())) out.splice(i, 2);
    break;
  }
  return out;
}

/** The text without markdown link definitions: addresses, not text. */
function withoutLinkDefinitions(content: string): string {
  if (!/^\s{0,3}\[[^\]\n]+\]:\s/m.test(content)) return content;
  return content
    .split("\n")
    .filter((line) => !LINK_DEFINITION.test(line))
    .join("\n");
}

/**
 * "It also depends on ncurses, available from:" above an address on a line of its own (a code
 * block in a README): the sentence ends with the address, rather than on "available".
 */
function withLinkLinesJoined(content: string): string {
  return content.replace(
    /([^\s:][^\n:]*?):[ \t]*\n(?:[ \t]*\n)?[ \t]*<?(https?:\/\/[^\s<>]+?)>?[ \t]*(?=\n[ \t]*\n|\n?$)/g,
    (_, sentence: string, url: string) =>
      `${sentence}${/\b(?:from|at|to|on|in|see|visit|via)$/i.test(sentence) ? "" : ":"} ${url.replace(/[.,;]+$/, "")}.`,
  );
}

function withoutRstMarkup(source: string): string {
  // Before sentences are split: ":doc:`ESP-Docs v.s. Sphinx <target>`" holds a full stop.
  const content = source
    .replace(RST_LINK, "$1")
    // :pep:`602` → "PEP 602"; :pep:`Python 3.13 <719>` and :ref:`text <target>` → their text.
    .replace(RST_ROLE, (_, role: string, target: string) => {
      const text = target.replace(/\s*<[^>]*>$/, "");
      return (role === "pep" || role === "rfc") && /^\d+$/.test(text)
        ? `${role.toUpperCase()} ${text}`
        : text;
    });
  if (!/^\.\.\s/m.test(content)) return content;
  const lines = content.split("\n");
  const out: string[] = [];
  let inMarkup = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const table = RST_LIST_TABLE.test(line) ? rstListTable(lines, i + 1) : null;
    if (table) {
      out.push(...table.rows);
      i = table.end - 1;
      inMarkup = false;
      continue;
    }
    if (/^\.\.\s/.test(line)) inMarkup = true;
    else if (!(inMarkup && RST_MARKUP_LINE.test(line))) inMarkup = false;
    if (!inMarkup) out.push(line);
  }
  return out.join("\n");
}

const PLACEHOLDER_CELL = /^(?:column|col|header|heading|cell)\s*\d+$/i;
const RST_LIST_TABLE = /^\.\.\s+list-table::/;
const RST_ROW = /^(\s*)\*\s+-\s+(.*)$/;
const RST_CELL = /^(\s*)-\s+(.*)$/;

/**
 * The rows of a reStructuredText list table (".. list-table::", its options, then "* - cell" rows
 * with "  - cell" under them), from line `start`, as a markdown table; null when it has no two
 * rows of one width.
 */
function rstListTable(lines: readonly string[], start: number): { rows: string[]; end: number } | null {
  const rows: string[][] = [];
  let i = start;
  while (i < lines.length && (RST_MARKUP_LINE.test(lines[i]) || !lines[i].trim())) i++;
  for (; i < lines.length; i++) {
    const line = lines[i];
    const row = RST_ROW.exec(line);
    const cell = RST_CELL.exec(line);
    if (row) rows.push([row[2]]);
    else if (cell && rows.length) rows[rows.length - 1].push(cell[2]);
    else if (/^\s+\S/.test(line) && rows.length) {
      // A cell's text goes on under it.
      const last = rows[rows.length - 1];
      last[last.length - 1] += ` ${line.trim()}`;
    } else if (line.trim()) break;
  }
  const width = rows[0]?.length ?? 0;
  if (rows.length < 2 || width < 2 || rows.some((r) => r.length !== width)) return null;
  const cells = (row: string[]) =>
    `| ${row
      .map((c) =>
        c
          .replace(/\|/g, "/")
          .replace(/``([^`]+)``/g, "`$1`")
          .trim(),
      )
      .join(" | ")} |`;
  return {
    rows: ["", cells(rows[0]), `|${" --- |".repeat(width)}`, ...rows.slice(1).map(cells), ""],
    end: i,
  };
}

/** Rows padded to one width; the first row is the header. */
function toTable(rows: string[][], width: number): TSourceTable {
  const pad = (row: string[]) => Array.from({ length: width }, (_, i) => (row[i] ?? "").trim());
  return { header: pad(rows[0]), rows: rows.slice(1).map(pad) };
}

/** What a sentence ending in a colon introduces: its last noun phrase ("Current release schedule"). */
function introducedName(text: string): string | undefined {
  const phrase = nlp(plainText(text).replace(/:\s*$/, "")).nouns().last().not("#Determiner").text().trim();
  return phrase && countWords(phrase) <= 6 ? capitalise(phrase) : undefined;
}

/** The texts of the list that starts at block i: its items at that depth. */
function listAt(blocks: TBlock[], i: number): string[] {
  const first = blocks[i];
  if (first.kind !== "item") return [];
  const out: string[] = [];
  for (let j = i; j < blocks.length; j++) {
    const b = blocks[j];
    if (b.kind !== "item" || b.depth < first.depth) break;
    if (b.depth > first.depth) return [];
    out.push(b.text);
  }
  return out;
}

function countItemsAfter(blocks: TBlock[], i: number): number {
  let n = 0;
  for (let j = i + 1; j < blocks.length && blocks[j].kind === "item"; j++) n++;
  return n;
}

function countItemsBefore(blocks: TBlock[], i: number): number {
  let n = 0;
  for (let j = i - 1; j >= 0 && blocks[j].kind === "item"; j--) n++;
  return n;
}
