/**
 * Headline figures of a text in a language other than English, each with what it counts: the noun
 * after the number ("351,348 ערכים", "3.576 aktive Autoren"), the noun a figure in brackets gives
 * the size of ("במספר העריכות (כ-37.55 מיליון)"), or, in Chinese and Japanese, the noun before a
 * number with its counter ("入園者50万人"). English figures are read with a tagger instead
 * (plan-structure's readUnitMetrics). Dates, years, ordinals and list numbers measure nothing.
 */
import { foreignNounPhrases, hasNounPhraseTagger } from "./foreign-noun-phrases";
import { STOPWORDS_BY_LANGUAGE } from "./stopwords";
import { countWords } from "./tokenize";

export type TCountedFigure = { value: string; label: string };

const LABEL_WORDS = 3;
/** Scale words written after a number: "37.55 מיליון", "2,5 Millionen", "12 millones". */
const SCALE =
  "million(?:s|en)?|millones|millón|mio\\.?|milliard(?:s|en)?|mrd\\.?|billion(?:s|en)?|mil|tausend|mille|thousand|מיליון|מיליארד|אלף|مليون|مليار|ألف|آلاف";
const NUMBER = new RegExp(
  String.raw`(?<![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Hebrew}\p{Script=Arabic}\p{N}.,])(\d{1,3}(?:[,.\u00a0\u202f ]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)(\s?%|\s(?:${SCALE})(?![\p{L}]))?`,
  "giu",
);
/** "ca. 345", "כ-345", "约48", "約20", "environ 12", "rund 300": an approximation before the figure. */
const APPROXIMATE =
  /(?:\b(?:ca\.|circa|rund|etwa|environ|unos|unas|cerca de|aproximadamente)\s*|(?:^|[\s(])כ[-־]|[约約])$/iu;
/** "ה־37", "Nr. 5", "Art. 3", "No. 12", "n.º 4": the number names a place in an order. */
const ORDINAL_BEFORE = /(?:(?:^|\s)ה[-־]|\b(?:nr|no|art|abs|kap|n\.º|núm|ziff)\.?\s*|#)$/iu;
/** A counter glued to a Chinese or Japanese number, its scale first ("50万人", "約20本", "48种"). */
const CJK_COUNTED =
  /^([万億亿千百]?(?:人|本|件|個|个|种|種|台|社|校|館|名|冊|点|回|倍|円|元|ドル|カ国|か国|ヶ国|国))/u;
/** Counters that order (a century, a generation, an anniversary) or date, not count. */
const CJK_ORDER = /^(?:世紀|世纪|代|周年|週年|番|位|次|号|年|月|日|時|分|期|条|章|部)/u;
const CJK_NOUN_BEFORE = /([\p{Script=Han}\p{Script=Katakana}ー]{2,8})$/u;
const CJK_NOUN_AFTER = /^([\p{Script=Han}\p{Script=Katakana}ー]{2,8})/u;

/**
 * "auf 100 Einwohner kommen 1641 Urlauber", "5 Gästen pro Einwohner", "por cada 100", "לכל 100":
 * a ratio, whose figures mean nothing apart; the sentence says it.
 */
const RATIO = /(?:^|\s)(?:[Aa]uf|[Pp]ro|[Pp]er|[Jj]e|[Pp]or cada|[Pp]ar|[Pp]our|לכל|لكل)\s+(?:\d|\p{Lu})/u;

const CURRENCY_WORD =
  /^(?:d['’])?(?:euros?|dollars?|dólar(?:es)?|dollaro|pesos?|francs?|franken|livres?|pounds?|libras?|sterling|yen|yuan|rupees?|rupien|kronen?|kronor|złoty|rubel|rubles?|roubles?|shekels?|שקל(?:ים)?|ש["״]ח|دولار|يورو|ريال|درهم|جنيه|دينار)$/iu;

const monthCache = new Map<string, string[]>();
const unitCache = new Map<string, Set<string>>();
const UNITS = [
  "second",
  "minute",
  "hour",
  "day",
  "week",
  "month",
  "year",
  "meter",
  "kilometer",
  "kilogram",
  "liter",
  "percent",
];

/** Names of units of time and measure in a language ("días", "Minuten", "שנים"): a duration or size, not a count of things. */
function unitNames(language: string): Set<string> {
  const cached = unitCache.get(language);
  if (cached) return cached;
  const names = new Set<string>();
  for (const unit of UNITS)
    for (const n of [1, 2, 5, 21])
      try {
        for (const part of new Intl.NumberFormat(language, {
          style: "unit",
          unit,
          unitDisplay: "long",
        }).formatToParts(n))
          if (part.type === "unit") for (const w of part.value.toLowerCase().split(/\s+/)) names.add(w);
      } catch {
        // An unknown language code: no names.
      }
  unitCache.set(language, names);
  return names;
}

/** The month names of a language, long and short, lower-cased ("märz", "מרץ", "يناير"). */
function monthNames(language: string): string[] {
  const cached = monthCache.get(language);
  if (cached) return cached;
  const names = new Set<string>();
  for (const month of ["long", "short"] as const) {
    try {
      const format = new Intl.DateTimeFormat(language, { month, timeZone: "UTC" });
      for (let m = 0; m < 12; m++)
        names.add(
          format
            .format(new Date(Date.UTC(2020, m, 15)))
            .toLowerCase()
            .replace(/\.$/, ""),
        );
    } catch {
      // An unknown language code: no names.
    }
  }
  const out = [...names].filter((n) => /\p{L}/u.test(n));
  monthCache.set(language, out);
  return out;
}

/** "18 במרץ", "15 يناير", "18. März", "18 de marzo": the number is a day of a month. */
function isDayOfMonth(after: string, language: string): boolean {
  const words = after
    .replace(/^\.?\s+/, "")
    .toLowerCase()
    .split(/[\s,;:]+/)
    .slice(0, 2);
  const months = monthNames(language);
  // (Hebrew and Arabic glue a preposition to the month: "במרץ", "بيناير".)
  return words.some((w) => months.some((m) => w === m || (w.length === m.length + 1 && w.endsWith(m))));
}

/** Every headline figure of a sentence that has a label, in order. */
export function readCountedFigures(text: string, language: string): TCountedFigure[] {
  const out: TCountedFigure[] = [];
  const stop = STOPWORDS_BY_LANGUAGE[language] ?? new Set<string>();
  if (RATIO.test(text)) return out;
  for (const m of text.matchAll(NUMBER)) {
    const at = m.index ?? 0;
    const digits = m[1];
    const before = text.slice(0, at);
    const after = text.slice(at + m[0].length);
    const bare = !m[2];
    const number = Number(digits.replace(/[^\d]/g, ""));
    // Years, a date's day, list numbers, ordinals ("18.", "ה־37") and small bare counts.
    if (bare && /^(?:1\d{3}|20\d{2})$/.test(digits)) continue;
    // ("20 à 30 minutes", "20 bis 30": the end of a range is no figure of its own.)
    if (/\d\s*(?:[-–]|à|a|bis|to|al|до|עד|إلى)\s*$/u.test(before)) continue;
    if (/^\.(?:\s|$)/.test(after) || /^\s*[-–/]\s*\d/.test(after) || ORDINAL_BEFORE.test(before)) continue;
    if (isDayOfMonth(after, language)) continue;
    const approx =
      APPROXIMATE.exec(before)?.[0]
        .replace(/^[\s(]+/, "")
        .trim() ?? "";
    const cjk =
      /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]$/u.test(before) ||
      /^[\p{Script=Han}]/u.test(after);
    if (cjk || language === "ja" || language === "zh") {
      const counter = CJK_COUNTED.exec(after)?.[1];
      if (!counter || CJK_ORDER.test(after)) continue;
      const head = before.slice(0, before.length - approx.length);
      // Japanese names the thing before its count ("入園者50万人"), Chinese after it ("48种语言").
      const nounBefore = CJK_NOUN_BEFORE.exec(head)?.[1];
      const nounAfter = firstWord(CJK_NOUN_AFTER.exec(after.slice(counter.length))?.[1], language);
      const label = language === "zh" ? (nounAfter ?? nounBefore) : (nounBefore ?? nounAfter);
      if (label) out.push({ value: `${approx}${digits}${counter}`, label });
      continue;
    }
    if (bare && number < 10) continue;

    // ("environ 3 200" → "Environ 3 200": the card states the figure as the text does.)
    const approxWord = approx ? `${approx[0].toUpperCase()}${approx.slice(1)}` : "";
    const value =
      `${approx ? `${approxWord}${/[-־]$/.test(approx) ? "" : " "}` : ""}${digits}${m[2] ?? ""}`.trim();
    // "במספר העריכות (כ-37.55 מיליון)": a figure alone in brackets sizes the noun before them.
    if (/\(\s*(?:\S+[-־\s])?$/u.test(before) && /^\s*\)/.test(after)) {
      const words = before.slice(0, before.lastIndexOf("(")).trim().split(/\s+/).slice(-2);
      const from = words.findLastIndex((w) => /[\p{N},;:.]/u.test(w));
      const label = words.slice(from + 1).join(" ");
      if (label && !stop.has(label.split(" ")[0].toLowerCase())) out.push({ value, label });
      continue;
    }
    // The noun the number counts, right after it.
    const label = countedNoun(after, language, stop);
    if (label) out.push({ value, label });
  }
  return out;
}

/** The first word of a run of Chinese characters, as the segmenter reads it ("语言制作数码" → "语言"). */
function firstWord(run: string | undefined, language: string): string | undefined {
  if (!run) return undefined;
  const first = new Intl.Segmenter(language, { granularity: "word" })
    .segment(run)
    [Symbol.iterator]()
    .next().value;
  const word = first?.segment ?? "";
  return [...word].length >= 2 ? word : undefined;
}

/** The noun phrase that opens `after` (at most three words), or undefined. */
function countedNoun(after: string, language: string, stop: ReadonlySet<string>): string | undefined {
  const run = after.replace(/^\s+/, "").split(/[,;:.!?()[\]"“”«»–—]|\s[-–]\s/u)[0];
  const words: string[] = [];
  for (const word of run.split(/\s+/)) {
    if (!word || /\p{N}/u.test(word) || stop.has(word.toLowerCase()) || words.length === LABEL_WORDS) break;
    words.push(word);
  }
  if (!words.length || !/^\p{L}/u.test(words[0]) || unitNames(language).has(words[0].toLowerCase()))
    return undefined;
  // "1,95 euro", "2,8 millions d'euros", "500 ש״ח": an amount of money, not a count of things.
  if (CURRENCY_WORD.test(words[0])) return undefined;
  const text = words.join(" ");
  if (!hasNounPhraseTagger(language)) return text;
  // German, French, Spanish: the noun phrase the tagger reads at the start.
  const phrase = foreignNounPhrases(text, language)[0]?.text;
  return phrase && text.startsWith(phrase) && countWords(phrase) <= LABEL_WORDS ? phrase : undefined;
}
