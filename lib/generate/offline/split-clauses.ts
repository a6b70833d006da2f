/**
 * Splits compound sentences into their independent clauses ("X grew 20%, while Y fell 5%"), to
 * get more distinct bullets out of short inputs; and cuts Chinese and Japanese sentences into the
 * clauses that shortening and titles may end at.
 */

import type { TUnit } from "./source-types";
import { capitalise } from "./title-case";
import { countWords, insideBrackets, isCjkFunctionWord, terms, words } from "./tokenize";
import { AUXILIARIES, bare, hasVerb, looksLikeClause, PREPOSITIONS } from "./word-classes";

// ", so that you can be sure…", ", so as to…" state a purpose: no clause of their own.
const JOINS = /(?:;\s+|,\s+(?:and|but|while|whereas|so(?!\s+(?:that|as)\b)|yet)\s+|\s+(?:while|whereas)\s+)/i;

const CJK_TEXT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const OPENERS = "(（[［「『《〈【〔“‘";
const CLOSERS = ")）]］」』》〉】〕”’";
// Marks a clause ends at. "、" lists words in Chinese ("数字、电视和广播节目") but is the ordinary
// comma of Japanese; an ASCII comma or colon between digits belongs to a number ("12,000", "10:30").
const CLAUSE_END = /[。．！？!?，；：;]/u;
// A Japanese clause ending in a topic, case or conjunctive particle, or a te/ba/tari form, goes on.
const UNFINISHED_JA =
  /(?:は|が|を|に|で|と|も|の|や|へ|て|ば|ら|り|し|けど|ので|から|まで|より|ながら|ると|えば|[分かれ])$/u;
// Chinese words a clause cannot end on: structural particles, prepositions, conjunctions, a bare
// copula; "它的", "就是" need what follows as much as "的" and "是" do.
const ZH_OPEN_WORDS = new Set(
  "的 地 得 之 以 于 在 和 与 及 或 对 把 被 从 向 由 将 为 是 而 并 但 且 自 至 约 跟 同 比 让 使 给 最 很 更 又 也 都 就 其 这 那 该 每 各 所 则 即 却 还 因 如 若 虽 当 一个 以及 因为 所以 如果 虽然 但是 而且 并且 它是 它的 他的 她的 其中 就是 也是 不是 还是 都是 只是".split(
    " ",
  ),
);
// Conjunctions that open a clause joined to the one before: a clause standing alone drops them.
const ZH_CONJUNCTIONS = new Set("而 但 但是 却 并 并且 而且 然而 且 同时 此外 另外 所以 因此".split(" "));
// A clause that only sets up the next one ("虽然…", "如果…", "因为…") is no point on its own,
// nor one that opens with a preposition ("根据…签署的《…》," is followed by what was decided).
const ZH_SUBORDINATE = new Set("虽然 虽 尽管 如果 假如 若 因为 由于 只要 即使 只有".split(" "));
const ZH_PREPOSITIONS = new Set(
  "根据 关于 对于 由于 随着 按照 通过 经过 作为 除了 为了 在 从 自 当 对 于".split(" "),
);

/** Replaces each compound sentence with its clauses; ids stay in document order (fractional). */
export function splitClauses(units: readonly TUnit[]): TUnit[] {
  const out: TUnit[] = [];
  for (const u of units) {
    // A quotation is kept as said.
    const parts = u.kind === "sentence" && !u.quote ? clausesOf(u.text) : [u.text];
    if (parts.length < 2) {
      out.push(u);
      continue;
    }
    parts.forEach((text, k) => {
      out.push({ ...u, id: u.id + k / 10, text, terms: terms(text), score: u.score * (k === 0 ? 1 : 0.9) });
    });
  }
  return out;
}

function clausesOf(sentence: string): string[] {
  if (CJK_TEXT.test(sentence)) return independentCjkClauses(sentence);
  const pieces: string[] = [];
  let rest = sentence;
  // ", which covered 40% of…" states a second fact: keep it as a subject-less bullet.
  const which = /,\s+which\s+(?=\S+\s)/i.exec(rest);
  if (which) {
    const head = rest.slice(0, which.index);
    const tail = rest.slice(which.index + which[0].length);
    // "…photoautotrophs, which means that they are able to…": what it means is a clause of its own.
    const meaning =
      /^(?:means|meant|implies|implied)\s+(?:that\s+)?(?=(?:they|it|he|she|we|you|this|these)\s)/i.exec(tail);
    if (meaning && countWords(head) >= 3 && looksLikeClause(head))
      return [...clausesOf(head), capitalise(tail.slice(meaning[0].length))];
    if (
      countWords(head) >= 4 &&
      countWords(tail) >= 3 &&
      looksLikeClause(tail.split(" ")[0]) &&
      // "…on matters, which are not on this evening's agenda": "Are not on…" alone has lost what it describes.
      !AUXILIARIES.has(bare(tail.split(" ")[0])) &&
      looksLikeClause(head)
    ) {
      return [...clausesOf(head), capitalise(tail)];
    }
  }
  for (let guard = 0; guard < 3; guard++) {
    const m = JOINS.exec(rest);
    if (!m) break;
    const head = rest.slice(0, m.index);
    const tail = rest.slice(m.index + m[0].length);
    if (countWords(head) < 4 || countWords(tail) < 4 || !looksLikeClause(head) || !looksLikeClause(tail))
      break;
    // "…that do not depend on light energy, but use energy from…": a verb first shares the
    // subject before it; alone it has none. "…do not represent a larger organization, but the
    // interests of the person who created them": a noun phrase whose only verb is its relative
    // clause's shares the verb before it.
    const coordinated = /^,\s+(?:and|but|yet)\s/i.test(m[0]);
    if (coordinated && ((opensOnVerb(tail) && !opensOnVerb(head)) || sharesVerb(tail))) break;
    // "These ranges — which include… (Ana, Bill, and Claudette) — are centered…": a join inside
    // brackets or a dashed aside is the aside's, not the sentence's.
    if (insideBrackets(head) || (head.match(/\s[—–]\s/g)?.length ?? 0) % 2 === 1) break;
    // "…about changes, improvements, and fixes included in…": ", and" closes a list of nouns.
    if (/^,\s+(?:and|or)\s/i.test(m[0]) && closesList(head, tail)) break;
    pieces.push(head);
    rest = tail;
  }
  pieces.push(rest);
  return pieces.map((p) => p.trim()).filter(Boolean);
}

/** A noun phrase, its only verb inside a relative clause: "the interests of the person who created them". */
function sharesVerb(tail: string): boolean {
  if (!/^(?:the|a|an|its|their|his|her|our|this|these|those)\s/i.test(tail.trim())) return false;
  const before = tail.split(/\s(?:who|whom|whose|which|that)\s/i)[0];
  return before !== tail && !hasVerb(before);
}

/**
 * The text ends on the items of a list and what follows ", and" is its last: "…about changes,
 * improvements, | and fixes included in…". Not a place and a date ("…in Bristol, Pennsylvania,
 * in 1973, | and later as…") nor a clause of its own ("…, and we…").
 */
function closesList(head: string, tail: string): boolean {
  const items = head.split(/,\s+/);
  if (items.length < 2) return false;
  const last = items[items.length - 1];
  const opener = bare(tail.split(" ")[0] ?? "");
  // "…exploring what they are, why they are important, | and how to determine…": a list of questions.
  const wh = (text: string) => WH_WORDS.has(bare(text.trim().split(" ")[0] ?? ""));
  if (wh(opener) && wh(last)) return true;
  // "…allowing them to understand, install, use, | and contribute to…": a list of single words,
  // verbs as much as nouns.
  const words = items.slice(-2).every((item) => /^\p{L}+$/u.test(item.trim()));
  if (words && !LIST_BREAKERS.has(bare(last)) && !LIST_BREAKERS.has(opener)) return true;
  return (
    countWords(last) <= 3 &&
    !hasVerb(last) &&
    !/\d/.test(last) &&
    !PREPOSITIONS.has(bare(last.split(" ")[0])) &&
    !/ly$/.test(opener) &&
    !LIST_BREAKERS.has(opener)
  );
}

const WH_WORDS = new Set("what why how when where who whom whose which whether".split(" "));

/** Words that open a clause or an adverbial after ", and": no list item. */
const LIST_BREAKERS = new Set(
  "later then also now still so thus therefore i we you he she it they this that there".split(" "),
);

/**
 * "夏朝…终结于公元前1600年;商朝始于…;而周朝则…": a semicolon joins statements that stand alone.
 * Each part keeps its own clauses and loses the conjunction it opens with ("而", "但是").
 */
function independentCjkClauses(sentence: string): string[] {
  const parts: string[] = [];
  let part = "";
  for (const clause of cjkClauses(sentence)) {
    part += clause;
    if (/[；;]$/u.test(clause)) {
      parts.push(part);
      part = "";
    }
  }
  if (part) parts.push(part);
  const out = parts.map((p) => dropLeadingConjunction(p.replace(/[；;]$/u, "")).trim());
  const whole = out.every((p) => countWords(p) >= 4 && !endsOpenCjk(p));
  return out.length > 1 && whole ? out : [sentence];
}

/** A Chinese clause without the conjunction joining it to the one before ("而", "但是"). */
export function dropLeadingConjunction(clause: string): string {
  const first = words(clause)[0] ?? "";
  return ZH_CONJUNCTIONS.has(first) ? clause.slice(clause.indexOf(first) + first.length) : clause;
}

/** The text without its asides in brackets: "美国之音(英语:Voice of America,缩写VOA)是…" → "美国之音是…". */
export function dropAsides(text: string): string {
  return text.replace(ASIDE, "").trim();
}

const ASIDE = /\s*[(（][^()（）]*[)）]/gu;

/**
 * A Chinese or Japanese sentence in clauses, each with the mark that ends it, split only outside
 * brackets and quotes: "美国之音(英语:Voice of America,缩写VOA)是…" stays one clause.
 */
export function cjkClauses(text: string): string[] {
  const japanese = KANA.test(text);
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  // Index by UTF-16 unit: every mark looked for is in the BMP, so a slice never splits a pair.
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (OPENERS.includes(ch)) depth++;
    else if (CLOSERS.includes(ch)) depth = Math.max(0, depth - 1);
    if (depth > 0 || !endsClause(ch, text[i - 1], text[i + 1], japanese)) continue;
    // A run of marks ("？！") stays with the clause it closes.
    if (endsClause(text[i + 1] ?? "", ch, text[i + 2], japanese)) continue;
    out.push(text.slice(start, i + 1));
    start = i + 1;
  }
  out.push(text.slice(start));
  return out.filter((c) => c.trim());
}

function endsClause(ch: string, before = "", after = "", japanese = false): boolean {
  if (CLAUSE_END.test(ch)) return true;
  if (ch === "、") return japanese;
  return (ch === "," || ch === ":") && !(/\d/.test(before) && /\d/.test(after));
}

/**
 * True when a Chinese or Japanese text stops where its clause cannot (see endsOnGlue), names
 * nothing ("2016年", "以下は"), or is one clause that only sets up the next ("秦朝虽然短暂",
 * "根据…签署的《…》").
 */
export function endsOpenCjk(text: string): boolean {
  if (endsOnGlue(text)) return true;
  if (words(text).every((w) => /^\p{N}/u.test(w) || isCjkFunctionWord(w))) return true;
  const clauses = cjkClauses(text);
  if (clauses.length > 1 || KANA.test(text)) return false;
  const opening = words(clauses[0] ?? "");
  return ZH_PREPOSITIONS.has(opening[0]) || opening.slice(0, 3).some((w) => ZH_SUBORDINATE.has(w));
}

/**
 * True when a Chinese or Japanese text ends on a particle ("…眠ると", "…的"), a preposition or
 * conjunction, a clause mark, or inside brackets.
 */
export function endsOnGlue(text: string): boolean {
  const t = text.replace(/[。！？!?]+$/u, "").trim();
  if (!t || /[，、；：,;:]$/u.test(t) || cutsBrackets(t)) return true;
  if (KANA.test(t)) return UNFINISHED_JA.test(t);
  return ZH_OPEN_WORDS.has(words(t).at(-1) ?? "");
}

/** More opening than closing brackets or quotes: the text was cut inside one. */
function cutsBrackets(text: string): boolean {
  let depth = 0;
  for (const ch of text) {
    if (OPENERS.includes(ch)) depth++;
    else if (CLOSERS.includes(ch)) depth--;
  }
  return depth > 0;
}

/**
 * A Chinese or Japanese sentence with a date taken out, as a timeline event reads it: the
 * preposition before the date ("成立于1942年2月" → "成立") or the particle after it ("1600年に大きな
 * 戦い" → "大きな戦い") goes with the date, and no space is left where it was. Null when the text
 * around the date is not Chinese or Japanese.
 */
export function joinAroundCjkDate(before: string, after: string): string | null {
  // ("而周朝则从公元前1046年开始": the event reads "周朝则开始", without the "and" that linked it.)
  const head = before
    .trim()
    .replace(/^[・･]+/u, "")
    .replace(/^(?:而且|而|并且|但是|但|且)(?=\p{Script=Han})/u, "");
  const tail = after.trim();
  if (!CJK_TEXT.test(head.slice(-1)) && !CJK_TEXT.test(tail.replace(LEADING_MARKS, "").slice(0, 1)))
    return null;
  const joined = head.replace(DATE_PREPOSITION, "") + tail.replace(DATE_PARTICLE, "");
  return joined.replace(LEADING_MARKS, "").replace(/([,，、])[,，、]+/gu, "$1");
}

const LEADING_MARKS = /^[\s,，、:：;；)）]+/u;

const DATE_PREPOSITION = /(?:截至|直至|直到|于|在|自|从|至|到)$/u;
const DATE_PARTICLE = /^(?:からは|までに|までは|には|から|まで|より|に|は|の)/u;

/** The clause opens on its verb ("use energy from…"), without a subject of its own. */
function opensOnVerb(clause: string): boolean {
  const first = bare(clause.trim().split(/\s+/)[0] ?? "");
  return /^\p{Ll}/u.test(clause.trim()) && hasVerb(first) && !PREPOSITIONS.has(first);
}
