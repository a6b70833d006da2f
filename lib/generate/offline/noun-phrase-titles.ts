/**
 * Slide titles from the noun phrases of the slide's own text, by part-of-speech tagger: English
 * by compromise ("Colorado River", "Mark Series Computers", "Grace Hopper"), German, French and
 * Spanish by its language ports (foreign-noun-phrases.ts: "Edikt von Mailand", "pâte à crêpes").
 * A title names what the slide is about, so it is a noun phrase, never a run of words cut out of
 * a sentence ("Cast Favoring Technological", "Younger", "Archäologische Befund deutet"). Phrases
 * the rest of the deck also talks about rank lower.
 */
import nlp from "compromise";
import { foreignNounPhrases, isForeignName } from "./foreign-noun-phrases";
import { titleCase } from "./title-case";
import { CURRENCY, stem, words } from "./tokenize";

const LEADING =
  /^(?:(?:the|a|an|this|that|these|those|his|her|its|their|our|your|my|some|any|each|every|all|both|such|other|another|many|much|more|most|several|few|no|one|two|three|four|five|six|seven|eight|nine|ten|[\d.,%$€£]+(?:\s+(?:percent|per cent))?)\s+)+/i;
const PRONOUN =
  /^(?:it|it's|its|he|she|they|we|you|i|this|that|these|those|them|him|her|who|which|what|something|anything|everything|nothing|someone|anyone|everyone|one)$/i;
const MAX_WORDS = 6;
/** "USD 16,690 million", "$2.4 billion": an amount is what a slide shows, not what it is about. */
const FIGURE_ONLY = new RegExp(
  String.raw`^${CURRENCY}?\s?[\d.,]+\s*(?:%|percent|million|billion|trillion|thousand|bn|m|k)?$`,
  "i",
);

/** `alone`: the phrase may be a title as one word (a name; in German also a compound). */
type TCandidate = {
  text: string;
  stems: string[];
  count: number;
  first: number;
  proper: boolean;
  alone: boolean;
};

/**
 * Noun-phrase titles for a slide's text, best first. `background` is the other slides' text;
 * `avoid` holds stems a title may not consist of only (the deck title's). `language` is "en" or
 * one foreign-noun-phrases.ts tags.
 */
export function nounPhraseTitles(
  text: string,
  background: readonly string[],
  avoid: ReadonlySet<string>,
  language = "en",
): string[] {
  const phrases =
    language === "en"
      ? (nlp(text).nouns().out("array") as string[]).map((raw) => {
          const clean = cleanPhrase(raw);
          const proper = !!clean && isName(clean);
          return clean ? { text: clean, proper, alone: proper } : undefined;
        })
      : foreignNounPhrases(text, language).map((p) => ({
          text: p.text,
          proper: p.name,
          alone: isForeignName(p, language, text),
        }));
  // (The tagger may read "Target" of "Target advertising is planned…" as a verb: the words
  // before the sentence's first verb are its subject all the same.)
  const subject = language === "en" ? subjectOf(text) : undefined;
  if (subject) phrases.unshift({ text: subject, proper: false, alone: words(subject).length === 1 });
  const found = new Map<string, TCandidate>();
  const lower = text.toLowerCase();
  phrases.forEach((candidate, index) => {
    // "…is diverse, encompassing current donors": after a comma an -ing word opens a clause; the
    // noun phrase is what follows it.
    const participle =
      candidate &&
      /^\p{Ll}{2,}ing\s\S/u.test(candidate.text) &&
      lower.includes(`, ${candidate.text.toLowerCase()}`);
    const phrase = participle ? { ...candidate, text: candidate.text.replace(/^\S+\s+/, "") } : candidate;
    if (!phrase || words(phrase.text).length > MAX_WORDS) return;
    // "Normal activity" of "near-normal activity": the tagger split a hyphenated word.
    if (lower.includes(`-${phrase.text.toLowerCase()}`)) return;
    const stems = words(phrase.text).map(stem);
    const key = stems.join(" ");
    const seen = found.get(key);
    if (seen) seen.count++;
    else found.set(key, { ...phrase, stems, count: 1, first: index });
  });
  const other = new Map<string, number>();
  for (const w of words(background.join(" "))) other.set(stem(w), (other.get(stem(w)) ?? 0) + 1);
  const scored = [...found.values()]
    .filter((c) => !c.stems.every((s) => avoid.has(s)) && !FIGURE_ONLY.test(c.text))
    .filter((c) => c.stems.length > 1 || c.alone)
    .map((c) => {
      const head = c.stems[c.stems.length - 1];
      const own = words(text).filter((w) => stem(w) === head).length;
      const elsewhere = other.get(head) ?? 0;
      const length = c.stems.length >= 2 && c.stems.length <= 4 ? 1.3 : 1;
      const early = 1 + 1 / (1 + c.first);
      // (The subject is the slide's topic however often the other slides name it.)
      const topic = subject !== undefined && c.first === 0;
      const spread = topic ? 1 : 1 + elsewhere * 0.5;
      const score =
        ((c.count + own) * length * early * (topic ? SUBJECT : 1) * (c.proper ? 1.2 : 1)) / spread;
      return { c, score };
    })
    .sort((a, b) => b.score - a.score || a.c.first - b.c.first);
  return scored.map(({ c }) =>
    c.proper && c.text === c.text.toUpperCase() ? c.text : titleCase(c.text, language),
  );
}

/**
 * How much more the subject the slide's first sentence opens on weighs ("Target advertising is
 * planned…", "Advertising campaigns include…"): what the slide is about, however often the other
 * slides mention it.
 */
const SUBJECT = 3;

/**
 * The subject the text's first sentence opens on, two to four words before its verb: "Target
 * advertising" of "Target advertising is planned…", "Advertising campaigns" of "…include…".
 */
function subjectOf(text: string): string | undefined {
  const first = text.split("\n")[0] ?? "";
  // "There are four stages to a product launch: …" is about its four stages.
  const counted = COUNTED_KINDS.exec(first)?.[1];
  if (counted) return counted;
  // "Logistics is the management of…": one word the sentence defines is its topic.
  const defined = DEFINED_WORD.exec(first)?.[1];
  if (defined && !nlp(defined).has("(#Pronoun|#Determiner|#Adverb)")) return defined;
  const m = SUBJECT_BEFORE_VERB.exec(first);
  // (The verb in lower case: "…included Michael May" names a person, not "may".)
  if (!m || /^\p{Lu}/u.test(m[2])) return undefined;
  // (Not cleanPhrase: "advertising" ends the subject as a noun, not as a verb's -ing form.)
  const phrase = m[1].trim();
  const parts = words(phrase);
  // ("Selectmen present included…": a verb inside is a clause, not a subject.)
  if (parts.length < 2 || parts.some((w) => SUBJECT_STOP.has(w.toLowerCase()) || SUBJECT_VERB.test(w)))
    return undefined;
  const terms = nlp(phrase).terms();
  if (terms.has("(#Pronoun|#Adverb|#Preposition|#Conjunction|#Determiner)")) return undefined;
  // "Many people are…", "Both types follow": a quantity opens no topic.
  return terms.first().has("#Value") || terms.last().has("#Adjective") ? undefined : phrase;
}

const COUNTED_KINDS =
  /^There (?:are|were) ((?:two|three|four|five|six|seven|eight|nine|ten|\d{1,2}) (?:(?:main|major|basic|key|different|distinct) )?(?:types|kinds|stages|steps|ways|phases|parts|forms|levels|categories|reasons|factors|components|elements|principles|options|classes|groups)(?: (?:of|to|in|for) (?:(?:a|an|the) )?[\p{L}-]+(?: [\p{L}-]+)?)?)(?=\s*[:.,;]|\s+(?:that|which|you|we)\b)/iu;
const DEFINED_WORD = /^(\p{Lu}\p{Ll}{3,}) (?:is|are) (?:the|a|an) /u;
const SUBJECT_VERBS =
  "is|are|was|were|has|have|had|can|could|will|would|may|must|should|include|includes|included|remains|remain|requires|require|refers|means|consists|involves|helps|makes|provides";
const SUBJECT_VERB = new RegExp(`^(?:${SUBJECT_VERBS})$`, "i");
const SUBJECT_BEFORE_VERB = new RegExp(
  String.raw`^(?:(?:the|a|an)\s+)?((?:[\p{L}][\p{L}'’-]*\s+){1,3}[\p{L}][\p{L}'’-]*)\s+(${SUBJECT_VERBS})\b`,
  "iu",
);
/** Words no subject of two to four words holds: a clause's glue, not a noun phrase's. */
const SUBJECT_STOP = new Set(
  "there this that these those it its they we you he she i which who what when where while if because as and or but not no all some each every one".split(
    " ",
  ),
);

/** A name ("Hopper", "COBOL", "Colorado River"), not a common word capitalised at a sentence start ("Here"). */
function isName(text: string): boolean {
  return /^[\p{Lu}\d]{2,}$/u.test(text) || nlp(text).has("#ProperNoun");
}

/** A noun phrase without its article, possessive, count, brackets or closing punctuation. */
function cleanPhrase(raw: string): string | undefined {
  let text = raw
    .replace(/\([^)]*\)?/g, " ")
    .replace(/[“”"«»]/g, "")
    .replace(/[\s,;:.!?)\]]+$/, "")
    .replace(/^[\s([·•|–—-]+/u, "")
    .replace(/\s+/g, " ")
    .trim();
  // ("and some protists": the conjunction joins it to the item before.)
  text = text
    .replace(/^(?:and|or|but|nor)\s+/i, "")
    .replace(LEADING, "")
    // ("2014 · March 31": a table's cells run together; the mark between them is no word.)
    .replace(/^[·•|–—-]+\s*/u, "")
    .trim();
  // "Powell's report" keeps its owner; a dangling "'s" does not.
  text = text.replace(/['’]s$/, "").trim();
  if (!text || PRONOUN.test(text) || !/\p{L}{2}/u.test(text)) return undefined;
  // "copy‑paste them": a verb and its object the tagger took for a phrase; no noun ends on a pronoun.
  if (/\s(?:them|him|us|me|it|you)$/i.test(text)) return undefined;
  // "Hooray": an exclamation names nothing.
  if (nlp(text).has("#Expression")) return undefined;
  // "You're Serious", "Role You'll": a pronoun with its verb is a clause's start, no noun phrase.
  if (/\b(?:i|you|we|they|he|she|it|that|there)['’](?:re|ll|ve|d|m|s)\b/i.test(text)) return undefined;
  const n = words(text).length;
  if (n === 0 || n > MAX_WORDS) return undefined;
  // "Including 2-4", "Atlantic Hurricane Season Produces 12": a figure ends a name ("Raspberry Pi
  // 5", "Apollo 11"), not a phrase; nor does a verb's -ing form ("ARM Cortex-A76 CPU running").
  const parts = words(text);
  if (/\d/.test(parts.at(-1) ?? "") && !/^\p{Lu}/u.test(parts.at(-2) ?? "")) return undefined;
  if (parts.length > 1 && /^\p{Ll}+ing$/u.test(parts.at(-1) ?? "")) return undefined;
  // A phrase that still ends on a function word was cut badly by the tagger.
  if (/\b(?:of|and|or|for|to|in|on|at|with|by|from|the|a|an)$/i.test(text)) return undefined;
  // "Years younger", "Data entered": a phrase must end on its noun, not an adjective or a verb.
  const last = nlp(text).terms().last();
  if (last.has("#Adjective") || last.has("#Verb") || last.has("#Adverb")) return undefined;
  return text;
}
