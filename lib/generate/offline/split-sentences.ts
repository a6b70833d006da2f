/**
 * Sentence segmentation for extractive summarising. Rule-based: a terminator ends a sentence
 * only when followed by space and something that can start one, so abbreviations ("e.g.",
 * "Dr."), initials, decimals ("1.4") and version numbers stay inside their sentence.
 *
 * Chinese and Japanese text is split by ICU's sentence segmenter (Intl.Segmenter), which knows
 * every full-width terminator and keeps closing quotes with their sentence; the rules still
 * decide at ASCII terminators. ICU alone is not used elsewhere: on the 62 corpus texts
 * (tests/fixtures/corpus, text/) it splits 63 of 1,073 paragraphs differently from the rules,
 * nearly all for the worse: after "U.S.", "Mr.", "Dr.", initials ("William E."), "Python 3.X.0",
 * the "0." of a numbered heading and a "?" inside a URL, and not before a figure ("curl 6.0.
 * 15000 lines") or a "- " item.
 */

import { NAME_TITLES } from "./tokenize";

// Abbreviations that are (almost) never the last word of a sentence.
const ABBREVIATIONS = new Set([
  ...NAME_TITLES,
  ...`e.g i.e cf vs v.s viz mt ft inc ltd co corp dept est approx fig figs al
  jan feb mar apr jun jul aug sep sept oct nov dec mon tue wed thu fri sat sun u.s u.k e.u a.m p.m
  no nos vol vols pp ca rev ave blvd rd hr min sec
  bzw usw vgl evtl ggf inkl zzgl mio mrd jh jhd jhdt nr str tel sog ggü
  sra srta dra núm pág aprox mme mlle env av`.split(/\s+/),
]);
// Languages that write ordinals with a full stop ("im 12. Jahrhundert", "den 3. maj").
const ORDINAL_DOT = new Set([
  "de",
  "da",
  "no",
  "nb",
  "nn",
  "fi",
  "cs",
  "sk",
  "pl",
  "hu",
  "sl",
  "hr",
  "sr",
  "et",
  "lv",
  "lt",
  "is",
]);
// Only abbreviations when a number follows ("No. 5", "p. 12").
const BEFORE_NUMBER = new Set(["no", "nos", "p", "pp", "vol", "fig", "art", "sec", "ch"]);

const CLOSERS = `"'”’)]»`;
const CJK_TERMINATORS = "。！？";
const OTHER_TERMINATORS = "।؟";

const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const UNSPACED_ALL = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;
const LINE_GOES_ON = /[、，,：:；;（(「『《“\p{Script=Latin}]$/u;
const SENTENCE_SEGMENTER = new Intl.Segmenter("zh", { granularity: "sentence" });
// Full-width and ideographic full stops, exclamation and question marks: always a sentence end.
const FULL_STOPS = /[。．｡！？‼⁇]/u;
const CJK_CLOSERS = `${CLOSERS}」』）】》〉〕`;
// Brackets ICU counts as closing a sentence ("。[6]"): they open the next one.
const TRAILING_OPENERS = /[\s[(（「『《【〈〔“‘]+$/u;
// 「…。」と言った: a quotation followed by its verb of saying is inside the sentence.
const QUOTATIVE = /^(?:と|って|などと)/u;
const QUOTES: Record<string, string> = { "「": "」", "『": "』", "“": "”" };

/**
 * Splits running text into sentences, trimmed, in order. Newlines inside a paragraph are spaces,
 * except in Chinese and Japanese (see unspacedLines).
 */
export function splitSentences(text: string, language?: string): string[] {
  const pieces = isUnspaced(text)
    ? unspacedLines(text).flatMap((line) => cutAt(line, segmenterEnds(line)))
    : byRules(withSpaceAfterStops(text.replace(/\s+/g, " ").trim()), language);
  return pieces.map((s) => s.trim()).filter((s) => /[\p{L}\p{N}]/u.test(s));
}

/**
 * "…you won’t scramble for files.Third, use online eligibility calculators": a page that lost the
 * space after a full stop. A lower-case word then a capitalised one is two sentences; not inside
 * an address or a file name ("example.com/Page", "README.Md" stay whole).
 */
function withSpaceAfterStops(text: string): string {
  return text.replace(/(?<=(?:^|\s)[\p{Ll}’'-]*\p{Ll}{3})([.!?])(?=\p{Lu}\p{Ll}{2,}\b(?![./@]))/gu, "$1 ");
}

function byRules(src: string, language?: string): string[] {
  return cutAt(src, ruleEnds(src, language));
}

function cutAt(src: string, ends: readonly number[]): string[] {
  const out: string[] = [];
  let start = 0;
  for (const end of ends) {
    out.push(src.slice(start, end));
    start = end;
  }
  out.push(src.slice(start));
  return out;
}

/** Chinese or Japanese: at least as many Han and kana characters as Latin letters. */
function isUnspaced(text: string): boolean {
  if (!UNSPACED.test(text)) return false;
  const unspaced = text.match(UNSPACED_ALL)?.length ?? 0;
  return unspaced >= (text.match(/\p{Script=Latin}/gu)?.length ?? 0);
}

/**
 * Chinese and Japanese are not wrapped by hand: a line break ends an entry typed one per line
 * ("…政策がかためられていく" above "1680年代からは元禄時代。"), as ICU's segmenter has it, unless
 * the line stops on a comma, a colon, an open bracket or a Latin word. Joined lines get no space
 * between Chinese or Japanese characters.
 */
function unspacedLines(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split("\n")) {
    const line = raw.replace(/\s+/g, " ").trim();
    if (!line) continue;
    const last = out.length - 1;
    if (last < 0 || !LINE_GOES_ON.test(out[last])) out.push(line);
    else out[last] += (UNSPACED.test(out[last].slice(-1)) && UNSPACED.test(line[0]) ? "" : " ") + line;
  }
  return out;
}

/** Where sentences end by the rules (see the module comment), in order. */
function ruleEnds(src: string, language?: string): number[] {
  const ends: number[] = [];
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    // Full-width terminators always end a sentence; "!" and "?" do when they follow CJK text.
    if (CJK_TERMINATORS.includes(ch) || ("!?".includes(ch) && isCjk(src[i - 1] ?? ""))) {
      const end = skipClosers(src, skipRun(src, i));
      ends.push(end);
      i = end - 1;
      continue;
    }
    if (!".!?…".includes(ch) && !OTHER_TERMINATORS.includes(ch)) continue;
    const runEnd = skipRun(src, i);
    const end = skipClosers(src, runEnd);
    if (end < src.length && src[end] !== " ") {
      i = end - 1;
      continue;
    }
    if (ch === "." && runEnd === i + 1 && !endsSentence(src, i, end, language)) continue;
    // "…das Bundesförderprogramm "WIR! - Wandel durch Innovation in der Region" ausgewählt": a
    // name's "!" inside a quotation that closes later in the same sentence.
    if ("!?".includes(ch) && end === runEnd && insideLatinQuote(src, ends.at(-1) ?? 0, i)) continue;
    if (end < src.length && startsLowercase(src, end)) {
      i = end - 1;
      continue;
    }
    ends.push(end);
    i = end - 1;
  }
  return ends;
}

/**
 * Where ICU's sentence segmenter ends sentences, kept where the sentence really ends: after a
 * full-width terminator outside a quotation and not before its verb of saying, or after an
 * ASCII one where the rules end it too ("0.江戸時代の流れ" is a numbered heading).
 */
function segmenterEnds(src: string): number[] {
  const ends: number[] = [];
  const rules = new Set(ruleEnds(src));
  let start = 0;
  let at = 0;
  for (const { segment } of SENTENCE_SEGMENTER.segment(src)) {
    at += segment.length;
    const end = at - (TRAILING_OPENERS.exec(segment)?.[0].length ?? 0);
    let j = end;
    while (j > start && CJK_CLOSERS.includes(src[j - 1])) j--;
    const terminator = src[j - 1] ?? "";
    const fullWidth = FULL_STOPS.test(terminator) || ("!?".includes(terminator) && isCjk(src[j - 2] ?? ""));
    const keep = fullWidth
      ? !insideQuote(src, start, end) && !QUOTATIVE.test(src.slice(end))
      : rules.has(end);
    if (!keep || end <= start || end >= src.length) continue;
    ends.push(end);
    start = end;
  }
  return ends;
}

/**
 * The mark at `i` stands inside a quotation opened since the sentence began and closed within a
 * few words after it ("„WIR! - Wandel durch Innovation in der Region“ ausgewählt").
 */
function insideLatinQuote(src: string, start: number, i: number): boolean {
  const before = src.slice(start, i);
  const after = src.slice(i + 1, i + LATIN_QUOTE_REACH);
  const straight = (before.match(/"/g) ?? []).length % 2 === 1 && after.includes('"');
  const curly =
    /[„“«]/.test(before) &&
    before.lastIndexOf("“") <= Math.max(before.lastIndexOf("„"), before.lastIndexOf("«")) &&
    /[“”»]/.test(after);
  return straight || curly;
}
const LATIN_QUOTE_REACH = 80;

/** The span lies inside a quotation that closes later: "「食べて。寝て。」と言った". */
function insideQuote(src: string, start: number, end: number): boolean {
  const text = src.slice(start, end);
  return Object.entries(QUOTES).some(
    ([open, close]) => text.split(open).length > text.split(close).length && src.includes(close, end),
  );
}

/** The end of a run of terminators ("?!", "...", "؟"); always past the one at `i`. */
function skipRun(src: string, i: number): number {
  let j = i;
  while (j < src.length && `.!?…${CJK_TERMINATORS}${OTHER_TERMINATORS}`.includes(src[j])) j++;
  return j;
}

function skipClosers(src: string, i: number): number {
  let j = i;
  // French sets a space inside guillemets: "… mangent. »".
  if (/^[ \u00a0\u202f]»/.test(src.slice(j, j + 2))) j += 2;
  while (j < src.length && CLOSERS.includes(src[j])) j++;
  return j;
}

function isCjk(ch: string): boolean {
  return /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}」』）]/u.test(ch);
}

function startsLowercase(src: string, end: number): boolean {
  const next = src.slice(end).trimStart()[0] ?? "";
  return next !== next.toUpperCase() && next === next.toLowerCase();
}

/** Decides whether a single "." at index i ends the sentence, by the word in front of it. */
function endsSentence(src: string, i: number, end: number, language?: string): boolean {
  let j = i;
  while (j > 0 && /[\p{L}.]/u.test(src[j - 1])) j--;
  const word = src.slice(j, i).toLowerCase();
  const next = src.slice(end).trimStart();
  const standalone = j === 0 || /[\s(.-]/.test(src[j - 1]);
  if (word.length === 1 && /\p{Lu}/u.test(src[j]) && standalone) return false; // an initial: "J. Smith"
  // A lone small letter is an abbreviation ("v. Chr.", "z. B.", "d. h.", "a. C."), never a last word.
  if (word.length === 1 && standalone && /\p{Ll}/u.test(word)) return false;
  // "im 12. Jahrhundert": a small number with a full stop is an ordinal where the language writes
  // them so; a year ("im Jahr 1950. Danach") still ends its sentence.
  if (
    word === "" &&
    ORDINAL_DOT.has(language ?? "") &&
    /(?:^|[\s(])\d{1,3}$/.test(src.slice(0, i)) &&
    /^\p{L}/u.test(next)
  )
    return false;
  if (ABBREVIATIONS.has(word)) return false;
  if (BEFORE_NUMBER.has(word) && /^\d/.test(next)) return false;
  return true;
}
