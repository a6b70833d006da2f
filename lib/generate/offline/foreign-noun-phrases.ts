/**
 * Noun phrases of German, French and Spanish text, from the part-of-speech taggers of the
 * compromise family (de-compromise, fr-compromise, es-compromise): "Römische Provinz Raetia",
 * "Edikt von Mailand", "Große Pest von Mailand", "pâte à crêpes". A slide title in these languages
 * is one of them, never a run of words between stopwords that stops on a verb or a preposition
 * ("Archäologische Befund deutet", "Kampfes zwischen zwei").
 */
import { de, es, fr } from "./compromise-ports.mjs";

const TAGGERS: Record<string, typeof de> = { de, fr, es };

/** Words that join two nouns into one phrase: "Pest von Mailand", "Teilung der Provinz", "pâte à crêpes". */
const LINKS: Record<string, ReadonlySet<string>> = {
  de: new Set(["von", "der", "des"]),
  fr: new Set(["de", "du", "des", "d'", "à", "aux"]),
  es: new Set(["de", "del"]),
};
/** Determiners a link may carry before its noun: "de la", "de los". */
const LINK_ARTICLES = new Set([
  "la",
  "las",
  "los",
  "l'",
  "le",
  "les",
  "un",
  "una",
  "une",
  "der",
  "des",
  "dem",
  "den",
  "einer",
  "eines",
]);
/** Romance adjectives follow their noun ("república ambrosiana"); German ones precede it. */
const ADJECTIVE_AFTER = new Set(["fr", "es"]);
const MAX_WORDS = 6;

type TToken = { text: string; tags: ReadonlySet<string> };

/** True when this language has a tagger here. */
export function hasNounPhraseTagger(language: string): boolean {
  return language in TAGGERS;
}

/** A noun phrase as written (not title-cased); `name` when the tagger reads it as a name ("México"). */
export type TForeignPhrase = { text: string; name: boolean };

/** The text's noun phrases in order of appearance. */
export function foreignNounPhrases(text: string, language: string): TForeignPhrase[] {
  const tag = TAGGERS[language];
  if (!tag) return [];
  // A line ends its phrase: "…recibido prestación" / "Permiso parental…" are two rows, not one name.
  if (text.includes("\n")) return text.split("\n").flatMap((line) => foreignNounPhrases(line, language));
  const tokens: TToken[] = tag(text)
    .terms()
    .json()
    .map((t) => ({ text: t.text, tags: new Set(t.terms[0]?.tags ?? []) }));
  const out: TForeignPhrase[] = [];
  let i = 0;
  while (i < tokens.length) {
    const end = phraseEnd(tokens, i, language);
    if (end > i) {
      const part = tokens.slice(i, end);
      const phrase = tidy(part.map((t) => t.text));
      if (phrase) out.push({ text: phrase, name: part.every((t) => !isNoun(t) || t.tags.has("ProperNoun")) });
      i = end;
    } else i++;
  }
  return out;
}

/**
 * One word is a term of its own when it is a name ("México") or, in German, which capitalises
 * every noun, a compound ("Christenverfolgung"), not a plain noun ("Stadt", "Jahr") nor a word
 * that only says when ("Jahrhunderts"). With the text it came from, the German word must also stand
 * inside a sentence there ("in der Spätantike"): one seen only opening a sentence ("Entwickler, die
 * …") is that sentence's subject, cut out of it.
 */
export function isForeignName(phrase: TForeignPhrase, language: string, text?: string): boolean {
  if (phrase.name) return true;
  if (language !== "de" || [...phrase.text].length < 10 || GERMAN_TIME_WORDS.test(phrase.text)) return false;
  return text === undefined || standsInsideSentence(phrase.text, text);
}

/** True when `word` occurs in `text` after another word of its sentence (not first in it). */
function standsInsideSentence(word: string, text: string): boolean {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`[\\p{L}\\p{N},;)"»“”]\\s+${escaped}(?![\\p{L}\\p{N}])`, "u").test(text);
}

const GERMAN_TIME_WORDS =
  /^(?:jahrhunderts?|jahrtausends?|jahrzehnten?|jahrzehnts?|zeitpunkts?|zeitraums?)$/i;

/** Where a noun phrase starting at `i` ends (exclusive), or `i` when none starts there. */
function phraseEnd(tokens: readonly TToken[], i: number, language: string): number {
  let j = nounGroupEnd(tokens, i, language);
  if (j === i) return i;
  // "Pest von Mailand", "Geschichte der Stadt", "república de Venecia": one link, one more noun group.
  const link = tokens[j];
  if (link && !endsClause(tokens[j - 1]) && LINKS[language]?.has(link.text.toLowerCase())) {
    let k = j + 1;
    if (tokens[k] && LINK_ARTICLES.has(tokens[k].text.toLowerCase())) k++;
    const further = nounGroupEnd(tokens, k, language);
    if (further > k && further - i <= MAX_WORDS) j = further;
  }
  return j;
}

/** Adjectives and nouns with at least one noun, ending on a noun (or a Romance adjective after it). */
function nounGroupEnd(tokens: readonly TToken[], i: number, language: string): number {
  let j = i;
  let nouns = 0;
  let lastNoun = -1;
  while (j < tokens.length && j - i < MAX_WORDS) {
    const t = tokens[j];
    if (!/\p{L}/u.test(t.text)) break;
    // "más hijos", "plus de", "mehr Menschen": a comparison's word leads no name of a thing.
    if (COMPARATIVES.has(t.text.toLowerCase())) break;
    if (isNoun(t)) {
      nouns++;
      lastNoun = j;
    } else if (!t.tags.has("Adjective")) break;
    else if (nouns > 0 && !ADJECTIVE_AFTER.has(language)) break;
    j++;
    if (endsClause(t)) break;
  }
  if (nouns === 0) return i;
  // German: an adjective after the last noun starts the next phrase.
  return ADJECTIVE_AFTER.has(language) ? j : lastNoun + 1;
}

function isNoun(t: TToken): boolean {
  const word = t.text.toLowerCase().replace(/\P{L}+$/u, "");
  return (
    t.tags.has("Noun") &&
    !t.tags.has("Pronoun") &&
    !t.tags.has("Determiner") &&
    !QUANTIFIERS.has(word) &&
    !SENTENCE_OPENERS.has(word)
  );
}

/**
 * German conjunctions and adverbs that open a sentence: capitalised there, the tagger reads them
 * as nouns ("Aber von Veröffentlichung zu Veröffentlichung…" is no phrase "Aber von Veröffentlichung").
 */
const SENTENCE_OPENERS = new Set(
  "aber allerdings also auch außerdem bevor da daher damals danach dann darum dass dennoch denn deshalb doch dort ebenfalls hier heute jedoch nachdem nun ob obwohl schließlich so sodass somit sondern sonst später trotzdem und weil wenn wie während zudem zuerst zwar".split(
    " ",
  ),
);

/** "más", "plus", "mehr": they compare, and start no phrase ("más hijos"). */
const COMPARATIVES = new Set("más menos muy tan plus moins très trop mehr weniger sehr".split(" "));
/** "todos", "chaque", "alle": they count a noun, and end no phrase ("a mano todos"). */
const QUANTIFIERS = new Set(
  "todo toda todos todas cada ambos ambas varios varias muchos muchas pocos pocas tout toute tous toutes chaque plusieurs alle jede jeder jedes viele beide".split(
    " ",
  ),
);

/** A token followed by punctuation ("Stadt," "Augsburg.") closes its phrase. */
function endsClause(t: TToken | undefined): boolean {
  return !!t && /[,;:.!?)\]»”"]$/u.test(t.text);
}

function tidy(parts: readonly string[]): string | undefined {
  const text = parts
    .join(" ")
    // "¡Las elecciones tienen consecuencias!": an opening mark whose sentence goes on is no part of it.
    .replace(/[()[\]«»“”"¡¿]/g, "")
    // "Grande-" "Bretagne": a hyphenated name the tagger split is one word again.
    .replace(/(\p{L})-\s+(?=\p{L})/gu, "$1-")
    .replace(/[\s,;:.!?–—-]+$/u, "")
    .replace(/\s+/g, " ")
    .trim();
  return /\p{L}{2}/u.test(text) ? text : undefined;
}

/**
 * The key phrases (runs of content words) that are noun phrases of `text`: the whole of one, or
 * its end ("Provinz Raetia" of "römischen Provinz Raetia"); one word only when it is a name.
 * "Machte Kaiser" or "Keltischen Insubren besiedelt" is cut out of a sentence, not a term.
 * Languages without a tagger keep all.
 */
export function keepNounPhrases<T extends { text: string }>(
  phrases: readonly T[],
  text: string,
  language: string,
): T[] {
  if (!hasNounPhraseTagger(language)) return [...phrases];
  const found = foreignNounPhrases(text, language);
  return phrases.filter((k) => {
    const term = k.text.toLowerCase().replace(/\s+/g, " ").trim();
    // One word alone ("Aquí", "Stadt") only when it is a name or a compound.
    if (!/\s/.test(term))
      return found.some((p) => p.text.toLowerCase() === term && isForeignName(p, language, text));
    return found.some((p) => ` ${p.text.toLowerCase()}`.endsWith(` ${term}`));
  });
}
