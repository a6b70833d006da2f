/**
 * Shortens a sentence to a word budget without leaving a broken phrase: it drops lead-in
 * connectives and filler, then side clauses (parentheses, ", which …,"), and only then cuts —
 * at a clause boundary or before a function word, never after "and", "of", "the" and the like.
 */
import { countWords, plainText } from "./tokenize";

const LEAD_INS = [
  /^(?:however|moreover|furthermore|additionally|in addition|also|besides|meanwhile|nevertheless|nonetheless|still|thus|therefore|hence|consequently|as a result|in fact|indeed|of course|for example|for instance|in other words|in short|in summary|in sum|to summarize|to sum up|overall|finally|first(?:ly)?|second(?:ly)?|third(?:ly)?|lastly|next|similarly|likewise|on the other hand|by contrast|in contrast|by comparison|notably|importantly|interestingly|basically|essentially|actually|crucially|ultimately|in practice|in many cases|in most cases|today|instead|then|so|after all|above all|at the same time),\s+/i,
  /^(?:and|but|yet|so|also|plus)\s+/i,
  /^(?:it is|it's) (?:worth noting|important to (?:note|remember|understand)|clear|true|notable) that\s+/i,
  /^(?:it should be noted|note|remember|keep in mind|the fact is|the truth is|what this means is|the point is) that\s+/i,
  /^(?:as (?:mentioned|noted|discussed|described) (?:above|earlier|before)),\s+/i,
];

// Words a shortened bullet must not end on: they promise more words.
const DANGLING = new Set(
  `a an the of in on at to for with without by from into onto about as than via per over under between
  through across during after before within upon toward towards and or but nor so yet because while
  although though if when where which who whom whose that whether unless until since is are was were be
  been being am has have had do does did will would can could should may might must shall this these
  those its their our my your his her we they it i you he she very more most less least not also just
  only even both each every such some any many much few several all no whose one need needs needed want
  wants able going used likely what how why there here then than let lets make makes get gets mainly
  mostly largely primarily chiefly partly nearly almost around roughly approximately up down out
  de la le les el los las des du un une der die das ein eine und oder et y e o em no na di del della`
    .split(/\s+/),
);

// Cutting before these keeps the main clause and drops a modifier or a second clause.
const CLAUSE_WORDS = new Set(
  `which who whom whose because since although though while whereas unless until including especially
  particularly instead rather except whether when where if after before so but yet nor`.split(/\s+/),
);
const PREPOSITIONS = new Set(
  `in on at for with without by from into through across over under during via per among along against
  within beyond despite like than to and or`.split(/\s+/),
);
const AUXILIARIES = new Set(
  `is are was were be been has have had do does did will would can could should may might must shall
  isn't aren't wasn't weren't hasn't haven't don't doesn't didn't won't can't cannot`.split(/\s+/),
);
const COMMON_VERBS = new Set(
  `cut cuts make makes keep keeps run runs move moves need needs deliver delivers use uses take takes
  sit sits cost costs last lasts work works save saves rose fell grew shows show give gives reduce reduces
  help helps begin begins became become becomes falls drop drops rise rises grow grows lose loses pay pays
  ship ships add adds remain remains stay stays lead leads mean means allow allows require requires
  depend depends provide provides offer offers let lets go goes come comes get gets want wants hold holds
  sent send sends left leave leaves found find finds bring brings brought built build builds spent spend
  won win wins met meet meets set sets put puts took made kept ran gave got held led paid lost`.split(/\s+/),
);

// "a quarter of the heat", "most of the savings": the "of" phrase is the point.
const QUANTITIES = new Set(
  "quarter half third fifth tenth part most all some many much lot lots number share percent rest none each one two three".split(" "),
);

const REPORTED = /^(?:the |our |their )?[\p{L}\p{N} .'-]{0,40}? (?:agreed|said|says|noted|explained|reported|argued|found|believes?|thinks?|reminded [\p{L}]+|told [\p{L}]+|mentioned|confirmed|announced|decided|concluded|suggested|showed|shows|stressed|warned|added) that\s+/iu;

export type TCompressOptions = {
  /** Word budget; null keeps the whole sentence (only fillers are trimmed). */
  maxWords: number | null;
  /** Keep the closing full stop (full-sentence bullets) or drop it (fragment bullets). */
  keepPeriod: boolean;
};

/** Removes lead-in connectives and filler openers ("However,", "It is worth noting that"). */
export function trimLeadIns(text: string): string {
  let s = text.trim();
  for (let guard = 0; guard < 4; guard++) {
    const before = s;
    for (const re of LEAD_INS) s = s.replace(re, "");
    if (s === before) break;
  }
  return s;
}

/** A shortened bullet and how well the shortening went (1 = whole clause kept, ~0.2 = forced cut). */
export type TCompressed = { text: string; quality: number };

/** Shortens one sentence to the budget; see the module comment for the order of attempts. */
export function compressSentence(text: string, opts: TCompressOptions): TCompressed {
  const cleaned = trimLeadIns(text.replace(/\s+/g, " "));
  if (opts.maxWords === null || countWords(cleaned) <= opts.maxWords) {
    return { text: finish(cleaned, opts.keepPeriod), quality: 1 };
  }
  const best = shorten(cleaned, opts.maxWords);
  return { text: finish(best.text, false), quality: best.quality };
}

// Side material that can go without changing what the sentence claims, tried in this order.
const TRANSFORMS: ((s: string) => string)[] = [
  (s) => s.replace(/\s*\([^()]*\)/g, ""),
  (s) =>
    s
      .replace(/,\s+(?:which|who|whose|where)\b[^,;]*,\s*/gi, " ")
      .replace(/,\s+(?:which|who|whose|according to)\b[^,;]*([.!?]?)$/i, "$1"),
  (s) => s.replace(REPORTED, ""),
  dropLeadingPhrase,
  // An enumeration hanging off a preposition: "around windows, doors, hatches and chimneys".
  (s) =>
    s.replace(
      /\s(?:around|in|on|at|for|with|from|such as|including|like)\s[^,;]+(?:,\s[^,;]+)+,?\s(?:and|or)\s[\p{L}\p{N}-]+/u,
      "",
    ),
  (s) => s.replace(/\s(?:very|really|actually|currently|simply|just|quite|certainly|clearly|basically|essentially|also|still)\b/gi, ""),
];

const LEADING_PREPOSITION =
  /^(?:even\s+)?(?:in|on|at|for|during|after|before|by|with|across|over|under|since|when|while|if|although|because|as|once|despite|without|through|within|between|among|from|until)\b/i;
const DETERMINERS = new Set(
  "a an the this that these those many most some our their its his her my your every each all no".split(" "),
);

/** Drops an opening adverbial phrase ("In summer", "Even on the coldest days of the year,"). */
function dropLeadingPhrase(s: string): string {
  if (!LEADING_PREPOSITION.test(s)) return s;
  const comma = /^[^,;]{2,80}?,\s+/.exec(s);
  if (comma && !/\b(?:and|or)$/.test(comma[0].trim().replace(/,$/, ""))) {
    const rest = s.slice(comma[0].length);
    if (rest.split(" ").length >= 4 && hasVerb(rest)) return rest;
  }
  // Without a comma the phrase ends where a new noun phrase starts: a determiner that does not
  // follow a preposition ("In summer | the same system runs").
  const tokens = s.split(" ");
  for (let k = 2; k < tokens.length - 2; k++) {
    const w = bare(tokens[k]);
    const prev = bare(tokens[k - 1]);
    if (!DETERMINERS.has(w) || PREPOSITIONS.has(prev) || prev === "of" || DETERMINERS.has(prev)) continue;
    const rest = tokens.slice(k).join(" ");
    return hasVerb(rest) ? rest : s;
  }
  return s;
}

function shorten(text: string, max: number): TCompressed {
  const hadNumber = /\d/.test(text);
  const variants = new Map<string, number>([[text, 0]]);
  let cumulative = text;
  TRANSFORMS.forEach((t, i) => {
    const single = tidy(t(text));
    if (!variants.has(single)) variants.set(single, 1);
    cumulative = tidy(t(cumulative));
    if (!variants.has(cumulative)) variants.set(cumulative, i + 1);
  });

  let best: TCompressed = { text: "", quality: 0 };
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const [v, changes] of variants) {
    const n = countWords(v);
    if (!v || n < 2) continue;
    const numberPenalty = hadNumber && !/\d/.test(v) ? 2 : 0;
    if (n <= max) {
      const score = n + 6 - changes * 0.5 - numberPenalty;
      if (score > bestScore) [best, bestScore] = [{ text: v, quality: 1 - 0.04 * changes }, score];
      continue;
    }
    for (const cut of cuts(v, max)) {
      const score = cut.words + cut.bonus - changes * 0.5 - numberPenalty;
      if (score <= bestScore) continue;
      const quality = Math.min(0.9, 0.45 + 0.35 * (cut.words / max) + (cut.bonus > 0 ? 0.1 : 0));
      [best, bestScore] = [{ text: cut.text, quality }, score];
    }
  }
  return best.text ? best : { text: hardCut(text, max), quality: 0.2 };
}

type TCut = { text: string; words: number; bonus: number };

/** Every acceptable prefix of the sentence that fits the budget, with a preference bonus. */
function cuts(text: string, max: number): TCut[] {
  const tokens = text.split(" ");
  const out: TCut[] = [];
  for (let k = 2; k < tokens.length; k++) {
    const prev = tokens[k - 1];
    const next = bare(tokens[k]);
    let bonus: number;
    if (/[,;:]$/.test(prev) || /^[—–-]$/.test(tokens[k]) || /[—–]$/.test(prev)) bonus = 2;
    else if (CLAUSE_WORDS.has(next)) bonus = 1;
    else if (PREPOSITIONS.has(next)) bonus = next === "and" || next === "or" || next === "to" ? -0.5 : 0;
    else if (next === "of" && !/(?:\d|%)$/.test(prev) && !QUANTITIES.has(bare(prev))) bonus = -1.5;
    else continue;
    // Never split a range or pair of figures: "$3,000 to $8,000", "35 and 50".
    if (/\d/.test(prev) && /\d/.test(tokens[k + 1] ?? "") && !/[,;:]$/.test(prev)) continue;
    const prefix = tokens.slice(0, k).join(" ").replace(/[\s,;:—–-]+$/, "");
    const words = countWords(prefix);
    if (words > max || words < 3) continue;
    if (!endsCleanly(prefix)) continue;
    const verb = hasVerb(prefix);
    // A bare opening phrase ("In many regions") says nothing on its own.
    if (!verb && LEADING_PREPOSITION.test(prefix)) continue;
    bonus += verb ? 1.5 : -2;
    out.push({ text: prefix, words, bonus });
  }
  return out;
}

/** Last resort: the first words up to the budget, minus any dangling tail. */
function hardCut(text: string, max: number): string {
  const tokens = text.split(" ");
  let k = Math.min(tokens.length, Math.max(1, max));
  let prefix = tokens.slice(0, k).join(" ");
  while (k > 1 && (!endsCleanly(prefix) || countWords(prefix) > max)) {
    k--;
    prefix = tokens.slice(0, k).join(" ").replace(/[\s,;:—–-]+$/, "");
  }
  return prefix;
}

function endsCleanly(prefix: string): boolean {
  const last = bare(prefix.split(" ").at(-1) ?? "");
  if (!last || DANGLING.has(last)) return false;
  if (count(prefix, "(") !== count(prefix, ")")) return false;
  if (count(prefix, "“") !== count(prefix, "”") || count(prefix, '"') % 2 === 1) return false;
  return true;
}

function hasVerb(text: string): boolean {
  return text.split(" ").some((t, i) => {
    const w = bare(t);
    if (AUXILIARIES.has(w) || COMMON_VERBS.has(w)) return true;
    return i > 0 && w.length > 4 && /ed$/.test(w);
  });
}

function bare(token: string): string {
  return plainText(token)
    .toLowerCase()
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}%]+$/gu, "");
}

function count(s: string, ch: string): number {
  return s.split(ch).length - 1;
}

function tidy(s: string): string {
  return s
    .replace(/\s+([,.;:!?])/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
}

/** Final touches: trailing punctuation, balanced emphasis, capital first letter. */
function finish(text: string, keepPeriod: boolean): string {
  let s = tidy(text).replace(/[\s,;:—–-]+$/, "");
  if (!keepPeriod) s = s.replace(/(?<![.]{2}|\b[A-Z]\.|\b(?:etc|e\.g|i\.e|a\.m|p\.m|U\.S|U\.K))[.]$/u, "");
  else if (!/[.!?…。！？]$/.test(s)) s = `${s}.`;
  if (count(s, "**") % 2 === 1) s = s.replace(/\*\*/g, "");
  if (count(s.replace(/\*\*/g, ""), "`") % 2 === 1) s = s.replace(/`/g, "");
  return s.replace(/^(\P{L}*)(\p{Ll})/u, (_m, pre: string, ch: string) => pre + ch.toUpperCase());
}
