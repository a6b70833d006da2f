/**
 * Sentence segmentation for extractive summarising. Rule-based: a terminator ends a sentence
 * only when followed by space and something that can start one, so abbreviations ("e.g.",
 * "Dr."), initials, decimals ("1.4") and version numbers stay inside their sentence.
 */

// Abbreviations that are (almost) never the last word of a sentence.
const ABBREVIATIONS = new Set(
  `e.g i.e cf vs viz dr mr mrs ms prof sr jr st mt ft inc ltd co corp dept est approx fig figs al
  jan feb mar apr jun jul aug sep sept oct nov dec mon tue wed thu fri sat sun u.s u.k e.u a.m p.m
  no nos vol vols pp ca rev gen col lt sgt capt gov sen rep ave blvd rd hr min sec`.split(/\s+/),
);
// Only abbreviations when a number follows ("No. 5", "p. 12").
const BEFORE_NUMBER = new Set(["no", "nos", "p", "pp", "vol", "fig", "art", "sec", "ch"]);

const CLOSERS = `"'”’)]»`;
const CJK_TERMINATORS = "。！？";
const OTHER_TERMINATORS = "।؟";

/** Splits running text into sentences, trimmed, in order. Newlines inside a paragraph are spaces. */
export function splitSentences(text: string): string[] {
  const src = text
    .replace(/\s*\n\s*/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    // Full-width terminators always end a sentence; "!" and "?" do when they follow CJK text.
    if (CJK_TERMINATORS.includes(ch) || ("!?".includes(ch) && isCjk(src[i - 1] ?? ""))) {
      const end = skipClosers(src, skipRun(src, i));
      out.push(src.slice(start, end));
      start = end;
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
    if (ch === "." && runEnd === i + 1 && !endsSentence(src, i, end)) continue;
    if (end < src.length && startsLowercase(src, end)) {
      i = end - 1;
      continue;
    }
    out.push(src.slice(start, end));
    start = end;
    i = end - 1;
  }
  out.push(src.slice(start));
  return out.map((s) => s.trim()).filter((s) => /[\p{L}\p{N}]/u.test(s));
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
function endsSentence(src: string, i: number, end: number): boolean {
  let j = i;
  while (j > 0 && /[\p{L}.]/u.test(src[j - 1])) j--;
  const word = src.slice(j, i).toLowerCase();
  const next = src.slice(end).trimStart();
  const standalone = j === 0 || /[\s(.]/.test(src[j - 1]);
  if (word.length === 1 && /\p{Lu}/u.test(src[j]) && standalone) return false; // an initial: "J. Smith"
  if (ABBREVIATIONS.has(word)) return false;
  if (BEFORE_NUMBER.has(word) && /^\d/.test(next)) return false;
  return true;
}
