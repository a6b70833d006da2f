/**
 * Plain text often has headings without markdown: minutes, memos and notes typed in an email put a
 * short line ("Treasurer's report", "2. Roof repairs", "Actions") above the text it names. Such
 * lines become markdown headings, so the text is read in its own sections rather than guessed by
 * topic. Text that already has markdown headings, or shows fewer than two such lines, is left as is
 * (one is enough among lines that are each a paragraph: a page copied one paragraph per line).
 */
import nlp from "compromise";
import { titleCase } from "./title-case";
import { countWords, insideBrackets, PICTOGRAPHS_AROUND, WRAPPED_AFTER } from "./tokenize";

const MARKDOWN_HEADING = /^\s{0,3}#{1,6}\s|^\s{0,3}(?:=+|-+)\s*$/m;
const NUMBERED = /^\s*\d{1,2}[.)]\s+/;
const MAX_HEADING_WORDS = 8;
const MIN_HEADINGS = 2;
/** A label line that comes back this often is a speaker's or a field's, not a part's. */
const REPEATED_LABEL = 2;
/** A Title Case line may be longer: "Fourth Quarter and Full Year 2022 Operational Highlights". */
const MAX_TITLE_CASE_WORDS = 12;
/** A heading line may end in a colon when it is this short: "Introducción:", "2. Preparación del Terreno:". */
const LABEL_HEADING_WORDS = 5;

/**
 * "Step 1: Understand the Job Role", "### Step 2 – Research the Company", "Paso 3. Cimientos": a line
 * of its own that names a step, among two or more, heads that step's part, numbered ("## 1.
 * Understand the Job Role"), so its list is not labelled "Step 1" item by item.
 */
const STEP_LINE =
  /^[ \t]*(#{1,6}[ \t]+)?(?:\*\*|__)?(?:step|paso|etapa|étape|schritt|passo|stap|krok|adım)[ \t]+(\d{1,2})[ \t]*(?:[:.)]|[–—-])[ \t]*(\S[^\n]*?)(?:\*\*|__)?[ \t]*$/gimu;
const STEP_TITLE_WORDS = 12;

/**
 * "Step 1" on a line of its own above the paragraph that says it ("Prepare a new container one
 * size larger than the current pot. Choose one…"), among two or more: the step's part is named by
 * its instruction, the verb and what it acts on ("## 1. Prepare a new container"), so the steps
 * read as steps and each part's slide says what it is about rather than "Step 1".
 */
const BARE_STEP =
  /^[ \t]*(?:#{1,6}[ \t]+)?(?:\*\*|__)?step[ \t]+(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)[ \t]*:?(?:\*\*|__)?[ \t]*\n(?:[ \t]*\n)+([^\n]+)/gimu;
const STEP_NUMBERS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

export function withBareSteps(content: string): string {
  const names = new Map([...content.matchAll(BARE_STEP)].map((m) => [m.index, instructionName(m[2])]));
  if (names.size < 2 || [...names.values()].some((name) => !name)) return content;
  return content.replace(BARE_STEP, (_, n: string, paragraph: string, at: number) => {
    const number = /^\d+$/.test(n) ? Number(n) : STEP_NUMBERS.indexOf(n.toLowerCase()) + 1;
    return `\n## ${number}. ${titleCase(names.get(at) ?? "", "en")}\n\n${paragraph}`;
  });
}

/** Words that end an instruction's object: "Place a paper towel | over the drainage holes". */
const OBJECT_END =
  /^(?:to|into|onto|from|over|under|in|on|at|with|by|for|until|and|or|so|that|which|while|if|when|before|after|than|around|through|about|across|along|below|above|between|inside|outside|without)$/i;

/**
 * An instruction's name: its verb and what it acts on ("Prepare a new container", "Remove the
 * house plant"), when the paragraph opens on a verb in the imperative; else undefined.
 */
function instructionName(paragraph: string): string | undefined {
  const sentence = paragraph.trim().split(/(?<=[.!?])\s+/)[0] ?? "";
  // ("Water the replanted houseplant…": a word the tagger reads as a noun is a verb before an article.)
  const beforeArticle = /^\p{Lu}\p{Ll}+\s+(?:the|a|an|your|each|any|some|all)\s/u.test(sentence);
  if (!/^\p{Lu}/u.test(sentence) || !(beforeArticle || opensOnImperative(sentence))) return undefined;
  return verbAndObject(sentence) ?? verbAndWords(sentence);
}

/** "Prepare a new container", "Water the replanted houseplant": the verb and its object's noun phrase, by tagger. */
function verbAndObject(sentence: string): string | undefined {
  const terms = nlp(sentence)
    .terms()
    .json()
    .map((t: { text: string; terms: { tags?: string[]; post?: string }[] }) => ({
      text: t.text,
      tags: new Set(t.terms[0]?.tags ?? []),
      post: t.terms[0]?.post ?? "",
    }));
  const out = [terms[0]?.text ?? ""];
  let end = 0;
  for (const term of terms.slice(1)) {
    const { tags } = term;
    if ((tags.has("Determiner") || tags.has("Possessive")) && out.length === 1) out.push(term.text);
    else if (tags.has("Noun") && !tags.has("Pronoun")) end = out.push(term.text);
    else if (tags.has("Adjective") || tags.has("Participle") || tags.has("PastTense")) out.push(term.text);
    else break;
    if (/[,;:.!?]/.test(term.post)) break;
  }
  return end
    ? out
        .slice(0, end)
        .join(" ")
        .replace(/[,;:.!?]+$/, "")
    : undefined;
}

/** The verb and the words after it up to a preposition or a conjunction (at most seven). */
function verbAndWords(sentence: string): string | undefined {
  const out: string[] = [];
  for (const word of sentence.split(/\s+/)) {
    const bare = word.replace(/[.,;:!?]+$/, "");
    if (out.length > 1 && OBJECT_END.test(bare)) break;
    out.push(bare);
    if (bare !== word || out.length >= 7) break;
  }
  return out.length >= 2 ? out.join(" ") : undefined;
}

export function withStepHeadings(content: string): string {
  const steps = [...content.matchAll(STEP_LINE)].filter(
    (m) => countWords(m[3]) <= STEP_TITLE_WORDS && !/[.!?]$/.test(m[3].replace(/\*+$/, "")),
  );
  if (new Set(steps.map((m) => m[2])).size < 2) return content;
  const heads = new Set(steps.map((m) => m.index));
  return content.replace(
    STEP_LINE,
    (line, hashes: string | undefined, n: string, title: string, at: number) =>
      heads.has(at)
        ? `\n${hashes?.trim() ?? "##"} ${Number(n)}. ${title.replace(/(?:\*\*|__)$/, "")}\n`
        : line,
  );
}

/**
 * Instructions typed one per paragraph, without numbers or marks ("Turn off the circuit breaker
 * for the switch" / "Verify the power is off with a voltage tester" / "Remove the switch plate
 * cover" / …): four short lines or more in a row, nearly all opening on a verb and none ending a
 * sentence, are the numbered steps they read as.
 */
export function withInstructionLines(content: string): string {
  return withParagraphRuns(
    content,
    (block) => {
      const line = block.trim();
      const short =
        !line.includes("\n") &&
        countWords(line) <= INSTRUCTION_LINES.words &&
        !/[.!?:;,]$/.test(line) &&
        /^\p{Lu}/u.test(line);
      return short ? { block, line, ordered: opensOnImperative(line) } : null;
    },
    (run) => {
      const ordered = run.filter((r) => r.ordered).length;
      if (run.length < INSTRUCTION_LINES.min || ordered < run.length * INSTRUCTION_LINES.share) return null;
      // (The run's lines that are no instruction after its last one, a page's "Suggested for You", stay out.)
      let last = run.length - 1;
      while (last > 0 && !run[last].ordered) last--;
      return [
        run
          .slice(0, last + 1)
          .map((r, k) => `${k + 1}. ${r.line}`)
          .join("\n"),
        ...run.slice(last + 1).map((r) => r.block),
      ];
    },
  );
}
const INSTRUCTION_LINES = { min: 4, words: 14, share: 0.8 };

/**
 * Amounts typed one per paragraph ("200 gramos de harina." / "2 huevos." / "1 pizca de sal."):
 * three short lines or more in a row, each opening on a quantity, are the list they read as.
 */
export function withAmountLines(content: string): string {
  return withParagraphRuns(
    content,
    (block) => {
      const line = block.trim();
      const amount =
        !line.includes("\n") &&
        countWords(line) <= AMOUNT_LINES.words &&
        /^\d+(?:[.,/]\d+)?\s*\p{L}/u.test(line);
      return amount ? `- ${line}` : null;
    },
    (run) => (run.length >= AMOUNT_LINES.min ? [run.join("\n")] : null),
  );
}
const AMOUNT_LINES = { min: 3, words: 10 };

/** "Turn off…", "Verify…", "Screw the new switch…": a line opening on a verb in the imperative. */
function opensOnImperative(line: string): boolean {
  const first = nlp(line).terms().first();
  return first.has("#Verb") && !first.has("(#Gerund|#PastTense|#Copula|#Modal)");
}

/** A bullet mark on a line of its own, maybe in a table cell's bar: "•", "|°", "| ▪ |". */
const LONE_MARK = /^[ \t]*\|?[ \t]*[•◦▪▫●○·°‣⁃∙■□➢►▶✓✔-][ \t]*\|?[ \t]*$/u;

/**
 * A page's list copied out of its layout table puts each mark on a line of its own and its text on
 * the next, in the table's bars ("|°" / "|Total revenues in the Americas…"): each pair is one
 * list item ("- Total revenues…"). A bar that opens a line with no other bar is no table's.
 */
export function withLoneMarksJoined(content: string): string {
  const lines = content.replace(/\r\n?/g, "\n").split("\n");
  if (lines.filter((l) => LONE_MARK.test(l)).length < 2) return content;
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const next = lines[i + 1];
    if (LONE_MARK.test(lines[i]) && next?.trim() && !LONE_MARK.test(next)) {
      out.push(
        `- ${next
          .replace(/^[ \t]*\|/, "")
          .replace(/\|[ \t]*$/, "")
          .trim()}`,
      );
      i++;
    } else out.push(lines[i]);
  }
  return out.join("\n");
}

/** "Absorption Chiller: Cooling system using…", "Air changes per hour - the number of…": a term and what it is. */
const ENTRY = /^(?:\*\*|__)?([\p{Lu}\p{N}][^:\n*_—–]{0,60}?)(?:\*\*|__)?\s*(?::|\s[—–-])\s+(\S[^\n]*)$/u;
const ENTRIES = { min: 5, labelWords: 6, textWords: 40 };

/**
 * A glossary or a list typed as paragraphs: five or more paragraphs in a row, each one line that
 * names a term and says what it is in a sentence, are the entries of one list ("- Term: text"),
 * not parts headed by their terms.
 */
export function withEntriesAsList(content: string): string {
  return withParagraphRuns(
    content,
    (block) => {
      const m = ENTRY.exec(block.trim());
      if (!m || block.trim().includes("\n")) return null;
      const text = m[2].trim();
      const sentences = text.split(/(?<=[.!?])\s+(?=\p{Lu})/u).length;
      return countWords(m[1]) <= ENTRIES.labelWords &&
        countWords(text) <= ENTRIES.textWords &&
        sentences <= 2 &&
        !/:$/.test(text)
        ? `- ${m[1].trim()}: ${text}`
        : null;
    },
    (run) => (run.length >= ENTRIES.min ? [run.join("\n")] : null),
  );
}

/**
 * The text's paragraphs (blocks between blank lines) with runs of kindred ones rewritten: `read`
 * gives what a block says as one of a run (null when it is not one), `write` what stands in place
 * of a run from its first block to the last in a row (null to leave its first block as it is and
 * try the run that starts after it).
 */
export function withParagraphRuns<T>(
  content: string,
  read: (block: string) => T | null,
  write: (run: T[]) => string[] | null,
): string {
  const blocks = content.split(/\n[ \t]*\n/);
  const said = blocks.map(read);
  const out: string[] = [];
  for (let i = 0; i < blocks.length; ) {
    let j = i;
    while (j < blocks.length && said[j] !== null) j++;
    const written = j > i ? write(said.slice(i, j) as T[]) : null;
    if (written) {
      out.push(...written);
      i = j;
    } else {
      out.push(blocks[i]);
      i++;
    }
  }
  return out.join("\n\n");
}

/** Markdown with the plain-text heading lines marked (`#` for the title line, `##` for the rest). */
export function markPlainHeadings(content: string): string {
  if (MARKDOWN_HEADING.test(content)) return content;
  const joined = withEditLinkHeadings(
    withoutHeadingAnchors(withPunctuationJoined(content.replace(/\r\n?/g, "\n"))),
  );
  const apart = withLinesApart(joined);
  const blocks = withLabelsApart(withAbstractLabels(withHeadingsApart(apart).split(/\n\s*\n/)));
  const marks = blocks.map((block, i) => {
    const lines = block.split("\n").filter((l) => l.trim());
    const titleCase = lines.length > 0 && isTitleCaseLine(lines[0]);
    const next = blocks[i + 1]?.trim() ?? "";
    // A line alone ending in a colon labels the paragraph under it, not a list (that it introduces).
    const alone = lines.length === 1 && next.length > 0 && !/^(?:[-*+•]|\d{1,2}[.)])\s/.test(next);
    if (lines.length === 0 || !(isHeadingLine(lines[0], alone) || titleCase)) return false;
    // "The National Center for Complementary and Alternative Medicine (NCCAM)" / "invites
    // applications…": a sentence wrapped after its subject goes on in lower case.
    // ("Alle Rust-Compiler-Versionen unterstützen jede Edition, die vor der" / "Veröffentlichung
    // dieses Compilers…": a line that stops on an article or inside a bracket goes on too, even
    // where the language writes its nouns in capitals.)
    if (lines.length >= 2) return !/^\p{Ll}/u.test(lines[1].trim()) && !goesOn(lines[0]);
    // A short line alone, followed by a block of text it introduces; a Title Case line above
    // another heading heads a part the page left empty (its table was not copied).
    // ("The stash" / "library is a key-value store…" is a sentence, not a heading.)
    const [nextFirst, nextSecond] = next.split("\n");
    const nextHeading = isHeadingLine(nextFirst) && !/^\p{Ll}/u.test(nextSecond?.trim() ?? "");
    // ("Timeline (4 weeks before Q start)" over "Week 1: Data Gathering & Analysis": the line over a
    // series' first numbered part heads the series.)
    const seriesStart = /^\p{Lu}\p{Ll}+\s1:\s\p{Lu}/u.test(nextFirst?.trim() ?? "");
    return next.length > 0 && (!nextHeading || titleCase || seriesStart);
  });
  // "VOICE ONE:", "VOICE TWO:", "VOICE ONE:": a label that comes back names who speaks (or which
  // field follows), not a part; it is left out.
  const labels = blocks.map((block) => {
    const lines = block.split("\n").filter((l) => l.trim());
    return lines.length === 1 && /:$/.test(lines[0].trim()) ? lines[0].trim().toLowerCase() : undefined;
  });
  const labelCounts = new Map<string, number>();
  for (const label of labels) if (label) labelCounts.set(label, (labelCounts.get(label) ?? 0) + 1);
  const repeated = labels.map((label) => !!label && (labelCounts.get(label) ?? 0) >= REPEATED_LABEL);
  repeated.forEach((r, i) => {
    if (r) marks[i] = false;
  });
  const headings = marks.filter(Boolean).length - (marks[0] ? 1 : 0);
  const speakers = repeated.some(Boolean);
  // (Among lines that are each a paragraph, one short line alone is a heading already.)
  const least = apart === joined ? MIN_HEADINGS : 1;
  if (headings < least) return speakers ? blocks.filter((_, i) => !repeated[i]).join("\n\n") : joined;
  return blocks
    .map((block, i) => {
      if (!marks[i]) return block;
      const lines = block.split("\n").filter((l) => l.trim());
      // The number stays: "1. Planificación y Diseño" is the first of the steps (cleanHeading drops it).
      const heading = lines[0].replace(/:$/, "").trim();
      const rest = lines.slice(1).join("\n");
      return `${i === 0 ? "#" : "##"} ${heading}${rest ? `\n\n${rest}` : ""}`;
    })
    .filter((_, i) => !repeated[i])
    .join("\n\n");
}

/**
 * A structured abstract typed without colons ("Objective To estimate the frequency…", "Design
 * Cross sectional analysis", "Results Of 585 registered trials…"): its labels get their colons,
 * so its parts read as labelled, when three paragraphs or more open on one.
 */
function withAbstractLabels(blocks: string[]): string[] {
  const labelled = blocks.map((b) => ABSTRACT_LABEL.test(b.trim()));
  if (labelled.filter(Boolean).length < LABELLED_MIN) return blocks;
  return blocks.map((b, i) => (labelled[i] ? b.trim().replace(ABSTRACT_LABEL, "$1: ") : b));
}
const ABSTRACT_LABEL =
  /^(Objectives?|Aims?|Background|Design|Setting|Settings|Participants|Interventions?|Data sources|Study selection|Data extraction|Methods|Main outcome measures?|Results|Conclusions?|Limitations)\s+(?=\p{Lu})/u;

/** "Objective: To compare the outcomes…": a paragraph opened by a label of one to three words. */
const PARAGRAPH_LABEL = String.raw`[\p{Lu}][\p{L}'’-]*(?:\s[\p{L}'’-]+){0,2}`;
const LABELLED_PARAGRAPH = new RegExp(`^(${PARAGRAPH_LABEL}):\\s+(\\S[\\s\\S]*)$`, "u");
const LABEL_START = new RegExp(`^${PARAGRAPH_LABEL}:\\s`, "u");
const LABELLED_MIN = 3;
const LABELLED_BODY_WORDS = 8;

/**
 * A structured abstract or report ("Objective: …", "Data sources: …", "Results: …"): three or
 * more paragraphs of prose, each opened by a short label, are parts named by their labels. The
 * label becomes the part's heading and the prose stays under it.
 */
function withLabelsApart(blocks: string[]): string[] {
  const labelled = blocks.map((block) => {
    const m = LABELLED_PARAGRAPH.exec(block.trim());
    // One label's prose, wrapped over lines; not lines of "Label: value" pairs.
    if (!m || m[2].split("\n").some((line) => LABEL_START.test(line.trim()))) return null;
    const body = m[2].trim();
    return countWords(body) >= LABELLED_BODY_WORDS && /[.!?]$/.test(body)
      ? { label: m[1], body: body.replace(/\s*\n\s*/g, " ") }
      : null;
  });
  if (labelled.filter(Boolean).length < LABELLED_MIN) return blocks;
  return blocks.flatMap((block, i) => {
    const part = labelled[i];
    return part ? [part.label, part.body] : [block];
  });
}

/** A line that stops on a lower-case article, preposition or conjunction, or inside a bracket. */
function goesOn(line: string): boolean {
  const text = line.trim();
  return (
    (WRAPPED_AFTER.test(text) && /\p{Ll}$/u.test(text)) || insideBrackets(text) || /\[[^\]]*$/.test(text)
  );
}

/**
 * A short line with no sentence punctuation that starts like a title ("Roof repairs", "3. Risks").
 * `alone`: the line is a block of its own above a paragraph, where a colon only labels what
 * follows ("1. Planificación y Diseño:", "Introducción:").
 */
function isHeadingLine(line: string, alone = false): boolean {
  const text = line.replace(PICTOGRAPHS_AROUND, "").replace(NUMBERED, "").trim();
  if (!text || countWords(text) > MAX_HEADING_WORDS) return false;
  const labelled = alone && /^[^:]+:$/.test(text) && countWords(text) <= LABEL_HEADING_WORDS;
  // "Stage 2: Upload Your Documents", "Part 1: Background": a numbered part and its name.
  const numberedPart = /^\p{Lu}\p{Ll}+\s\d{1,2}:\s\p{Lu}/u.test(text);
  if ((/[.!?;,:]$/.test(text) && !labelled) || (/:\s/.test(text) && !numberedPart)) return false;
  if (/^[-*+•>|]/.test(text)) return false;
  return /^[\p{Lu}\p{N}]/u.test(text) || NUMBERED.test(line);
}

/** A line that ends a sentence (or a quotation of one). */
const SENTENCE_END = /[.!?…:]["”’)]?$/u;
const PICTOGRAPH_START = /^\p{Extended_Pictographic}/u;
const LINES_APART = { minLines: 4, share: 0.5, headingWords: 8 };

/**
 * Text copied from a web page one paragraph per line, without blank lines between ("Within a few
 * minutes of submission, you will receive…" / "🗓️ Deadline to Complete Your Application" /
 * "Please complete both…"): each line is a paragraph, and a short line among them a heading. A
 * hard-wrapped paragraph is not: most of its lines stop mid-sentence. A block reads as one
 * paragraph per line when at least half its lines end a sentence and every other line is short.
 */
function withLinesApart(content: string): string {
  return content
    .split(/\n[ \t]*\n/)
    .map((block) => {
      const lines = joinBrokenLines(block.split("\n").filter((l) => l.trim()));
      if (lines.length < LINES_APART.minLines) return block;
      const ends = lines.filter((l) => SENTENCE_END.test(l.trim())).length;
      // (A page copied partway may stop mid-sentence on its last line.)
      const others = lines.slice(0, -1).filter((l) => !SENTENCE_END.test(l.trim()));
      const short = others.every((l) => countWords(l) <= LINES_APART.headingWords || /^\s*[-*+•]\s/.test(l));
      if (ends < lines.length * LINES_APART.share || !short) return block;
      // "From there, you will:" / "Create a profile" / "Upload required documents…": the short
      // lines after a line that ends in a colon are its list.
      const out: string[] = [];
      let listing = false;
      for (const line of lines) {
        // (A paragraph that ends the copy mid-sentence is not an item: it holds whole sentences.)
        const item: boolean =
          listing &&
          !SENTENCE_END.test(line.trim()) &&
          !/[.!?]\s+\p{Lu}/u.test(line) &&
          !/^\s*[-*+•]\s/.test(line) &&
          !PICTOGRAPH_START.test(line.trim());
        out.push(item ? `- ${line.trim()}` : line);
        listing = item || /:$/.test(line.trim());
      }
      return out.reduce((text, line, k) => {
        if (k === 0) return line;
        const list = /^- /.test(line) && (/^- /.test(out[k - 1]) || /:$/.test(out[k - 1].trim()));
        return `${text}${list ? "\n" : "\n\n"}${line}`;
      }, "");
    })
    .join("\n\n");
}

/**
 * "Overview #", "Installation ¶": a documentation site's link to its own heading, copied with it.
 * The mark goes and the line stands apart, to be read as the heading it is.
 */
function withoutHeadingAnchors(content: string): string {
  const anchored = /^[ \t]*(\S[^\n#¶]{0,80}?)[ \t]+[#¶][ \t]*$/gm;
  if ((content.match(anchored) ?? []).length < 2) return content;
  return content.replace(anchored, "\n$1\n");
}

/**
 * "沿革" / "[編集]", "History" / "[edit]": an encyclopedia page copied with the edit link under each
 * section's name. The line above the link is that section's heading, in any script; the link goes.
 */
function withEditLinkHeadings(content: string): string {
  return content.replace(
    /^[ \t]*(\S[^\n]{0,80}?)[ \t]*\n(?:[ \t]*\n)?[ \t]*\[(?:編集|编辑|編輯|edit|עריכה|تحرير|bearbeiten|modifier|editar|modifica)(?:\s*\|[^\]\n]*)?\][ \t]*$/gimu,
    (_, line: string) => `## ${line.replace(/^#+\s*/, "")}`,
  );
}

/**
 * A page copied out of its markup breaks lines at inline elements: "A README (often named
 * README.md" / ", README.txt" / ") is a text file…". A line that opens on a comma or a closing
 * bracket goes on from the line before.
 */
function withPunctuationJoined(content: string): string {
  return content.replace(/\n[ \t]*(?=[,;)\]}]\s)/g, "");
}

/**
 * The lines of a block with those broken at inline elements joined again: a line that opens on a
 * comma or a closing bracket, or on a lower-case word after a line that ends no sentence ("The
 * stash" / "library is a key-value store…"), goes on from the line before.
 */
function joinBrokenLines(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const last = out.length - 1;
    const trimmed = line.trim();
    if (last >= 0 && /^[,;)\]}]/.test(trimmed)) out[last] = `${out[last].trimEnd()}${trimmed}`;
    else if (last >= 0 && /^\p{Ll}/u.test(trimmed) && !SENTENCE_END.test(out[last].trim()))
      out[last] = `${out[last].trimEnd()} ${trimmed}`;
    else out.push(line);
  }
  return out;
}

/**
 * Text copied from a web page without its blank lines: Title Case lines run straight into the
 * list or the sentence they head ("Earnings Highlight" / "Fourth Quarter and Full Year 2022
 * Financial Highlights" / "• Ad impressions…"). Such a run of heading lines, when a list item or
 * a whole sentence follows it, is set apart so each line reads as a heading. Lines typed one per
 * entry ("Jane Doe" / "John Smith") are followed by more of their kind and stay as they are.
 */
function withHeadingsApart(content: string): string {
  const lines = content.split("\n");
  const apart = new Set<number>();
  for (let i = 0; i < lines.length; ) {
    if (!isTitleCaseLine(lines[i]) || !lines[i - 1]?.trim()) {
      i++;
      continue;
    }
    let j = i;
    while (j < lines.length && isTitleCaseLine(lines[j])) j++;
    const next = lines[j]?.trim() ?? "";
    // …a list, a sentence, or the label of a list under it ("Week 2: Opportunity Prioritization" /
    // "Activities:" / "- Review and score…").
    const opens =
      /^(?:[-*+•]\s|\d{1,2}[.)]\s)/.test(next) ||
      (countWords(next) >= 8 && /[.!?]$/.test(next)) ||
      (/^\p{Lu}[^:]{0,30}:$/u.test(next) && /^\s*(?:[-*+•]|\d{1,2}[.)])\s/.test(lines[j + 1] ?? ""));
    if (opens) for (let k = i; k < j; k++) apart.add(k);
    i = j;
  }
  if (apart.size === 0) return content;
  return lines.map((line, i) => (apart.has(i) ? `\n${line}\n` : line)).join("\n");
}

/** A heading line whose words of four letters or more are capitalised: "Fourth Quarter and Full Year 2022 Financial Highlights". */
function isTitleCaseLine(line: string): boolean {
  const text = line.trim();
  // "RELEASE DATE:  April 11, 2003" is a field and its value.
  // "Week 1: Data Gathering & Analysis", "Phase 2: Pilot Rollout": a numbered part and its name.
  const part = /^\p{Lu}\p{Ll}+\s\d{1,2}:\s+(?=\p{Lu})/u.exec(text);
  if (part) return isTitleCaseLine(text.slice(part[0].length));
  if (
    !text ||
    countWords(text) > MAX_TITLE_CASE_WORDS ||
    /[.!?;,:]$/.test(text) ||
    /:\s/.test(text) ||
    /^[-*+•>|]/.test(text)
  )
    return false;
  const long = text.split(/\s+/).filter((w) => /^\p{L}{4,}/u.test(w));
  if (long.length >= 2 && long.every((w) => /^\p{Lu}/u.test(w))) return true;
  // "End of the Year", "Mid-year Milestones": every word but the small ones a title leaves in
  // lower case is capitalised.
  const words = text.split(/\s+/).filter((w) => /^\p{L}/u.test(w) && !TITLE_SMALL_WORDS.has(w));
  return words.length >= 2 && words.every((w) => /^\p{Lu}/u.test(w));
}

/** Words an English title leaves in lower case. */
const TITLE_SMALL_WORDS = new Set(
  "a an the and or nor but of to in on at by for from with into via vs as per".split(" "),
);
