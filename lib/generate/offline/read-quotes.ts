/**
 * Quotations in the source: a markdown block quote (a last line "— Name" is its attribution), and
 * sentences in quotation marks attributed to someone ("…," said Dr. Ferrante. / « … », explique
 * Jeanne Morel.), with a following quoted sentence read as the same person going on.
 */
import type { TSourceQuote } from "./source-types";
import { countWords } from "./tokenize";

const OPEN = `"“„«‹「『`;
const CLOSE = `"”“»›」』`;
// Speech verbs of the languages the generator segments, present and past.
const SAID =
  "said|says|explains|explained|added|adds|noted|notes|recalls|recalled|told [\\p{L}]+|tells [\\p{L}]+|argues|argued|warned|warns|admits|admitted|insists|insisted|" +
  "explique|expliquait|dit|affirme|raconte|souligne|ajoute|précise|résume|confie|" +
  "dice|dijo|explica|explicó|afirma|asegura|señala|añade|cuenta|comenta|" +
  "sagt|sagte|erklärt|erklärte|betont|meint|berichtet|" +
  "diz|disse|afirma|explica|dice|spiega|afferma|zegt|vertelt";
const PRONOUN = /^(?:he|she|they|il|elle|ils|elles|él|ella|er|sie|ele|ela|lui|lei|hij|zij)$/i;

const Q = `[${OPEN}]\\s*(.+?)\\s*[${CLOSE}]`;
// "“…,” said Karin Holm, who grows herbs." / "“…,” Corvo said."
const QUOTE_FIRST_VERB = new RegExp(`^${Q},?\\s+(?:${SAID})\\s+(.+?)[.!]?$`, "iu");
const QUOTE_FIRST_NAME = new RegExp(`^${Q},?\\s+(.{2,60}?)\\s+(?:${SAID})[.!]?$`, "iu");
// "Rachel Miller said: “…”" / "As Miller puts it, “…”".
const NAME_FIRST = new RegExp(`^(.{2,60}?)\\s+(?:${SAID})[,:]?\\s+${Q}[.!]?$`, "iu");
const WHOLLY_QUOTED = new RegExp(`^${Q}[.!]?$`, "u");
const DASH_LINE = /^\s*(?:[—–]|--|-)\s*(\S.*)$/;

const MIN_WORDS = 3;
/** Sentences a quotation that goes on after its attribution may run over. */
const MAX_RUN = 4;
const MAX_ATTRIBUTION_WORDS = 8;

/** A block quote's lines → its text and, when the last line starts with a dash, who said it. */
export function readBlockQuote(lines: readonly string[]): TSourceQuote {
  const last = DASH_LINE.exec(lines.at(-1) ?? "");
  const body = last && lines.length > 1 ? lines.slice(0, -1) : lines;
  const text = stripMarks(body.join(" ").replace(/\s+/g, " ").trim());
  return last && lines.length > 1
    ? { text, attribution: shortAttribution(last[1]), block: true }
    : { text, block: true };
}

/**
 * The sentences of a paragraph with the quotation each one is, if any. A quoted sentence right
 * after an attributed one is the same person going on: it joins that sentence and its quotation
 * ("“Recipes are not the secret,” she said. “Patience is.”" is one unit and one quotation).
 * `starts` gives the index of the sentence each one of the result begins with.
 */
export function readQuotedSentences(
  sentences: readonly string[],
  lastSpeaker?: string,
): { sentences: string[]; quotes: (TSourceQuote | undefined)[]; starts: number[] } {
  const out: string[] = [];
  const quotes: (TSourceQuote | undefined)[] = [];
  const starts: number[] = [];
  let speaker = lastSpeaker;
  let previous: TSourceQuote | undefined;
  for (let i = 0; i < sentences.length; i++) {
    const s = sentences[i].trim();
    // The quotation that goes on may run over several sentences: "“A,” Ness said. “B. C.”"
    const run = previous ? quotedRun(sentences, i) : undefined;
    if (previous && run) {
      previous.text = `${previous.text} ${endSentence(WHOLLY_QUOTED.exec(run.text)?.[1] ?? "")}`;
      out[out.length - 1] = `${out[out.length - 1]} ${run.text}`;
      i += run.count - 1;
      continue;
    }
    let quote: TSourceQuote | undefined;
    const first = QUOTE_FIRST_VERB.exec(s) ?? QUOTE_FIRST_NAME.exec(s);
    const nameFirst = first ? null : NAME_FIRST.exec(s);
    if (first) quote = attributed(first[1], first[2], speaker);
    else if (nameFirst) quote = attributed(nameFirst[2], nameFirst[1], speaker);
    if (quote && countWords(quote.text) < MIN_WORDS) quote = undefined;
    if (quote?.attribution) speaker = quote.attribution;
    previous = quote;
    out.push(s);
    quotes.push(quote);
    starts.push(i);
  }
  return { sentences: out, quotes, starts };
}

/**
 * A paragraph that is all quotation, said by whom the next paragraph names: "The ultimate good
 * desired … is the theory of our Constitution.”" above "These sentiments were part of Justice
 * Oliver Wendell Holmes Jr.’s dissenting opinion…". A copied page often loses the opening mark,
 * so the closing one is enough when no quotation opens inside the paragraph.
 */
export function readQuotedParagraph(text: string, next: string | undefined): TSourceQuote | undefined {
  const t = text.trim();
  const end = t.replace(/[.!?…]$/, "");
  if (!CLOSE.includes(end.at(-1) ?? "")) return undefined;
  const opens = [...end.slice(1)].some((c) => OPEN.includes(c) && c !== '"');
  if (opens || countWords(t) < QUOTED_PARAGRAPH_WORDS) return undefined;
  const who = next
    ? (SENTIMENTS_OF.exec(next.trim())?.[1] ?? SENTIMENTS_BY.exec(next.trim())?.[1])
    : undefined;
  if (!who) return undefined;
  const body = end.slice(OPEN.includes(end[0]) ? 1 : 0, -1);
  return { text: endSentence(body), attribution: shortAttribution(who), block: true };
}

const QUOTED_PARAGRAPH_WORDS = 12;
/** "These sentiments were part of Justice Oliver Wendell Holmes Jr.’s…", "These words were written by…". */
const SENTIMENTS =
  "^(?:These|Those|The|This|That)\\s+(?:words|sentiments|lines|remarks|passage|thoughts|statement|quotation|quote)\\s+(?:were|was|are|is|come|came)\\b";
const NAME = "((?:\\p{Lu}[\\p{L}.'’-]*\\s+){0,5}\\p{Lu}[\\p{L}.-]*?)";
const SENTIMENTS_OF = new RegExp(`${SENTIMENTS}[^.]*?\\b${NAME}[’']s\\b`, "u");
const SENTIMENTS_BY = new RegExp(`${SENTIMENTS}[^.]*?\\bby\\s+${NAME}(?=[\\s,.;]|$)`, "u");

/** The sentences from i that make one wholly quoted passage (at most four), joined, if any. */
function quotedRun(sentences: readonly string[], i: number): { count: number; text: string } | undefined {
  if (!OPEN.includes(sentences[i].trim()[0] ?? "")) return undefined;
  let text = "";
  for (let n = 1; n <= MAX_RUN && i + n <= sentences.length; n++) {
    text = n === 1 ? sentences[i].trim() : `${text} ${sentences[i + n - 1].trim()}`;
    if (WHOLLY_QUOTED.test(text) && CLOSE.includes(text.replace(/[.!]$/, "").at(-1) ?? ""))
      return { count: n, text };
  }
  return undefined;
}

function attributed(text: string, who: string, lastSpeaker: string | undefined): TSourceQuote {
  const name = who.trim();
  const attribution = PRONOUN.test(name) ? lastSpeaker : shortAttribution(name);
  return { text: endSentence(text), ...(attribution ? { attribution } : {}) };
}

/** "Dr. Lucia Ferrante, an urban ecologist who advises…" → "Dr. Lucia Ferrante, an urban ecologist". */
function shortAttribution(who: string): string {
  const cut = who
    .replace(/(?<!\b(?:Jr|Sr|Inc|Ltd|Co|Corp))[.!]+$/, "")
    // "In a statement, Energy Secretary Jennifer Granholm": where it was said is no part of who.
    .replace(
      /^(?:in|during)\s+(?:a|an|the|his|her|their)\s+(?:statement|interview|release|press release|speech|letter|email|post|tweet),\s*/i,
      "",
    )
    .split(/\s+(?:who|which|that|qui|que|der|die|das|quien)\s+/i)[0]
    .trim();
  const words = cut.split(/\s+/);
  if (words.length <= MAX_ATTRIBUTION_WORDS) return cut;
  // A long role: the name before the first comma is enough.
  return cut.split(",")[0].trim();
}

/** "Clay doesn't care about your deadline," → "Clay doesn't care about your deadline." */
function endSentence(text: string): string {
  const t = text.trim().replace(/[,;:]$/, "");
  return /[.!?…。！？]$/u.test(t) ? t : `${t}.`;
}

function stripMarks(text: string): string {
  const open = OPEN.includes(text[0] ?? "") ? 1 : 0;
  const close = CLOSE.includes(text.at(-1) ?? "") ? 1 : 0;
  return open && close ? text.slice(1, -1).trim() : text;
}
