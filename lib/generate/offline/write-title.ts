/**
 * Slide titles: the source heading when there is one, otherwise a title-cased key phrase of the
 * slide's own text (distinctive against the rest of the document). Never "Slide 3".
 */
import nlp from "compromise";
import { readEvent } from "../content-shape";
import type { TPhrases } from "../phrases";
import type { TTone } from "../types";
import { compressSentence } from "./compress-sentence";
import { extractKeyPhrases, type TKeyPhrase } from "./extract-key-phrases";
import { hasNounPhraseTagger, keepNounPhrases } from "./foreign-noun-phrases";
import { nounPhraseTitles } from "./noun-phrase-titles";
import { hasDatedList } from "./plan-structure";
import type { TPlan } from "./plan-types";
import { isMeta } from "./rank-units";
import { trimLeadIns } from "./simplify-sentence";
import type { TUnit } from "./source-types";
import { cjkClauses, dropAsides, endsOpenCjk } from "./split-clauses";
import { capitalise, titleCase } from "./title-case";
import {
  CURRENCY,
  countWords,
  isCjkFunctionWord,
  PICTOGRAPHS_AROUND,
  plainText,
  readsAsEnglish,
  stem,
  wordEnds,
  words,
} from "./tokenize";

export type TTitleContext = {
  /** Source language code, for casing. */
  language: string;
  phrases: TPhrases;
  tone: TTone;
  docTitle?: string;
  /** Whether the source has section headings (an untitled first section is then an intro). */
  hasHeadings: boolean;
  /** Units in the whole source: a slide holding all of them is a one-slide summary. */
  totalUnits: number;
  /** Normalised titles already given, to keep titles distinct. */
  used: Set<string>;
  /** Texts of the other slides: background for distinctive key phrases. */
  background: string[];
  /** Stems of the deck title (see reserveTitle). */
  deckStems: Set<string>;
};

const MAX_TITLE_WORDS = 7;
/** A heading that is only a year, a date or a number ("1998", "SEPTEMBER 24", "18世紀"). */
const DATE_ONLY =
  /^(?:\p{N}+(?:[./-]\p{N}+)*\s*(?:年|月|日|世紀|世纪)?|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\p{L}*\.?\s+\p{N}{1,4}(?:,?\s+\p{N}{4})?|\p{N}{1,2}\.?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\p{L}*(?:\s+\p{N}{4})?)$/iu;

/** Writes a distinct title for a planned slide and records it as used. */
export function writeTitle(plan: TPlan, ctx: TTitleContext, shown?: readonly TUnit[]): string {
  const candidates = titleCandidates(plan, ctx, shown);
  // A title that is one of the slide's bullets word for word says it twice.
  const bullets = new Set((shown ?? []).map((u) => plainText(u.text).trim().toLowerCase()));
  for (const c of candidates) {
    const title = tidyTitle(c);
    if (title && !ctx.used.has(norm(title)) && !bullets.has(plainText(title).toLowerCase())) {
      ctx.used.add(norm(title));
      return title;
    }
  }
  // Every candidate is taken: continue the first one, numbering if even that repeats.
  // ("Cómo llenar el pedido (cont.)" taken too: the next is numbered, not "(cont.) (cont.)".)
  const cont = ctx.phrases.cont;
  const base = tidyTitle(candidates[0] ?? ctx.phrases.keyPoints).replace(` ${cont}`, "");
  let title = `${base} ${cont}`;
  for (let i = 2; ctx.used.has(norm(title)); i++) title = `${base} (${i})`;
  ctx.used.add(norm(title));
  return title;
}

/**
 * Marks the deck title as taken, so no content slide repeats it, nor is titled by a phrase made
 * only of its words ("Library" in a deck called "Riverton Public Library").
 */
export function reserveTitle(ctx: TTitleContext, title: string): void {
  ctx.used.add(norm(title));
  for (const w of words(title)) ctx.deckStems.add(stem(w));
}

/** Records a title another step wrote (a timeline, the steps) so no slide repeats it. */
export function claimTitle(ctx: TTitleContext, title: string): void {
  ctx.used.add(norm(title));
}

/** Frees a title a slide gave up, so another slide may take it. */
export function releaseTitle(ctx: TTitleContext, title: string): void {
  ctx.used.delete(norm(title));
}

/** True when a title (or one with the same word stems) is already taken. */
export function isTitleUsed(ctx: TTitleContext, title: string): boolean {
  return ctx.used.has(norm(title));
}

function titleCandidates(plan: TPlan, ctx: TTitleContext, shown?: readonly TUnit[]): string[] {
  const p = ctx.phrases;
  // Phrases of what the slide shows, when the bullets are chosen first.
  const phraseTitles = () => keyPhraseTitles(shown?.length ? { ...plan, units: [...shown] } : plan, ctx);
  switch (plan.angle) {
    case "numbers": {
      // A metrics slide of the text's structure may hold that title already. A slide that shows
      // one figure in a sentence is about that sentence's subject, not "by the numbers".
      const figures = (shown?.length ? shown : plan.units).filter((u) =>
        FIGURE.test(plainText(u.text)),
      ).length;
      return figures >= 2 ? [p.byTheNumbers, ...phraseTitles()] : [...phraseTitles(), p.byTheNumbers];
    }
    case "keyTerms":
      return [ctx.language === "en" ? titleCase(p.keyTerms, "en") : p.keyTerms];
    case "summary":
      return [summaryTitle(ctx), p.summary, p.takeaways];
    case "nextSteps":
      return [p.nextSteps, p.keyPoints];
    case "phrase":
      // Its bullets are about the phrase, so the title may not wander to another topic.
      return [...(plan.phrase ? [titleCase(plan.phrase, ctx.language)] : []), p.keyPoints, p.details];
    default:
      break;
  }
  const headings = plan.headings.map((h) => shortHeading(h, ctx.language));
  // One slide for the whole text: its title is the text's, unless the title slide has it.
  if (!plan.angle && plan.units.length >= ctx.totalUnits && ctx.totalUnits > 1) {
    return [...(ctx.docTitle ? [ctx.docTitle] : []), p.keyPoints, p.overview];
  }
  // The untitled opening of a document with headings is its introduction (its first sentence
  // may be on the cover as the subtitle: the opening is every point before the first heading).
  const overview = [p.overview];
  if (
    headings.length === 0 &&
    ctx.hasHeadings &&
    plan.units.length > 0 &&
    plan.units.every((u) => !u.heading)
  )
    return [...overview, ...phraseTitles()];
  if (headings.length === 0) {
    const lead = leadTitle(plan, ctx.language) ?? cjkLeadClause(plan, ctx.language);
    // The opening of an untitled text introduces it: "Overview" says so better than a phrase.
    const opening = plan.units[0]?.id === 0 ? overview : [];
    return [...(lead ? [lead] : []), ...opening, ...phraseTitles(), ctx.docTitle ?? p.overview, p.keyPoints];
  }
  if (headings.length === 1) {
    // A heading that is only a date ("1998", "September 24") names when, not what: the slide's
    // subject goes with it.
    if (DATE_ONLY.test(headings[0])) {
      const what = phraseTitles().find((t) => !/\p{N}/u.test(t));
      return [...(what ? [`${headings[0]}: ${what}`] : []), headings[0]];
    }
    if (plan.part === 1) return [headings[0], ...phraseTitles()];
    // A chronology gone on to a second slide: its heading with the years that slide spans
    // ("沿革 1994–2017"), not a phrase of one of its events.
    const span = hasDatedList(plan.units) ? yearSpan(plan.units) : undefined;
    if (span) return [`${headings[0]} ${span}`];
    // A later part of a split section is titled after what it says; "(cont.)" only when nothing names it.
    return [...phraseTitles(), `${headings[0]} ${p.cont}`];
  }
  const out: string[] = [];
  // "1998", "1999" and "2003" merged: the span, with what the slide is about.
  if (headings.every((h) => DATE_ONLY.test(h))) {
    const span = `${headings[0]}–${headings.at(-1)}`;
    const what = phraseTitles().find((t) => !/\p{N}/u.test(t));
    out.push(...(what ? [`${span}: ${what}`] : []), span);
  }
  if (plan.parent) out.push(shortHeading(plan.parent, ctx.language));
  if (headings.length === 2 && countWords(headings.join(" ")) <= 8)
    out.push(`${headings[0]} & ${headings[1]}`);
  const dominant = dominantHeading(shown?.length ? shown : plan.units);
  if (dominant) out.push(shortHeading(dominant, ctx.language));
  out.push(headings[0], ...phraseTitles());
  return out;
}

/** "1994–2017": the first and last years of a slide's dated entries, when they differ. */
function yearSpan(units: readonly TUnit[]): string | undefined {
  const years = units.flatMap((u) => {
    const date = readEvent(plainText(u.text))?.date;
    const year = date ? /\d{3,4}/.exec(date)?.[0] : undefined;
    return year ? [year] : [];
  });
  return years.length >= 2 && years[0] !== years.at(-1) ? `${years[0]}–${years.at(-1)}` : undefined;
}

/** The heading most of the slide's best units come from (score breaks ties). */
function dominantHeading(units: readonly TUnit[]): string | undefined {
  const top = units
    .slice()
    .sort((a, b) => b.score - a.score || a.id - b.id)
    .slice(0, 5);
  const tally = new Map<string, { count: number; weight: number }>();
  for (const u of top) {
    if (!u.heading) continue;
    const t = tally.get(u.heading) ?? { count: 0, weight: 0 };
    tally.set(u.heading, { count: t.count + 1, weight: t.weight + u.score });
  }
  let best: string | undefined;
  let bestTally = { count: 0, weight: 0 };
  for (const [h, t] of tally) {
    if (t.count > bestTally.count || (t.count === bestTally.count && t.weight > bestTally.weight)) {
      [best, bestTally] = [h, t];
    }
  }
  return best;
}

function summaryTitle(ctx: TTitleContext): string {
  const p = ctx.phrases;
  if (ctx.tone === "casual") return p.casualSummary;
  if (ctx.tone === "educational") return p.educationalSummary;
  if (ctx.tone === "funny") return p.summary === "Summary" ? "TL;DR" : p.casualSummary;
  if (ctx.tone === "sales_pitch") return p.takeaways;
  return p.summary;
}

/**
 * A short opening sentence usually states the topic ("Not every experiment worked."): it makes
 * a better title than any phrase pulled out of the paragraph. In Chinese and Japanese, one short
 * clause ("隋唐盛世是中国历史上又一个辉煌时期"), when the slide has more to say than it.
 */
export function leadTitle(plan: TPlan, language: string): string | undefined {
  const first = plan.units[0];
  if (first?.kind !== "sentence") return undefined;
  const text = trimLeadIns(plainText(first.text)).replace(/[.!?…。！？]+$/, "");
  // "Here's what you will need:" above its list names the list: "What You Will Need".
  const list =
    plan.units[1]?.kind === "item" && first.group !== plan.units[1].group ? listName(text) : undefined;
  if (list) return titleCase(list, language);
  if (first.posInGroup !== 0) return undefined;
  if (CJK_LANGUAGES.has(language)) {
    const clause = dropAsides(text);
    const one = plan.units.length > 1 && cjkClauses(clause).length === 1 && [...clause].length <= 24;
    return one && !endsOpenCjk(clause) ? clause : undefined;
  }
  const n = countWords(text);
  if (n < 2 || n > MAX_TITLE_WORDS || /[,;:]/.test(text)) return undefined;
  // A sentence that is a paragraph alone states no topic for the paragraphs after it.
  if (plan.units[1]?.group !== first.group) return undefined;
  return titleCase(text, language);
}

/** What a sentence that introduces a list says the list is, in English, or undefined. */
function listName(intro: string): string | undefined {
  // ("Remember these key facts about alcohol-based hand sanitizers." → "Key facts about…")
  const m =
    /^(?:here['’]s|here is|here are|these are|below (?:is|are))\s+(.+):$/i.exec(intro) ??
    /^(?:remember|note|consider|keep in mind)\s+(?:these|the following)\s+(.+?):?$/i.exec(intro);
  const name = m?.[1].trim();
  return name && countWords(name) >= 2 && countWords(name) <= 6 && !/[,;:]/.test(name) ? name : undefined;
}

function isNounish(k: TKeyPhrase): boolean {
  const terms = nlp(k.text).terms();
  if (k.stems.length === 1) return !terms.has("(#Verb|#Adjective|#Adverb|#Pronoun|#Expression)");
  // (A subject and its verb, "Experience Fits"; "Secondary Analyses" is read as a verb too, after an adjective.)
  if (terms.first().has("(#Verb|#Pronoun)")) return false;
  return !(terms.last().has("#Verb") && terms.first().has("#Noun"));
}

/**
 * The units' texts, one sentence each: a shown bullet has no full stop, and without one a
 * phrase runs on into the next ("…about the role⏎You’ll be able…" → "Role You’ll").
 */
function asSentences(units: readonly TUnit[]): string {
  return units
    .map((u) => plainText(u.text).trim())
    .map((t) => (/[.!?…。！？:;]$/u.test(t) || !t ? t : `${t}.`))
    .join("\n");
}

function keyPhrases(plan: TPlan, ctx: TTitleContext): TKeyPhrase[] {
  const text = asSentences(plan.units);
  return extractKeyPhrases(text, { background: ctx.background, lead: plan.units[0]?.text, limit: 8 }).filter(
    (k) => !k.stems.every((s) => ctx.deckStems.has(s)),
  );
}

/**
 * CJK: the opening clause names the topic ("美国之音由独立机构管理"); a long one gives its subject
 * ("江戸時代の年代" before "は"). Asides in brackets go first. A clause that ends on a particle
 * ("以下は") or would be cut inside brackets or a list is no title, nor one that is all a
 * one-point slide says.
 */
function cjkLeadClause(plan: TPlan, language: string): string | undefined {
  if (!CJK_LANGUAGES.has(language)) return undefined;
  const text = dropAsides(plainText(plan.units[0]?.text ?? ""));
  const clause = (cjkClauses(text)[0] ?? "").replace(/[\s，、；：。！？,;:.!?]+$/u, "").trim();
  // The whole of a slide's only point, as its title, would be said twice.
  const repeats = plan.units.length === 1 && clause === text.replace(/[\s。！？.!?]+$/u, "");
  if ([...clause].length <= 24 && !endsOpenCjk(clause) && !repeats) return clause;
  return cjkSubject(clause);
}

/**
 * The words before the first copula or preposition (Chinese "是", "以", "由"…) or topic or
 * subject particle (Japanese "は", "が"), when they are two words or more: one word alone ("以下",
 * "秦朝") is cut out of its sentence rather than naming it.
 */
function cjkSubject(clause: string): string | undefined {
  const parts = words(clause);
  const end = parts.findIndex((w) => SUBJECT_ENDS.has(w));
  // "根据美国时任总统…" opens with a preposition: what follows is no subject.
  if (end < 2 || isCjkFunctionWord(parts[0])) return undefined;
  const subject = clause.slice(0, wordEnds(clause)[end - 1]).trim();
  return [...subject].length <= 16 && !endsOpenCjk(subject) ? subject : undefined;
}

/** Languages written without spaces between words. */
export const CJK_LANGUAGES: ReadonlySet<string> = new Set(["zh", "ja", "ko"]);
const SUBJECT_ENDS = new Set("は が 是 为 由 以 于 在 将 被 把 从 对 自".split(" "));

/**
 * Key phrases of the slide's own text, best first, as titles. In English they are noun phrases
 * (a title names the slide's subject); elsewhere, runs of content words between stopwords.
 */
function keyPhraseTitles(plan: TPlan, ctx: TTitleContext): string[] {
  return phraseTitleCandidates(plan, ctx).filter((t) => !saysOnlyWhen(t));
}

const AMOUNT_IN_TITLE = new RegExp(
  String.raw`${CURRENCY}\s?\d|\d\s?%|\d\s?(?:million|billion|trillion|thousand|percent)\b`,
  "i",
);

/** A figure a numbers slide shows: an amount, a share or a count of several digits. */
const FIGURE = /[$€£¥₹]\s?\d|\d\s?%|\b\d{1,3}(?:,\d{3})+\b|\b\d+(?:\.\d+)?\s(?:million|billion|thousand)\b/i;

/** A weekday alone ("Tuesday") says when, like a date: no slide's subject. */
const WEEKDAY_ONLY = /^(?:mon|tues|wednes|thurs|fri|satur|sun)day$/i;
/** "Este martes", "ce mardi", "am Dienstag", "esta semana", "l'année dernière": when, in another language. */
const FOREIGN_WHEN =
  /^(?:(?:este|esta|el|la|ce|cette|le|l['’]|am|diesen|dieser|diese|questo|questa|il|neste|nesta|o|a)\s*)?(?:lunes|martes|miércoles|jueves|viernes|sábado|domingo|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica|segunda-feira|terça-feira|quarta-feira|quinta-feira|sexta-feira|semana|año|mes|semaine|année|mois|woche|jahr|monat|settimana|anno|mese|ano)(?:\s+(?:pasado|pasada|próximo|próxima|dernier|dernière|prochain|prochaine|vergangenen|nächsten|scorso|scorsa|prossimo|prossima|passado|passada))?$/iu;
/** …or a month alone ("SEPTEMBER" above "24, 2019" in an agenda's heading). */
const MONTH_ONLY =
  /^(?:january|february|march|april|may|june|july|august|september|october|november|december)$/i;

/** "Same Quarter Last Year", "the prior year", "Fiscal Year": a reporting period, when rather than what. */
const PERIOD_ONLY =
  /^(?:the\s+)?(?:(?:same|prior|previous|last|next|current|fiscal|first|second|third|fourth|full)\s+)+(?:quarter|year|month|week|period|half)(?:\s+(?:last|this|next)\s+(?:year|quarter))?$/i;

/** A phrase that is only a date, a weekday or a month ("October 2028", "Tuesday"): when, not a topic. */
export function saysOnlyWhen(text: string): boolean {
  return (
    DATE_ONLY.test(text) ||
    WEEKDAY_ONLY.test(text) ||
    FOREIGN_WHEN.test(text.trim()) ||
    MONTH_ONLY.test(text.trim()) ||
    PERIOD_ONLY.test(text.trim()) ||
    PERIOD_END.test(text.trim())
  );
}

/** "Ended June", "quarter ended September 30": the end of a reporting period. */
const PERIOD_END =
  /^(?:(?:the\s+)?(?:quarter|year|period|months?|weeks?)\s+)?(?:ended|ending)\s+(?:january|february|march|april|may|june|july|august|september|october|november|december)\b/i;

function phraseTitleCandidates(plan: TPlan, ctx: TTitleContext): string[] {
  const english = readsAsEnglish(ctx.language);
  if (english || hasNounPhraseTagger(ctx.language)) {
    // A sentence about the document ("The following table reconciles…") names no subject.
    const own = plan.units.filter((u) => !isMeta(u.text));
    const text = asSentences(own.length ? own : plan.units);
    // ("Revenue of US$6.58 Billion": a figure is what a slide shows, not what it is about.)
    const nouns = nounPhraseTitles(text, ctx.background, ctx.deckStems, english ? "en" : ctx.language).filter(
      (t) => !DATE_ONLY.test(t) && !AMOUNT_IN_TITLE.test(t),
    );
    if (nouns.length) return nouns;
  }
  // One word cut out of a sentence ("Comprender", "Disposer") is no title; a name or a longer
  // phrase is, and a single word only when nothing else is found.
  // In English one word alone is a name or a noun: "Asking" (of "are they asking for?") is neither.
  // Longer, it opens on no verb: "Experience Fits", "Use Energy" are clauses.
  // (In German, French and Spanish, only runs the tagger reads as noun phrases: not "Crucial
  // prestar atención".)
  const phrases = keyPhrases(plan, ctx);
  const all = english
    ? phrases.filter(isNounish)
    : keepNounPhrases(phrases, asSentences(plan.units), ctx.language);
  const longer = all.filter((k) => k.stems.length > 1 || /^\p{Lu}/u.test(k.text));
  const found = longer.length ? longer : all;
  const titles: string[] = [];
  const [first, second] = found;
  // Two strong, unrelated phrases make a fuller title: "Funding Model & Room Rental Fees".
  const pair =
    first &&
    second &&
    first.stems.length > 1 &&
    second.stems.length > 1 &&
    first.count > 1 &&
    second.count > 1;
  if (pair && second.score >= 0.75 * first.score && first.stems.length + second.stems.length <= 4) {
    titles.push(`${titleCase(first.text, ctx.language)} & ${titleCase(second.text, ctx.language)}`);
  }
  for (const k of found) titles.push(titleCase(k.text, ctx.language));
  return titles;
}

/** Keeps headings as written, trimming only very long ones (at a colon, else by compression). */
function shortHeading(heading: string, language: string): string {
  const h = plainText(heading).trim();
  if (countWords(h) <= 10) return h;
  const before = h.split(/:\s|\s[—–-]\s/)[0];
  if (countWords(before) >= 2 && countWords(before) <= 10) return before;
  const short = compressSentence(h, { maxWords: MAX_TITLE_WORDS + 1, keepPeriod: false }).text;
  return language === "en" ? short : capitalise(short);
}

function tidyTitle(title: string): string {
  return plainText(title)
    .replace(PICTOGRAPHS_AROUND, "")
    .replace(/\s+/g, " ")
    .replace(/[\s,;:.–—-]+$/, "")
    .trim();
}

function norm(title: string): string {
  return words(title)
    .map((w) => stem(w))
    .join(" ");
}
