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
  account accounts depend depends rely relies consist consists refer refers belong belongs
  two three four five six seven eight nine ten hundred thousand new old first last next same other main
  key major minor further whole entire own total
  de la le les el los las des du un une der die das ein eine und oder et y e o em no na di del della`.split(
    /\s+/,
  ),
);

// Cutting before these keeps the main clause and drops a modifier or a second clause.
const CLAUSE_WORDS = new Set(
  `which who whom whose because since although though while whereas unless until including especially
  particularly instead rather except whether when where if after before but yet nor`.split(/\s+/),
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
  won win wins met meet meets set sets put puts took made kept ran gave got held led paid lost came went
  saw said says told knew thought felt stood wrote chose drew produced covered compare compares began
  bought caught taught sought spoke broke drove rode threw flew hid hit meant rang sang sank shook shot
  shut slept sold stuck understood woke wore tore swept dropped joined hired opened closed moved rose
  fell grew became seemed appeared reached launched cut`.split(/\s+/),
);

// "a quarter of the heat", "most of the savings": the "of" phrase is the point.
const QUANTITIES = new Set(
  "quarter half third fifth tenth part most all some many much lot lots number share percent rest none each one two three".split(
    " ",
  ),
);

const REPORTED =
  /^(?:the |our |their )?[\p{L}\p{N} .'-]{0,40}? (?:agreed|said|says|noted|explained|reported|found|reminded [\p{L}]+|told [\p{L}]+|mentioned|confirmed|announced|decided|concluded|showed|shows|stressed|warned|added) that\s+/iu;

export type TCompressOptions = {
  /** Word budget; null keeps the whole sentence (only fillers are trimmed). */
  maxWords: number | null;
  /**
   * Words a whole clause may run over the budget rather than be cut badly (0 = strict).
   * A complete 17-word sentence reads better than a 15-word fragment.
   */
  allowOver?: number;
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
  if (CJK_TEXT.test(cleaned)) return shortenCjk(cleaned, opts.maxWords);
  const best = shorten(cleaned, opts.maxWords, opts.allowOver ?? 0);
  return { text: finish(best.text, false), quality: best.quality };
}

const CJK_TEXT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * CJK has no spaces to cut at: keep whole clauses (up to "，", "、", "；") while they fit. The
 * budget is looser because character pairs only approximate words, and a main clause often
 * comes last.
 */
function shortenCjk(text: string, budget: number): TCompressed {
  const max = Math.round(budget * 1.5);
  if (countWords(text) <= max) return { text: text.replace(/[。.]$/u, ""), quality: 1 };
  const clauses = text.replace(/[。！？.!?]+$/u, "").split(/(?<=[，、；;,])/u);
  let out = clauses[0] ?? text;
  for (const c of clauses.slice(1)) {
    if (countWords(out + c) > max) break;
    out += c;
  }
  return { text: out.replace(/[，、；;,]+$/u, ""), quality: out.length === text.length ? 1 : 0.7 };
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
  dropEnumeration,
  dropSubjectModifier,
  // Short asides and appositives: ", although modest,", ", Dr. Amara Osei," (before a verb).
  (s) => s.replace(/,\s(?:although|though|if|when|while)\s[^,]{1,30},\s/gi, " "),
  (s) =>
    s.replace(
      /,\s(?:(?:Dr|Mr|Mrs|Ms|Prof)\.\s)?\p{Lu}[\p{L}.'-]*(?:\s\p{Lu}[\p{L}.'-]*){0,3},\s(?=\p{Ll})/u,
      " ",
    ),
  (s) =>
    s.replace(
      /\s(?:very|really|actually|currently|simply|just|quite|certainly|clearly|basically|essentially|also|still)\b/gi,
      "",
    ),
];

/**
 * Drops a list hanging off a preposition when its items are single nouns and a verb follows:
 * "Air leaks around windows, doors, hatches and chimneys can account…" → "Air leaks can account…".
 */
function dropEnumeration(s: string): string {
  const tokens = s.split(" ");
  for (let i = 1; i < tokens.length; i++) {
    if (!/^(?:around|in|on|at|for|with|from|including|like)$/i.test(tokens[i])) continue;
    let j = i + 1;
    let items = 0;
    // Items of one or two words, comma-separated, the last after "and"/"or".
    while (j < tokens.length) {
      const itemEnd = tokens[j].endsWith(",")
        ? j
        : tokens[j + 1]?.endsWith(",") && !DETERMINERS.has(bare(tokens[j]))
          ? j + 1
          : -1;
      if (itemEnd < 0) break;
      if (DETERMINERS.has(bare(tokens[j]))) return s;
      items++;
      j = itemEnd + 1;
    }
    // The item before "and"/"or" may be one or two words without a comma: "attic hatches and".
    for (let extra = 0; extra < 2 && !/^(?:and|or)$/i.test(tokens[j] ?? ""); extra++) j++;
    if (items < 2 || !/^(?:and|or)$/i.test(tokens[j] ?? "")) continue;
    const last = tokens[j + 1];
    const after = tokens[j + 2];
    if (!last || DETERMINERS.has(bare(last)) || !after) continue;
    if (!AUXILIARIES.has(bare(after)) && !COMMON_VERBS.has(bare(after))) continue;
    return [...tokens.slice(0, i), ...tokens.slice(j + 2)].join(" ");
  }
  return s;
}

/**
 * Drops a prepositional phrase between the subject and its verb:
 * "A late-night café in the central branch lost money" → "A late-night café lost money".
 */
function dropSubjectModifier(s: string): string {
  const tokens = s.split(" ");
  for (let i = 1; i <= 3 && i < tokens.length; i++) {
    const preposition = /^(?:in|at|on|from|for|with|around|near|inside|across)$/i.test(tokens[i]);
    // "Many houses built before 1950 have…": a participle phrase in the same slot.
    const after = bare(tokens[i + 1] ?? "");
    const participle = /ed$/i.test(tokens[i]) && (PREPOSITIONS.has(after) || CLAUSE_WORDS.has(after));
    if (!preposition && !participle) continue;
    if (verbCount(tokens.slice(0, i).join(" ")) > 0) return s;
    for (let j = i + 2; j <= i + 7 && j < tokens.length; j++) {
      const w = bare(tokens[j]);
      if (!AUXILIARIES.has(w) && !COMMON_VERBS.has(w) && !(preposition && /ed$/.test(w))) continue;
      return [...tokens.slice(0, i), ...tokens.slice(j)].join(" ");
    }
    return s;
  }
  return s;
}

const LEADING_PREPOSITION =
  /^(?:even\s+)?(?:in|on|at|for|during|after|before|by|with|across|over|under|since|when|whenever|where|wherever|while|if|although|though|because|as|once|despite|without|through|within|between|among|from|until|unless|whereas)\b/i;
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

function shorten(text: string, max: number, allowOver: number): TCompressed {
  const hadNumber = /\d/.test(text);
  const variants = new Map<string, number>([[text, 0]]);
  let cumulative = text;
  TRANSFORMS.forEach((t, i) => {
    const single = tidy(t(text));
    if (!variants.has(single)) variants.set(single, 1);
    cumulative = tidy(t(cumulative));
    if (!variants.has(cumulative)) variants.set(cumulative, i + 1);
  });

  // Scores: a variant that fits whole ≈ 9, one slightly over ≈ 7, a cut ≤ ~8.5 depending on
  // where it falls (clause boundary best) and how much of the budget it uses.
  let best: TCompressed = { text: "", quality: 0 };
  let bestScore = Number.NEGATIVE_INFINITY;
  const consider = (candidate: TCompressed, score: number) => {
    if (score > bestScore) [best, bestScore] = [candidate, score];
  };
  for (const [v, changes] of variants) {
    const n = countWords(v);
    if (!v || n < 2) continue;
    const penalty = changes * 0.5 + (hadNumber && !/\d/.test(v) ? 2 : 0);
    if (n <= max) {
      consider({ text: v, quality: 1 - 0.04 * changes }, 9 - penalty);
      continue;
    }
    if (n <= max + allowOver) consider({ text: v, quality: 0.9 }, 7.5 - 0.5 * (n - max) - penalty);
    for (const cut of cuts(v, max + allowOver)) {
      const coverage = 4 * Math.min(1, cut.words / (0.6 * max)) + Math.min(1, cut.words / max);
      const over = Math.max(0, cut.words - max) * 0.5;
      const base = cut.bonus < -1 ? 0.2 : 0.45;
      const quality = Math.min(0.9, base + 0.35 * Math.min(1, cut.words / max) + (cut.bonus > 2 ? 0.1 : 0));
      consider({ text: cut.text, quality }, coverage + cut.bonus - over - penalty);
    }
  }
  if (best.text) return best;
  const forced = hardCut(text, max);
  // A forced cut that happens to land on a comma reads like a chosen one.
  const atComma = text.startsWith(`${forced},`);
  return { text: forced, quality: atComma ? 0.55 : 0.2 };
}

type TCut = { text: string; words: number; bonus: number };

const SUBORDINATORS =
  /^(?:where|wherever|when|whenever|if|because|although|though|while|since|unless|whereas|once|as)\b/i;
// "A house that needs 12 kW … may need only 8 kW": the main verb comes after the relative clause.
const SUBJECT_RELATIVE = /^(?:\S+\s){1,3}(?:that|who|which)\s/i;

/** Every acceptable prefix of the sentence that fits the budget, with a preference bonus. */
function cuts(text: string, max: number): TCut[] {
  const tokens = text.split(" ");
  const out: TCut[] = [];
  const needsTwoVerbs = SUBJECT_RELATIVE.test(text);
  for (let k = 2; k < tokens.length; k++) {
    const prev = tokens[k - 1];
    const next = bare(tokens[k]);
    let bonus: number;
    const comma = /[,;:]$/.test(prev);
    if (/,$/.test(prev) && inEnumeration(tokens, k)) continue;
    if (/;$/.test(prev) || /^[—–]$/.test(tokens[k]) || /[—–]$/.test(prev)) bonus = 2.5;
    else if (comma || /^-$/.test(tokens[k])) bonus = 2;
    else if (CLAUSE_WORDS.has(next)) bonus = 1;
    else if (next === "and" || next === "or") {
      // "…the system, set the temperature | and show you…" would leave a list without its end.
      if (tokens.slice(Math.max(0, k - 6), k - 1).some((t) => t.endsWith(","))) continue;
      bonus = verbCount(tokens[k + 1] ?? "") > 0 ? 0.5 : -0.5;
    } else if (PREPOSITIONS.has(next)) bonus = next === "to" ? -0.5 : 0;
    else if (next === "of" && !/(?:\d|%)$/.test(prev) && !QUANTITIES.has(bare(prev))) bonus = -1.5;
    else continue;
    // Never split a range or pair of figures: "$3,000 to $8,000", "three to four".
    if (isFigure(prev) && isFigure(tokens[k + 1] ?? "") && !comma) continue;
    const prefix = tokens
      .slice(0, k)
      .join(" ")
      .replace(/[\s,;:—–-]+$/, "");
    const words = countWords(prefix);
    if (words > max || words < 3) continue;
    // A comma two words from the end usually sits inside a phrase ("a new, | airtight building").
    if (comma && countWords(tokens.slice(k).join(" ")) < 3) continue;
    if (!endsCleanly(prefix)) continue;
    // "will only work | in a new building": a focus adverb promises the words after it.
    if (
      tokens
        .slice(Math.max(0, k - 3), k)
        .some((t) => /^(?:only|just|even|solely|exclusively)$/i.test(bare(t)))
    )
      continue;
    // "…a reading corner and, in the two largest branches": the list item after "and," is missing.
    if (/\b(?:and|or|but),\s[^,]*$/i.test(prefix)) continue;
    // "…, a service aimed | at students": a participle after the main verb wants its complement.
    if (
      /ed$/i.test(bare(prev)) &&
      /^(?:at|to|for|on|with|by|from)$/.test(next) &&
      verbCount(tokens.slice(0, k - 1).join(" ")) > 0
    )
      continue;
    // "…groups, although modest": an inserted aside, the main verb still to come.
    if (
      /,\s(?:although|though|while|if|when|because|since|even)\b[^,]*$/i.test(prefix) &&
      verbCount(prefix.slice(prefix.lastIndexOf(","))) === 0
    )
      continue;
    // Cutting after a side clause keeps the aside and loses the main verb that follows it.
    if (/,\s+(?:which|who|whose|where)\b/i.test(prefix)) continue;
    // "Where a house has no ducts" is only the condition; its main clause follows the comma.
    if (SUBORDINATORS.test(prefix) && !/[,;]/.test(prefix)) continue;
    const verbs = verbCount(prefix);
    if (needsTwoVerbs && verbs < 2) continue;
    // "Many houses built | before 1950": a short prefix ending on a participle is a reduced relative.
    if (
      k <= 4 &&
      verbs === 1 &&
      verbCount(prev) === 1 &&
      !AUXILIARIES.has(bare(prev)) &&
      /ed$|^built$|^made$|^held$|^sold$/.test(bare(prev))
    )
      continue;
    // A bare opening phrase ("In many regions") says nothing on its own.
    if (verbs === 0 && LEADING_PREPOSITION.test(prefix)) continue;
    bonus += verbs > 0 ? 1.5 : -4;
    out.push({ text: prefix, words, bonus });
  }
  return out;
}

const NUMBER_WORDS = new Set(
  "two three four five six seven eight nine ten dozen hundred thousand".split(" "),
);

function isFigure(token: string): boolean {
  return /\d/.test(token) || NUMBER_WORDS.has(bare(token));
}

/** True when the comma before token k separates items of a list ("windows, doors, hatches and …"). */
function inEnumeration(tokens: string[], k: number): boolean {
  for (let j = k; j < Math.min(tokens.length, k + 4); j++) {
    if (/,$/.test(tokens[j])) return true;
    const after = bare(tokens[j + 1] ?? "");
    if (after === "and" || after === "or") return true;
  }
  return false;
}

/** Last resort: the longest clean prefix within budget that still has a verb, else any clean prefix. */
function hardCut(text: string, max: number): string {
  const tokens = text.split(" ");
  let fallback = "";
  for (let k = Math.min(tokens.length, max); k >= 2; k--) {
    const prefix = tokens
      .slice(0, k)
      .join(" ")
      .replace(/[\s,;:—–-]+$/, "");
    if (countWords(prefix) > max || !endsCleanly(prefix)) continue;
    // "about a third | of the shelving": the quantity needs its "of" phrase.
    if (QUANTITIES.has(bare(tokens[k - 1])) && bare(tokens[k] ?? "") === "of") continue;
    if (verbCount(prefix) > 0) return prefix;
    if (!fallback) fallback = prefix;
  }
  return fallback || tokens.slice(0, Math.max(1, max)).join(" ");
}

function endsCleanly(prefix: string): boolean {
  const last = bare(prefix.split(" ").at(-1) ?? "");
  if (!last || DANGLING.has(last)) return false;
  if (count(prefix, "(") !== count(prefix, ")")) return false;
  if (count(prefix, "“") !== count(prefix, "”") || count(prefix, '"') % 2 === 1) return false;
  return true;
}

/** True when a fragment has something verb-like, i.e. can stand as a bullet of its own. */
export function looksLikeClause(text: string): boolean {
  return hasVerb(text);
}

function hasVerb(text: string): boolean {
  return verbCount(text) > 0;
}

/** Verb-like tokens (auxiliaries, common verbs, past forms): a stand-in for a parser. */
function verbCount(text: string): number {
  return text.split(" ").filter((t, i) => {
    const w = bare(t);
    if (AUXILIARIES.has(w) || COMMON_VERBS.has(w)) return true;
    return i > 0 && w.length > 4 && /ed$/.test(w);
  }).length;
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
