/**
 * Word classes for shortening sentences without a parser: which words may not end a bullet,
 * where clauses start, and what looks like a verb. Lists, not linguistics; English-centred.
 */
import nlp from "compromise";
import { plainText } from "./tokenize";

// Words a shortened bullet must not end on: they promise more words.
export const DANGLING = new Set(
  `a an the of in on at to for with without by from into onto about as than via per over under between
  through across during after before within upon toward towards and or but nor so yet because while
  although though if when where which who whom whose that whether unless until since is are was were be
  been being am has have had do does did will would can could should may might must shall this these
  those its their our my your his her we they it i you he she very more most less least not also just
  only even both each every such some any many much few several all no whose one need needs needed want
  wants able going used likely what how why there here then than let lets make makes get gets mainly
  mostly largely primarily chiefly partly nearly almost around roughly approximately up down out
  like including include includes contribute contributes contributed comply complies complied
  require requires allow allows enable enables compel compels urge urges
  account accounts depend depends rely relies consist consists refer refers belong belongs
  two three four five six seven eight nine ten hundred thousand new old first last next same other main
  key major minor further whole entire own total second third fourth fewer compared according due thanks
  prior relative ranging depending based owing such
  de la le les el los las des du un une der die das ein eine und oder et y e o em no na di del della`.split(
    /\s+/,
  ),
);

// Cutting before these keeps the main clause and drops a modifier or a second clause.
export const CLAUSE_WORDS = new Set(
  `which who whom whose because since although though while whereas unless until including especially
  particularly instead rather except whether when where if after before but yet nor`.split(/\s+/),
);
/** Prepositions and coordinators: cutting before one drops a modifier or a second item. */
export const PREPOSITIONS = new Set(
  `in on at for with without by from into through across over under during via per among along against
  within beyond despite like than to and or`.split(/\s+/),
);
/** Auxiliaries and modals: evidence of a verb. */
export const AUXILIARIES = new Set(
  `is are was were be been has have had do does did will would can could should may might must shall
  isn't aren't wasn't weren't hasn't haven't don't doesn't didn't won't can't cannot`.split(/\s+/),
);
export const COMMON_VERBS = new Set([
  ...`cut cuts make makes keep keeps run runs move moves need needs deliver delivers use uses take takes
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
  ...inflect(
    `plan open close start stop try call ask turn play live believe happen include continue learn change
    follow create speak read add walk remember love consider appear wait serve expect stay reach remain
    suggest raise pass report decide pull return explain hope develop carry receive agree support produce
    cover point listen place sign improve fix launch release fail lower increase decrease replace rebuild
    track record measure estimate expect recommend propose plan rate count test review publish hire train
    join visit order invest earn sell buy charge deploy update log fire answer miss switch approve`,
  ),
]);

/** A verb's base, third-person and past forms ("plan" → plan, plans, planned). */
function inflect(list: string): string[] {
  return list
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((v) => {
      const s = /(?:s|sh|ch|x|z)$/.test(v)
        ? `${v}es`
        : /[^aeiou]y$/.test(v)
          ? `${v.slice(0, -1)}ies`
          : `${v}s`;
      const ed = v.endsWith("e")
        ? `${v}d`
        : /[^aeiou]y$/.test(v)
          ? `${v.slice(0, -1)}ied`
          : /^(?:plan|stop|drop|ship|fit|log)$/.test(v)
            ? `${v}${v.at(-1)}ed`
            : `${v}ed`;
      return [v, s, ed];
    });
}

// "a quarter of the heat", "most of the savings": the "of" phrase is the point.
export const QUANTITIES = new Set(
  "quarter half third fifth tenth part most all some many much lot lots number share percent rest none each one two three".split(
    " ",
  ),
);

export const LEADING_PREPOSITION =
  /^(?:(?:now|then|so),?\s+)?(?:even\s+)?(?:in|on|at|for|during|after|before|by|with|across|over|under|since|when|whenever|where|wherever|while|if|although|though|because|as|once|despite|without|through|within|between|among|from|until|unless|whereas|following|throughout|according\s+to|thanks\s+to|due\s+to|(?:every|each|any)\s+time)\b/i;
/** Words that open a noun phrase: where an opening adverbial usually ends. */
export const DETERMINERS = new Set(
  "a an the this that these those many most some our their its his her my your every each all no".split(" "),
);

// Words after which a verb-looking word is a noun or adjective ("that" and "all" can precede verbs).
const NOUN_MARKERS = new Set(
  "a an the this these those our their its his her my your every each no".split(" "),
);

export const SUBORDINATORS =
  /^(?:(?:now|then|so|and|but),?\s+)?(?:where|wherever|when|whenever|if|because|although|though|while|since|unless|whereas|once|as|(?:every|each|any|the first|the next|the last) time|as soon as)\b/i;

export const NUMBER_WORDS = new Set(
  "two three four five six seven eight nine ten dozen hundred thousand".split(" "),
);

/** True for a figure or a number word ("$3,000", "three"): ranges of these are never split. */
export function isFigure(token: string): boolean {
  return /\d/.test(token) || NUMBER_WORDS.has(bare(token));
}

/** True when a fragment has something verb-like, i.e. can stand as a bullet of its own. */
export function looksLikeClause(text: string): boolean {
  return hasVerb(text);
}

/** True when the text has at least one verb-like token. */
export function hasVerb(text: string): boolean {
  return verbCount(text) > 0;
}

/** Verb-like tokens (auxiliaries, common verbs, past forms): a stand-in for a parser. */
export function verbCount(text: string): number {
  return verbTokens(text).length;
}

/** The verb-like tokens of a text, as written, in order (see verbCount). */
export function verbTokens(text: string): string[] {
  const tokens = text.split(" ");
  return tokens.filter((t, i) => {
    const w = bare(t);
    if (AUXILIARIES.has(w)) return true;
    // After a determiner a verb form is a noun or adjective: "the last decade", "a cut", "the set".
    if (i > 0 && NOUN_MARKERS.has(bare(tokens[i - 1]))) return false;
    if (COMMON_VERBS.has(w)) return true;
    if (i > 0 && isPastForm(w)) return true;
    // "Narrow the results…", "…a keyword search, narrow the results": an instruction's verb.
    return (i === 0 || /,$/.test(tokens[i - 1])) && opensWithImperative(tokens.slice(i, i + 4).join(" "));
  });
}

/** Tagger answers kept per word or opening: the cut finder asks the same ones for every prefix. */
const TAGGED_LIMIT = 5000;
const adjectives = new Map<string, boolean>();

/** The cached answer for `key`, computed once (the cache is emptied when it grows too large). */
function remembered(cache: Map<string, boolean>, key: string, compute: () => boolean): boolean {
  let known = cache.get(key);
  if (known === undefined) {
    known = compute();
    if (cache.size > TAGGED_LIMIT) cache.clear();
    cache.set(key, known);
  }
  return known;
}

/**
 * True when a word reads as an adjective on its own ("current", "federal"), by compromise's
 * lexicon: "…from current | or past investigator-initiated research" leaves it without its noun.
 */
export function isAdjective(word: string): boolean {
  const key = bare(word);
  return remembered(adjectives, key, () => /^\p{L}+$/u.test(key) && nlp(key).has("#Adjective"));
}

const imperatives = new Map<string, boolean>();

/**
 * True when the words open an instruction ("Narrow the results", "Select the type"), read by
 * compromise's tagger; the verb lists above hold only common verbs. Remembered per opening.
 */
function opensWithImperative(opening: string): boolean {
  const key = opening.toLowerCase();
  // Tagged with a capital, as a sentence's start: "narrow" alone reads as an adjective.
  return remembered(
    imperatives,
    key,
    () => /^\p{L}/u.test(key) && nlp(key.charAt(0).toUpperCase() + key.slice(1)).has("^#Imperative"),
  );
}

/**
 * A past form of a verb ("resulted", "re-elected"), going by its ending: a compound adjective
 * ("coal-tar-based", "state-owned") is not one.
 */
export function isPastForm(word: string): boolean {
  if (word.length <= 4 || !/ed$/.test(word)) return false;
  return !word.includes("-") || /^(?:re|co|pre|un|de|mis|over|under|out)-/.test(word);
}

/** A token lower-cased without surrounding punctuation or emphasis. */
export function bare(token: string): string {
  return plainText(token)
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}%]+$/gu, "");
}
