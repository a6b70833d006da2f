/**
 * A deck title and one-line summary for the content: the document's own title (a lone H1) or
 * its top key phrase, and its most central sentence, shortened.
 */

import nlp from "compromise";
import { compressSentence } from "./compress-sentence";
import { extractKeyPhrases } from "./extract-key-phrases";
import { foreignNounPhrases, hasNounPhraseTagger } from "./foreign-noun-phrases";
import { isPageAction, rankUnits } from "./rank-units";
import { readSource } from "./read-source";
import { isStopword } from "./stopwords";
import { titleCase } from "./title-case";
import { countWords, escapeRegExp, plainText, readsAsEnglish, terms } from "./tokenize";
import { isNearDuplicate, writeBullet } from "./write-bullet";
import { CJK_LANGUAGES, saysOnlyWhen } from "./write-title";

/** "Zoom vs Microsoft Teams", "MySQL vs. PostgreSQL": two names of up to four words set against each other. */
const VERSUS =
  /(?<![\p{L}\d])\p{Lu}[\p{L}\d.+#'’-]*(?:\s\p{Lu}[\p{L}\d.+#'’-]*){0,3}\s(?:vs\.?|versus)\s\p{Lu}[\p{L}\d+#'’-]*(?:\s\p{Lu}[\p{L}\d+#'’-]*){0,3}/u;

/**
 * The subject of a text without a title: a name in its first sentence ("Riverton Public
 * Library"), else its top key phrase, paired with the runner-up when both are strong.
 */

function topicOf(text: string, firstSentence: string, language: string): string | undefined {
  const sentence = plainText(firstSentence).replace(/^[^\p{L}\p{N}]+/u, "");
  // Hebrew, Arabic and other languages no tagger here reads: their word runs are pieces of
  // sentences ("الخامس والعشرين", "the twenty-fifth"), the opening's first short clause a headline
  // ("أتمت ويكيبيديا عامها الخامس والعشرين", "Wikipedia completed its twenty-fifth year").
  if (!readsAsEnglish(language) && !hasNounPhraseTagger(language) && !CJK_LANGUAGES.has(language)) {
    const headline = headlineClause(sentence);
    if (headline) return headline;
  }
  // "…a straightforward choice: Zoom vs Microsoft Teams.": the two names the text sets against
  // each other are its subject.
  const versus = VERSUS.exec(sentence);
  if (versus) return versus[0];
  // The name the sentence opens on ("International Business Machines Corporation reported…"),
  // unless its first word only starts the sentence ("The", "In").
  const opening = /^((?:\p{Lu}[\p{L}'’&.-]*\s){1,4}\p{Lu}[\p{L}'’-]+)(?!\s+\p{Lu})/u.exec(sentence);
  if (opening && !isStopword(opening[1].split(/\s/)[0])) return opening[1];
  // (Whole, with its joining words: "National Oceanic and Atmospheric Administration".)
  const name =
    /(?<=\S\s)((?:\p{Lu}[\p{L}'’-]+\s(?:(?:and|of|for|&)\s(?=\p{Lu}))?){1,4}\p{Lu}[\p{L}'’-]+)(?![\p{L}'’-]|\s+\p{Lu})/u.exec(
      sentence,
    );
  if (name) return name[1];
  const subjectPhrase =
    language === "en" ? openingSubject(sentence, text) : recurringNounPhrase(text, language);
  if (subjectPhrase) return titleCase(subjectPhrase, language);
  // ("Ended June" of "the quarter ended June 30": when, not what the text is about.)
  const [first, second] = extractKeyPhrases(text, { lead: firstSentence, limit: 6 }).filter(
    (k) => !saysOnlyWhen(k.text),
  );
  if (!first) return undefined;
  // "Microsoft today announced…": the organisation the text opens on owns its topic.
  const subject =
    language === "en"
      ? nlp(plainText(firstSentence))
          .match("^#ProperNoun+")
          .text()
          .replace(/[,.;:]+$/, "")
      : "";
  if (subject && countWords(subject) <= 4 && !first.text.toLowerCase().includes(subject.toLowerCase()))
    return `${subject} ${titleCase(first.text, language)}`;
  const pair =
    second && first.stems.length > 1 && second.stems.length > 1 && second.score >= 0.6 * first.score;
  return pair
    ? `${titleCase(first.text, language)} & ${titleCase(second.text, language)}`
    : titleCase(withSharedComplement(first.text, text), language);
}

/** Words of a clause that reads as a headline: a short statement, not a date or a list. */
const HEADLINE_WORDS = { min: 3, max: 9 };

/** The first clause of a sentence that is short and names no year ("في الخامس عشر من كانون الثاني/يناير 2026" only dates it). */
export function headlineClause(sentence: string): string | undefined {
  for (const clause of sentence.split(/[،,;؛:!?.！？।]\s*|\s[–—-]\s/u)) {
    const text = clause.trim();
    const n = countWords(text);
    if (n >= HEADLINE_WORDS.min && n <= HEADLINE_WORDS.max && !/\d{4}/u.test(text)) return text;
  }
  return undefined;
}

/**
 * What an English text's first sentence says it is about, when the text comes back to it:
 * "Washing your hands is easy…" → "Washing your hands"; "One of my favourite home-baked goods is
 * banana bread." → "banana bread".
 */
function openingSubject(sentence: string, text: string): string | undefined {
  // ("Photosynthesis, generally, is the synthesis of…": an adverb set between commas.)
  const doc = nlp(sentence.replace(/^([^,]{1,60}),\s*\p{L}+ly,\s+/u, "$1 "));
  // ("Photosynthesis is…", "A product launch is…": a bare noun, or a noun phrase of two words or
  // more without its article; not "The company is…".)
  const noun = leadingNounPhrase(doc);
  const named = noun.replace(/^(?:a|an|the)\s+/i, "");
  const subject =
    doc.match("^[#Gerund (#Determiner|#Possessive|#Adjective)* #Noun+] #Copula", 0).text() ||
    doc.match("^#Value of .+ #Copula [(#Adjective|#Noun)+]$", 0).text() ||
    (countWords(named) >= 2 || (named && named === noun) ? named : "");
  const phrase = subject.replace(/[,.;:!?]+$/, "").trim();
  if (!phrase || countWords(phrase) > 5) return undefined;
  // The text returns to it: one of its words appears again after the first sentence.
  const after = text.slice(text.indexOf(sentence) + sentence.length);
  const rest = new Set(terms(after));
  // (Or goes on about it as "It": "It is arguably the most important biochemical pathway known".)
  const goesOn = /^\s*It\s/.test(after);
  return terms(phrase).some((t) => rest.has(t)) || goesOn ? phrase : undefined;
}

/** The words before the sentence's first verb when they are an article, adjectives and nouns, the verb a copula. */
function leadingNounPhrase(doc: ReturnType<typeof nlp>): string {
  const tagged = (doc.terms().json() as { terms: { text: string; tags: string[] }[] }[]).map(
    (t) => t.terms[0],
  );
  const copula = tagged.findIndex((t) => t.tags.includes("Copula"));
  if (copula < 1 || !tagged[copula - 1].tags.includes("Noun")) return "";
  const words = tagged.slice(0, copula);
  const fits = words.every(
    (t, i) =>
      t.tags.includes("Noun") || t.tags.includes("Adjective") || (i === 0 && t.tags.includes("Determiner")),
  );
  return fits ? words.map((t) => t.text).join(" ") : "";
}

/**
 * German, French or Spanish: the noun phrase of several words the text comes back to most
 * ("construcción de una casa"), the earliest on a tie; none when no such phrase recurs.
 */
function recurringNounPhrase(text: string, language: string): string | undefined {
  const counts = new Map<string, { text: string; count: number }>();
  for (const phrase of foreignNounPhrases(text, language)) {
    // ("Este martes", "this Tuesday": when the text happened, not what it is about.)
    if (countWords(phrase.text) < 2 || saysOnlyWhen(phrase.text)) continue;
    const key = phrase.text.toLowerCase();
    const seen = counts.get(key);
    if (seen) seen.count++;
    else counts.set(key, { text: phrase.text, count: 1 });
  }
  let best: { text: string; count: number } | undefined;
  for (const entry of counts.values()) if (entry.count >= 2 && entry.count > (best?.count ?? 0)) best = entry;
  return best ? withSharedComplement(best.text, text) : undefined;
}

/**
 * "Nuevo programa" said twice as "un nuevo programa de avales y ayudas…" and "un nuevo programa de
 * avales por…": the complement every mention shares goes with it ("Nuevo programa de avales").
 */
function withSharedComplement(phrase: string, text: string): string {
  const after = [
    ...text.matchAll(
      new RegExp(`${escapeRegExp(phrase)}\\s+((?:de|del|des|du|di|da|do|von|der)\\s+\\p{L}{3,})`, "giu"),
    ),
  ];
  const mentions = text.toLowerCase().split(phrase.toLowerCase()).length - 1;
  const complements = new Set(after.map((m) => m[1].toLowerCase()));
  return after.length === mentions && complements.size === 1 ? `${phrase} ${after[0][1]}` : phrase;
}

export type TContentSummary = {
  title?: string;
  subtitle?: string;
  /** The source unit the subtitle was written from: content slides do not say it again. */
  subtitleFrom?: string;
};

const SUBTITLE_WORDS = 12;
/** A sentence up to this many words longer is kept whole rather than cut. */
const SUBTITLE_OVER = 6;
/** A cut below this loses what the sentence says ("…told its 140 workers at its Duluth plant"). */
const SUBTITLE_QUALITY = 0.75;
/** A field labelled in capitals: "RELEASE DATE: April 11, 2003". */
const CAPITAL_FIELD = /^[\p{Lu}\d][\p{Lu}\d\s()'’/&.-]{1,60}:\s/u;

/** The subtitle sums up: it comes from one of the opening's first sentences. */
const SUBTITLE_FROM = 2;

/**
 * Title and subtitle candidates for the title slide; empty fields when the content is empty. The
 * subtitle is written from none of the `avoid` units (texts a structure slide already shows), nor
 * from a sentence that says nearly the same (a summary line above the story that restates it).
 */
export function describeContent(content: string, avoid: ReadonlySet<string> = new Set()): TContentSummary {
  const source = readSource(content);
  if (source.units.length === 0) return {};
  const avoidKeys = [...avoid].map((t) => new Set(terms(t)));
  // "CATALOG OF FEDERAL DOMESTIC ASSISTANCE NUMBER: No. 93.213": a form's field is no summary.
  rankUnits(source.units);
  const text = source.units.map((u) => u.text).join("\n");
  const title = source.title ? plainText(source.title) : topicOf(text, source.units[0].text, source.language);
  // A title that is the opening's own first clause is not said again below it.
  const opening0 = plainText(source.units[0].text);
  const saidByTitle = (t: string) =>
    !source.title &&
    !!title &&
    t === source.units[0].text &&
    opening0.startsWith(title) &&
    title !== opening0;
  const avoided = (text: string) =>
    avoid.has(text) ||
    CAPITAL_FIELD.test(text) ||
    // "Others Present: Peter Lukes, Assistant Town Manager": a record's field of names sums nothing up.
    // (A time in brackets after a name, "(6:32PM)", is still a name's.)
    /^[\p{L} ]{1,25}:\s+(?:(?:[\p{Lu}\d][\p{L}.'’-]*|\(\d{1,2}(?::\d{2})?\s?[APap]\.?[Mm]\.?\))[,;]?\s*)+$/u.test(
      text,
    ) ||
    saidByTitle(text) ||
    // "Click the images below to register!": the page's furniture sums nothing up.
    isPageAction(text) ||
    isNearDuplicate(new Set(terms(text)), avoidKeys);

  // The more central of the opening's first two sentences that shortens cleanly: a sentence from
  // further on ("The current convention is for a single Release Manager", "The 2015 number may
  // change slightly") qualifies or details; it does not sum up.
  const opening = source.sections[0]?.units ?? source.units;
  const ranked = opening
    .filter((u) => u.kind === "sentence")
    .slice(0, SUBTITLE_FROM)
    .filter((u) => !avoided(u.text))
    .sort((a, b) => b.score - a.score || a.id - b.id);
  for (const u of ranked) {
    const short = compressSentence(u.text, {
      maxWords: SUBTITLE_WORDS,
      allowOver: SUBTITLE_OVER,
      keepPeriod: false,
    });
    if (short.quality >= SUBTITLE_QUALITY)
      return { title, subtitle: withoutAddress(short.text), subtitleFrom: u.text };
  }
  // A list's entry ("RELEASE DATE: April 11, 2003", "Purpose of the PA") sums nothing up.
  const first = source.units.find((u) => u.kind === "sentence" && !avoided(u.text));
  const fallback = first
    ? writeBullet(first.text, "concise", first.kind === "item" ? "item" : "sentence")
    : undefined;
  // A cut that loses what the line says is no subtitle: the cover shows the title alone.
  if (!first || !fallback || fallback.quality < SUBTITLE_QUALITY || fallback.text === title) return { title };
  return { title, subtitle: withoutAddress(fallback.text), subtitleFrom: first.text };
}

/** A subtitle says who or what; a web address in brackets after a name ("(http://nccam.nih.gov)") is for a link. */
function withoutAddress(text: string): string {
  return plainText(text)
    .replace(/\s*\((?:https?:\/\/|www\.)[^()\s]+\)/g, "")
    .trim();
}
