/**
 * Deck-quality figures of one generated deck against its source text, for the floors of the
 * "deck quality" issue: deck title, fragment titles, repeats, cut bullets, metric labels,
 * continuation pages, structure, layout variety, thin slides, body coverage, visual share,
 * overflow, language of the fixed words and invented figures. Pure functions: bench/deck-quality.ts
 * generates and lays out the decks; tests/unit/deck-quality-metrics.test.ts holds the definitions
 * to their examples. Word-class tests (prepositions, -ed forms…) are English only.
 */
import nlp from "compromise";
import fm from "front-matter";
import type { TDeck, TLayoutId, TSlide, TSlideContent } from "@/lib/deck/schema";
import { escapeRegExp } from "@/lib/generate/offline/tokenize";
import { getPhrases, PHRASE_LANGUAGES, resolveLanguage } from "@/lib/generate/phrases";
import {
  SLIDE_HEIGHT,
  SLIDE_WIDTH,
  type TBox,
  type TParagraph,
  type TRenderedSlide,
} from "@/lib/layouts/boxes";
import { stripInline } from "@/lib/layouts/parse-inline";
import { textHeight } from "@/lib/layouts/text-height";
import { lastLineCut } from "../generator-metrics";

/** Layouts that frame the deck rather than carry content: cover, divider, agenda, closing. */
export const FRAME_LAYOUTS: ReadonlySet<TLayoutId> = new Set<TLayoutId>([
  "title",
  "section",
  "agenda",
  "closing",
]);
/** Layouts that draw cards (or a chart, table or picture): a slide on one is not text only. */
const CARD_LAYOUTS: ReadonlySet<TLayoutId> = new Set<TLayoutId>([
  "icons-grid",
  "metrics",
  "timeline",
  "comparison",
]);
const PICTURE_LAYOUTS: ReadonlySet<TLayoutId> = new Set<TLayoutId>(["image-left", "image-right"]);

export const FLOORS = { bodyCoverage: 0.55, visualShare: 0.4, overflow: 0 } as const;

// ── Text ─────────────────────────────────────────────────────────────────────────────────────

/** Scripts written without spaces between words: their lengths are counted in characters. */
const NO_SPACE =
  "\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Thai}\\p{Script=Lao}\\p{Script=Khmer}";
const NO_SPACE_CHAR = new RegExp(`[${NO_SPACE}]`, "u");
const NO_SPACE_RUNS = new RegExp(`[${NO_SPACE}]+|[^${NO_SPACE}]+`, "gu");

/** What a field shows: inline markdown stripped, compatibility forms folded, spaces collapsed. */
export function plain(text: string | undefined): string {
  return stripInline(text ?? "")
    .normalize("NFKC")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Lower-case tokens: words of spaced scripts, numbers with their separators ("2020-05-18"),
 * character bigrams of Chinese, Japanese and Thai (which have no spaces to split on).
 */
export function tokens(text: string): string[] {
  const out: string[] = [];
  for (const [word] of plain(text)
    .toLowerCase()
    .matchAll(/\d+(?:[-.,:/]\d+)*|[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}]+)*/gu)) {
    for (const [run] of word.matchAll(NO_SPACE_RUNS)) {
      if (!NO_SPACE_CHAR.test(run)) out.push(run);
      else if (run.length === 1) out.push(run);
      else for (let i = 0; i + 1 < run.length; i++) out.push(run.slice(i, i + 2));
    }
  }
  return out;
}

/** Words in a text; a run of Chinese or Japanese counts one word per two characters. */
export function countWords(text: string): number {
  let n = 0;
  for (const [word] of plain(text).matchAll(/[\p{L}\p{M}\p{N}]+(?:['’.-][\p{L}\p{M}\p{N}]+)*/gu)) {
    for (const [run] of word.matchAll(NO_SPACE_RUNS)) {
      n += NO_SPACE_CHAR.test(run) ? Math.ceil(run.length / 2) : 1;
    }
  }
  return n;
}

const ARTICLES = ["a", "an", "the"];
/**
 * Prepositions that cannot end a clause. Particles and adverbs that can ("log in", "see below",
 * "the year before") are left out.
 */
const PREPOSITIONS = [
  "about",
  "against",
  "among",
  "at",
  "between",
  "by",
  "despite",
  "during",
  "except",
  "for",
  "from",
  "into",
  "like",
  "of",
  "onto",
  "per",
  "than",
  "to",
  "toward",
  "towards",
  "under",
  "unlike",
  "upon",
  "via",
  "with",
  "within",
  "without",
];
const PARTICLES = [
  "in",
  "on",
  "up",
  "out",
  "off",
  "over",
  "down",
  "around",
  "through",
  "since",
  "until",
  "above",
  "across",
  "after",
  "along",
  "before",
  "behind",
  "below",
  "beneath",
  "beside",
  "beyond",
  "near",
];
const CONJUNCTIONS = [
  "and",
  "or",
  "but",
  "nor",
  "yet",
  "because",
  "although",
  "though",
  "while",
  "whereas",
  "if",
  "unless",
  "whether",
  "that",
  "which",
  "where",
  "when",
  "whenever",
  "as",
  "also",
  "so",
];
const AUXILIARIES = [
  "am",
  "is",
  "are",
  "was",
  "were",
  "be",
  "been",
  "being",
  "have",
  "has",
  "had",
  "do",
  "does",
  "did",
  "will",
  "would",
  "shall",
  "should",
  "can",
  "could",
  "may",
  "might",
  "must",
];
/** Subject pronouns, possessive and demonstrative determiners; object pronouns ("remove it") end clauses. */
const PRONOUNS = [
  "i",
  "he",
  "she",
  "we",
  "they",
  "my",
  "your",
  "his",
  "its",
  "our",
  "their",
  "this",
  "these",
  "those",
  "who",
  "whose",
  "whom",
];
/** Words an English clause cannot end on: "…while also", "…Strive for", "…If your". */
const DANGLING = new Set([...ARTICLES, ...PREPOSITIONS, ...CONJUNCTIONS, ...AUXILIARIES, ...PRONOUNS]);
const FINITE = new Set(AUXILIARIES.filter((w) => !["be", "been", "being"].includes(w)));
/** Verbs of change a figure's sentence turns on ("Revenue increased"): a clause, not a label. */
const CHANGE_VERBS = new Set([
  "increased",
  "decreased",
  "grew",
  "rose",
  "fell",
  "declined",
  "dropped",
  "climbed",
  "reached",
  "totaled",
  "totalled",
  "jumped",
  "surged",
  "gained",
  "doubled",
  "tripled",
  "announced",
]);
const STOPWORDS = new Set([
  ...DANGLING,
  ...PARTICLES,
  "it",
  "you",
  "me",
  "him",
  "her",
  "us",
  "them",
  "not",
  "no",
  "all",
  "any",
  "some",
  "more",
  "most",
  "such",
  "other",
  "only",
  "very",
  "just",
  "then",
  "there",
  "here",
  "what",
  "how",
  "why",
  "s",
]);
/** Words ending in -ed/-ing that are not verb forms. */
const NOT_VERB_FORMS = new Set([
  "red",
  "bed",
  "need",
  "seed",
  "feed",
  "speed",
  "hundred",
  "sacred",
  "kindred",
  "naked",
  "wicked",
  "king",
  "ring",
  "sing",
  "thing",
  "things",
  "nothing",
  "something",
  "anything",
  "everything",
  "spring",
  "string",
  "during",
  "morning",
  "evening",
  "ceiling",
  "wedding",
  "pudding",
  "building",
  "buildings",
  "earnings",
  "meeting",
  "meetings",
  "offering",
  "offerings",
  "funding",
  "housing",
  "training",
  "pricing",
  "shipping",
  "landing",
  "painting",
  "clothing",
  "lightning",
]);

/** A crude English stem: enough to match "grants" with "grant" and "planning" with "planned". */
export function stem(word: string): string {
  if (!/^[a-z]+$/.test(word) || word.length <= 4) return word;
  return word
    .replace(/ies$/, "y")
    .replace(/(?<=..)(?:ing|ed)$/, "")
    .replace(/(?<=[^s])s$/, "")
    .replace(/(?<=...)e$/, "");
}

/** Content-word stems of a text (English function words left out). */
export function contentStems(text: string): Set<string> {
  return new Set(
    tokens(text)
      .filter((t) => !STOPWORDS.has(t))
      .map(stem),
  );
}

export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (!a.size && !b.size) return 0;
  let shared = 0;
  for (const x of a) if (b.has(x)) shared++;
  return shared / (a.size + b.size - shared);
}

/** Share of `part` that is in `whole`. */
export function containment(part: ReadonlySet<string>, whole: ReadonlySet<string>): number {
  if (!part.size) return 0;
  let shared = 0;
  for (const x of part) if (whole.has(x)) shared++;
  return shared / part.size;
}

/** A title compared the way a reader would: case, markdown, outer punctuation and spacing ignored. */
export function normTitle(text: string): string {
  return plain(text.replace(/^\s*#{1,6}\s+/, ""))
    .toLowerCase()
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "")
    .replace(/\s+/g, " ");
}

/** English words of a text, lower case, in order. */
function englishWords(text: string): string[] {
  return (
    plain(text)
      .toLowerCase()
      .match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? []
  ).map((w) => w.replace(/’/g, "'"));
}

function isVerbForm(word: string): boolean {
  const w = word.toLowerCase();
  return w.length >= 5 && /(?:ed|ing)$/.test(w) && !NOT_VERB_FORMS.has(w);
}

// ── Source ───────────────────────────────────────────────────────────────────────────────────

function withoutComments(source: string): string {
  return withFrontMatterTitle(source.replace(/<!--[\s\S]*?-->/g, "").replace(/\r\n?/g, "\n"));
}

/**
 * A markdown page's YAML front matter is its settings: the page opens with its `title:` (as a
 * `#` heading) and the other settings are no text of it.
 */
function withFrontMatterTitle(source: string): string {
  if (!fm.test(source)) return source;
  try {
    const { attributes, body } = fm<Record<string, unknown>>(source);
    const title = typeof attributes?.title === "string" ? attributes.title.trim() : "";
    return title && !/^#\s/.test(body.trimStart()) ? `# ${title}\n\n${body}` : body;
  } catch {
    return source;
  }
}

const LIST_ITEM = /^\s*(?:[-*+•●▪‣◦]|\d{1,3}[.)]|[a-z][.)])\s+/;
const UNDERLINE = /^\s*([=\-~^*#+])\1{2,}\s*$/;

/**
 * The line a document opens with when it is a title: a `#` heading, a `Title:` field of a header
 * block (PEPs), or a first non-empty line that is short (≤ 15 words, ≤ 40 characters in scripts
 * without spaces) and not a sentence ending with a period. Null when the text opens with prose.
 */
const STATUS_STAMP =
  /^(?:approved|draft|final|revised|amended|confidential|unofficial|for immediate release|press release|news release|media release|embargoed)[\s!.:]*$/i;

export function openingTitle(source: string): string | null {
  const lines = withoutComments(source).split("\n");
  // "APPROVED", "DRAFT", "FOR IMMEDIATE RELEASE" stamped above the title is the document's status.
  const start = lines.findIndex((l) => l.trim() !== "" && !STATUS_STAMP.test(l.trim()));
  if (start < 0) return null;
  const first = lines[start].trim();
  if (/^[A-Z][\w-]*:\s+\S/.test(first)) {
    const end = lines.findIndex((l, i) => i > start && l.trim() === "");
    for (const line of lines.slice(start, end < 0 ? undefined : end)) {
      const field = /^Title:\s+(.+)$/i.exec(line.trim());
      if (field) return field[1].trim();
    }
  }
  if (/^#{1,6}\s+\S/.test(first)) return first.replace(/^#{1,6}\s+/, "").replace(/\s+#+$/, "");
  // "NAME: James P. Bagian": a form's field label before the title is not part of it.
  const text = plain(first).replace(/^(?:name|title|subject|re|topic)\s*:\s+(?=\S)/i, "");
  // "Introducción:" labels the paragraph under it: it names a part, not the document.
  if (/[^.]\.$/.test(text) || /:$/.test(text) || text === "") return null;
  const short = NO_SPACE_CHAR.test(text) ? [...text].length <= 40 : text.split(" ").length <= 15;
  if (!short) return null;
  // "TOWN OF PELHAM / BOARD OF SELECTMEN MEETING / MINUTES / November 26, 2002": a title set in
  // lines of capitals is all of them (and the date under them).
  const block = [text];
  for (const line of lines.slice(start + 1)) {
    const l = line.trim();
    if (!l) continue;
    if (!CAPITALS_LINE.test(l) || !CAPITALS_LINE.test(text) || l.split(/\s+/).length > 8) break;
    block.push(l);
  }
  return block.join(" ");
}

/** A short line in capitals, no field or sentence ("BOARD OF SELECTMEN MEETING"). */
const CAPITALS_LINE = /^(?=.*\p{Lu}{2})[^\p{Ll}:.,;]+$/u;

/**
 * The deck's title is the document's: the same words, or for a title set in lines of capitals the
 * same words in any order (the record's kind may go last) with the date under them after it.
 */
export function sameTitle(expected: string, got: string): boolean {
  if (normTitle(expected) === normTitle(got)) return true;
  if (!/\p{Lu}{2}/u.test(expected) || /\p{Ll}/u.test(expected)) return false;
  const words = (t: string) =>
    normTitle(t)
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .sort()
      .join(" ");
  const withoutDate = got.replace(/,\s+(?:\p{L}+\.?\s+\d{1,2},?\s+)?\d{4}\s*$/u, "");
  return words(expected) === words(withoutDate);
}

/**
 * Headings of the source: `#` headings, lines underlined with = - ~ (Markdown setext, reST), and
 * short lines standing alone (≤ 10 words or ≤ 30 characters without spaces, no closing
 * period, comma or colon) before a blank line or a list, and label lines of plain text (≤ 4
 * capitalised words after a finished sentence, or ending in a colon above a list), labels in
 * capitals before a colon, and a structured abstract's labels ("Objective: …" opening a
 * paragraph). Normalised with normTitle.
 */
export function sourceHeadings(source: string): Set<string> {
  const lines = withoutComments(source).split("\n");
  const out = new Set<string>();
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (!line || UNDERLINE.test(line)) return;
    const next = (lines[i + 1] ?? "").trim();
    const prev = (lines[i - 1] ?? "").trim();
    if (/^#{1,6}\s+\S/.test(line) || (UNDERLINE.test(next) && next.length >= Math.min(3, line.length))) {
      out.add(normTitle(line));
      return;
    }
    if (LIST_ITEM.test(raw)) return;
    // "PHYSICAL DESCRIPTION: Brown hair…", "ADJOURNMENT:": a record's part headed by a label in
    // capitals, on the line or above its text.
    const capitalsLabel = /^(\p{Lu}[\p{Lu}/&'’ -]{1,40}?)\s*:(?:\s|$)/u.exec(line);
    if (capitalsLabel && capitalsLabel[1].split(/\s+/).length <= 5) out.add(normTitle(capitalsLabel[1]));
    const text = plain(line);
    const short = NO_SPACE_CHAR.test(text) ? [...text].length <= 30 : text.split(" ").length <= 10;
    const alone =
      (prev === "" || UNDERLINE.test(prev)) && (next === "" || LIST_ITEM.test(lines[i + 1] ?? ""));
    // A plain-text label line ("Ingredients" between a paragraph and the lines it names): up to
    // four capitalised words, after a finished sentence, before more text.
    const label =
      text.split(" ").length <= 4 && /^\p{Lu}/u.test(text) && /(?:^|[.!?:])$/.test(prev) && next !== "";
    if (((short && alone) || label) && !/[.,;:、。，；：]$/.test(text)) out.add(normTitle(text));
    // "2. Preparación del Terreno:" alone above its paragraph, "Tips:" on a line of its own
    // between a finished sentence and its text: a heading typed with a colon.
    else if (
      (alone || label || LIST_ITEM.test(lines[i + 1] ?? "")) &&
      /^[^:]+:$/.test(text) &&
      text.split(" ").length <= 5
    )
      out.add(normTitle(text.replace(/^\d{1,2}[.)]\s+/, "").replace(/:$/, "")));
    // "Objective: To systematically compare…", "Results: Five RCTs…": a structured abstract's
    // part, its label opening the paragraph.
    const partLabel = /^(\p{Lu}\p{Ll}+(?: \p{Ll}+){0,2}):\s+\S/u.exec(text);
    if (partLabel && prev === "") out.add(normTitle(partLabel[1]));
  });
  out.delete("");
  return out;
}

/** Sentences and list items of the source, as plain text. */
export function sourceUnits(source: string): string[] {
  const units: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    const text = plain(paragraph.join(" "));
    paragraph = [];
    if (!text) return;
    units.push(
      ...text
        .split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}"“(])|(?<=[。！？])/u)
        .map((s) => s.trim())
        .filter(Boolean),
    );
  };
  for (const raw of withoutComments(source).split("\n")) {
    const line = raw.replace(/^\s*(?:#{1,6}\s+|>\s?)/, "");
    if (line.trim() === "" || UNDERLINE.test(line)) flush();
    else if (LIST_ITEM.test(line)) {
      flush();
      paragraph.push(line.replace(LIST_ITEM, ""));
      flush();
    } else paragraph.push(line);
  }
  flush();
  return units;
}

const MONTHS =
  "january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec|" +
  "enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|" +
  "januar|februar|märz|juni|juli|oktober|dezember|janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre";
const FULL_DATE = new RegExp(
  [
    `\\b(?:${MONTHS})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}\\b`,
    `\\b\\d{1,2}\\.?\\s+(?:de\\s+)?(?:${MONTHS})\\.?,?\\s+(?:de\\s+)?\\d{4}\\b`,
    "\\b\\d{4}-[01]\\d-[0-3]\\d\\b",
    "\\b\\d{1,2}/\\d{1,2}/\\d{2,4}\\b",
    "\\d{4}年\\d{1,2}月(?:\\d{1,2}日)?",
  ].join("|"),
  "giu",
);
const YEAR = /(?<![\d.,$€£:/#])(1\d{3}|20\d{2})(?![\d%]|[.,]\d|\s%)/g;

/** The dates a unit of text names: full dates as written, else its years. */
function datesIn(unit: string): string[] {
  const full = (unit.match(FULL_DATE) ?? []).map((d) => d.toLowerCase().replace(/\s+/g, " "));
  const rest = unit.replace(FULL_DATE, " ");
  return [...full, ...(rest.match(YEAR) ?? [])];
}

/**
 * "18 במרץ", "15 يناير", "18. März", "18 de marzo", "8 juillet": a day of a month named in a
 * language other than English (its names as the platform's Intl spells them) is a date.
 */
const FOREIGN_DAY = (() => {
  const names = new Set<string>();
  for (const language of ["de", "es", "fr", "it", "pt", "nl", "he", "ar"])
    for (let m = 0; m < 12; m++)
      names.add(
        new Intl.DateTimeFormat(language, { month: "long", timeZone: "UTC" })
          .format(new Date(Date.UTC(2020, m, 15)))
          .toLowerCase(),
      );
  const alternatives = [...names].map(escapeRegExp).join("|");
  // (Hebrew and Arabic glue a preposition to the month: "במרץ", "بيناير".)
  return new RegExp(`\\b\\d{1,2}\\.?\\s+(?:de\\s+)?[בלו]?(?:${alternatives})(?![\\p{L}])`, "giu");
})();

/**
 * Quantities a text states — money, a percentage, a number with a scale or unit, or a count of
 * something ("148 grants"): "$36.9", "14%", "267 million". Full dates, years, times, phone
 * numbers, versions ("3.12.1") and identifiers ("PEP 602") are no figures.
 */
export function sourceFigures(text: string): string[] {
  // ("①幕府の成立": a circled number numbers a part; NFKC would make it a plain "1".)
  const rest = plain(text.replace(/[\u2460-\u2473\u2776-\u2793]/gu, " "))
    .replace(FULL_DATE, " ")
    .replace(FOREIGN_DAY, " ");
  const out = new Set<string>();
  const pattern =
    /([$€£¥]\s?)?(?<![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}.,]|\d[:/\-–])(\d+(?:[.,]\d+)*)(?![\d]|[.,]\d|[:/\-–]\d)(\s?%|\s?(?:percent|per cent|billion|million|thousand|trillion|bn|km|kg|mph|miles?|feet|foot|inches|meters?|metres?|tons?|hours?|minutes?|days?|weeks?|months?|years?)\b)?/giu;
  for (const m of rest.matchAll(pattern)) {
    const [, currency, digits, unit] = m;
    const isYear = /^(1\d{3}|20\d{2})$/.test(digits) && !currency && !unit?.includes("%");
    if (isYear) continue;
    const at = m.index ?? 0;
    // "3.12.1", "v2" name a release; "PEP 602", "No. 12", "#4", "Section 3" name a thing.
    if (/^\d+\.\d+\.\d+/.test(digits) || /\.\d+$/.test(rest.slice(at + m[0].length, at + m[0].length + 3)))
      continue;
    if (
      /(?:\b(?:pep|rfc|no|nr|art|section|chapter|part|version|python|windows|iso|step|phase|page|pp?)\.?|#)\s*$/i.test(
        rest.slice(Math.max(0, at - 12), at),
      )
    )
      continue;
    // A count: an English plural ("148 grants", "30 new sites"), or a noun or counter word in a
    // script without that mark ("48种语言", "120 מיליון", "25 عاما").
    const next = rest.slice(at + m[0].length, at + m[0].length + 30);
    const plural = /^\s+(?:[\p{L}-]+\s+)?\p{Ll}{3,}s\b/u.test(next) && !/^\d+\.\d/.test(digits);
    // …but "58年", "3月", "9日" are dates of an era calendar, not counts, and "17世紀", "5代",
    // "30周年" a century, a generation and an anniversary: places in an order.
    const counter =
      /^\s?[\p{Script=Han}\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(
        next,
      ) &&
      !/^\s?(?:[年月日時分号]|世紀|世纪|代|周年|週年|番|位)/u.test(next) &&
      // "ה־37 בעולם": the Hebrew article before a number makes it an ordinal (the 37th).
      !/(?:^|[\s(])ה[-־]$/u.test(rest.slice(Math.max(0, at - 3), at));
    if (currency || unit || plural || counter) out.add(digits.replace(/,(?=\d{3}\b)/g, ""));
  }
  return [...out];
}

/** What the source's shape calls for: a timeline, figures, numbered steps, a comparison. */
export type TSourceShape = {
  /** Distinct sentences or list items naming a year or a full date. */
  datedUnits: number;
  /** Distinct first dates of those units. */
  distinctDates: number;
  figures: number;
  orderedSteps: boolean;
  comparison: boolean;
};

const STEP_WORD = /\b(?:step|paso|schritt|étape|etape|passo|stap|etap)\s*(\d{1,2})\b/giu;
/**
 * A title or heading that sets options against each other ("MySQL vs PostgreSQL", "Differences
 * between X and Y", "Pros and cons"). A sentence comparing two figures ("9,612 deaths, compared
 * to 664 in 2014") compares values, not options: figures and timelines show those.
 */
const COMPARING =
  /\bvs\.?(?:\s|$)|\bv\.s\.\s|\bversus\b|\bcompared\b|\bcomparison\b|\bdifferences? between\b|\bbetween .{2,40} and\b|\bpros and cons\b|^(?:pros|cons|advantages|disadvantages)\b|\bfrente a\b|\bcomparado con\b|\bcomparación\b|\bventajas\b|\bim vergleich\b|\bgegenüber\b|\bvorteile\b|\bcomparé\b|\bcomparaison\b/iu;

export function sourceShape(source: string): TSourceShape {
  // A dated event is a sentence or item and the date it opens with or names first ("collected in
  // 1998, 2000, 2001 and 2012" is one event); a sentence the text repeats is one event.
  // (A date on a line of its own, "November 26, 2002" under a record's title or "APPROVED –
  // December 10, 2002", dates the document, not something that happened in it.)
  const units = [...new Set(sourceUnits(source))].filter(
    (u) => countWords(plain(u).replace(FULL_DATE, " ").replace(YEAR, " ")) >= 3,
  );
  const dates = units.map((u) => datesIn(u).slice(0, 1));
  const numbered = new Set(
    withoutComments(source)
      .split("\n")
      .map((l) => /^\s*(\d{1,2})[.)]\s+\S/.exec(l)?.[1])
      .filter((n): n is string => n !== undefined)
      .map(Number),
  );
  const steps = new Set([...source.matchAll(STEP_WORD)].map((m) => Number(m[1])));
  const twoColumnTable = /^\s*\|?[^|\n]+\|[^|\n]+\|?\s*\n\s*\|?\s*:?-{3,}:?\s*\|\s*:?-{3,}:?\s*\|?\s*$/m.test(
    source,
  );
  return {
    datedUnits: dates.filter((d) => d.length > 0).length,
    distinctDates: new Set(dates.flat()).size,
    figures: sourceFigures(source).length,
    orderedSteps: [1, 2, 3].every((n) => numbered.has(n)) || steps.size >= 3,
    comparison: [...sourceHeadings(source)].some((h) => COMPARING.test(h)) || twoColumnTable,
  };
}

// ── Deck ─────────────────────────────────────────────────────────────────────────────────────

export function isContentSlide(slide: TSlide): boolean {
  return !FRAME_LAYOUTS.has(slide.layout);
}

/** A slide draws a picture, chart, table or cards. */
export function isVisual(slide: TSlide): boolean {
  const c = slide.content;
  if (PICTURE_LAYOUTS.has(slide.layout)) return true;
  if (slide.layout === "chart") return !!c.chart;
  if (slide.layout === "table") return !!c.table;
  if (CARD_LAYOUTS.has(slide.layout))
    return !!(c.items?.length || c.metrics?.length || c.timeline?.length || c.columns?.length);
  return false;
}

/** Every visible text of a slide's content except its title, one string per field or cell. */
export function bodyTexts(content: TSlideContent): string[] {
  const out: (string | undefined)[] = [content.subtitle, content.body, ...(content.bullets ?? [])];
  for (const c of content.columns ?? []) out.push(c.heading, c.body, ...(c.bullets ?? []));
  for (const i of content.items ?? []) out.push(i.title, i.body);
  for (const m of content.metrics ?? []) out.push(m.value, m.label, m.detail);
  for (const e of content.timeline ?? []) out.push(e.date, e.title, e.body);
  out.push(content.quote?.text, content.quote?.attribution);
  if (content.table) for (const row of [content.table.header, ...content.table.rows]) out.push(...row);
  if (content.chart) out.push(...content.chart.categories, ...content.chart.series.map((s) => s.name));
  return out.map(plain).filter(Boolean);
}

type TPointKind = "subtitle" | "bullet" | "card" | "metric" | "event";
/** A point; `tag` is the figure of a metric or the date of an event, compared as one token. */
type TPoint = { slide: number; kind: TPointKind; text: string; tag?: string };

/** The statements of a slide: bullets, card texts, metric labels (with their figures) and events (with their dates). */
export function slidePoints(content: TSlideContent, slide: number): TPoint[] {
  const join = (...parts: (string | undefined)[]) => parts.map(plain).filter(Boolean).join(": ");
  return [
    ...[...(content.bullets ?? []), ...(content.columns ?? []).flatMap((c) => c.bullets ?? [])].map((b) => ({
      slide,
      kind: "bullet" as const,
      text: plain(b),
    })),
    ...(content.items ?? []).map((i) => ({ slide, kind: "card" as const, text: join(i.title, i.body) })),
    ...(content.metrics ?? []).map((m) => ({
      slide,
      kind: "metric" as const,
      text: plain(m.label),
      tag: plain(m.value).toLowerCase(),
    })),
    ...(content.timeline ?? []).map((e) => ({
      slide,
      kind: "event" as const,
      text: join(e.title, e.body),
      tag: plain(e.date).toLowerCase(),
    })),
  ].filter((p) => p.text !== "");
}

/** Continuation markers a title can end with, in every language of the phrase table. */
const CONT_MARKER =
  /\s*(?:\((?:cont\.?|continued|suite|forts\.?|segue|vervolg|cd\.|devamı|продолжение|계속|続き|续|續|تابع|המשך)\)|（(?:続き|续|續)）)\s*$/iu;

export function stripContinued(title: string): string {
  return title.replace(CONT_MARKER, "");
}

// ── Single tests ─────────────────────────────────────────────────────────────────────────────

const DATE_WORD = new RegExp(
  `^(?:${MONTHS}|monday|tuesday|wednesday|thursday|friday|saturday|sunday|q[1-4]|h[12]|fy\\d{2,4}|\\d+(?:[.,]\\d+)*(?:st|nd|rd|th|s)?|century|centuries|decade|bc|bce|ad|ce|\\d+(?:年代?|世紀|世纪|月|日)+)$`,
  "iu",
);

/** The context a title is judged in. */
export type TTitleContext = {
  deckTitle: string;
  /** Normalised headings of the source (sourceHeadings). */
  headings: ReadonlySet<string>;
  source: string;
  /** Sentences of the source (sourceUnits). */
  units: readonly string[];
  english: boolean;
  /** Normalised fixed labels the generator writes ("Overview"): not fragments of the text. */
  fixedLabels?: ReadonlySet<string>;
};

/**
 * Why a content slide's title is a fragment, or null: (a) only a date or number, (b) ends on a
 * function word, (c) a single word that is neither a source heading nor a name, (d) starts lower
 * case or with an -ed/-ing form cut out of a sentence, (e) the deck title again.
 */
export function fragmentReason(rawTitle: string, ctx: TTitleContext): string | null {
  const title = plain(stripContinued(rawTitle));
  const norm = normTitle(title);
  if (!norm) return null;
  const heading = ctx.headings.has(norm);
  if (norm === normTitle(ctx.deckTitle)) return "repeats the deck title";
  const parts = norm.split(/[\s,.\-–—/()]+/).filter(Boolean);
  const rest = parts.filter((p) => !DATE_WORD.test(p));
  if (
    rest.length < parts.length &&
    (rest.length === 0 ||
      (rest.length === 1 && (DANGLING.has(rest[0]) || PARTICLES.includes(rest[0]) || isVerbForm(rest[0]))))
  )
    return "only a date or number";
  if (heading || ctx.fixedLabels?.has(norm)) return null;
  const words = englishWords(title);
  if (ctx.english && words.length > 1 && DANGLING.has(words[words.length - 1]))
    return `ends with "${words[words.length - 1]}"`;
  const first = title.match(/^[^\s]+/)?.[0] ?? "";
  const cased = first.toLowerCase() !== first.toUpperCase();
  if (
    !NO_SPACE_CHAR.test(title) &&
    words.length === 1 &&
    cased &&
    !isName(first, ctx.source) &&
    !isDefined(first, ctx.source)
  )
    return "a single word, not a heading or a name";
  if (/^\p{Ll}/u.test(title) && !/^`/.test(rawTitle.trim()) && !startsLowerInSource(first, ctx.source))
    return "starts lower case";
  if (ctx.english && words.length > 1 && cutVerbPhrase(words, ctx.units))
    return "a verb form cut out of a sentence";
  return null;
}

/**
 * An acronym, a mixed-case name, a word the source capitalises inside a sentence, or one it
 * writes in lower case at a sentence start.
 */
function isName(word: string, source: string): boolean {
  const w = word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
  if (!w) return true;
  if (/^[\p{Lu}\p{N}]{2,}$/u.test(w) || /\p{Ll}\p{Lu}/u.test(w) || /\d/.test(w)) return true;
  // A name written in lower case even where a sentence starts: "tmux is…", "curl".
  if (/^\p{Ll}/u.test(w) && startsLowerInSource(w, source)) return true;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(w)}(?![\\p{L}\\p{N}])`, "giu");
  for (const m of source.matchAll(pattern)) {
    if (!/^\p{Lu}/u.test(m[0])) continue;
    const before = source.slice(Math.max(0, m.index - 4), m.index);
    if (m.index > 0 && !/(?:^|[.!?:;\n]["'“”’)\]]?)\s*["'“‘(]?$/.test(before)) return true;
  }
  return false;
}

/** The source defines the word where a sentence starts: "Logistics is the management of…". */
function isDefined(word: string, source: string): boolean {
  const w = word.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
  return (
    !!w && new RegExp(`(?:^|[.!?]\\s+|\\n)${escapeRegExp(w)} (?:is|are) (?:the|a|an) `, "u").test(source)
  );
}

/** The word begins a line or sentence of the source in lower case ("tmux is…", "rustup"). */
function startsLowerInSource(word: string, source: string): boolean {
  const w = /^[\p{L}\p{N}_-]+/u.exec(word)?.[0] ?? word;
  return new RegExp(`(?:^|[.!?]\\s+|\\n\\s*(?:[-*]\\s+)?)\`?${escapeRegExp(w)}(?![\\p{L}])`, "u").test(
    source,
  );
}

/** Words after which an -ed/-ing form is a verb: auxiliaries, subject pronouns, relatives. */
const VERB_CONTEXT = new Set([
  ...AUXILIARIES,
  "i",
  "you",
  "he",
  "she",
  "it",
  "we",
  "they",
  "that",
  "which",
  "who",
  "what",
]);

/**
 * The title is a verb phrase cut out of a sentence: its words run together inside one source
 * sentence, not at its start, and its first word is an -ed/-ing form the source uses as a verb
 * (after an auxiliary, pronoun or relative: "was called dating"), or its second word is an -ed
 * form after a subject ("Americans owned bicycles"). "a mining engineer", "the United States"
 * stay noun phrases.
 */
function cutVerbPhrase(words: readonly string[], units: readonly string[]): boolean {
  const verbAt = isVerbForm(words[0]) ? 0 : words[1].endsWith("ed") && isVerbForm(words[1]) ? 1 : -1;
  if (verbAt < 0) return false;
  // "Central United States": an -ed word the source capitalises inside a sentence is part of a name.
  const capitalised = words[verbAt].charAt(0).toUpperCase() + words[verbAt].slice(1);
  if (units.some((u) => new RegExp(`[\\p{L},;]\\s+${escapeRegExp(capitalised)}\\b`, "u").test(u)))
    return false;
  for (const unit of units) {
    const u = englishWords(unit);
    for (let i = 1; i + words.length <= u.length; i++) {
      if (!words.every((w, k) => u[i + k] === w)) continue;
      if (verbAt === 1 || VERB_CONTEXT.has(u[i - 1])) return true;
    }
  }
  return false;
}

/** Why a bullet (or long card/event text) ends mid-clause, or null. */
export function cutReason(text: string, english: boolean): string | null {
  const t = plain(text);
  if (!t) return null;
  if (/[,:;،、，：；\-–—]$/u.test(t)) return `ends with "${t.slice(-1)}"`;
  if (/(?:…|\.\.\.)$/.test(t)) return "ends with an ellipsis";
  if (count(t, /\(/g) > count(t, /\)/g)) return "unclosed parenthesis";
  if (unclosedQuote(t)) return "unclosed quotation";
  // A sentence that keeps its own closing mark ("…as much as I do!") ends where its writer ended it.
  if (english && !/[^.][.!?]$/.test(t)) {
    const words = englishWords(t);
    const last = words[words.length - 1];
    // "…a statement of work that UPRR must comply with": a relative clause ends on its preposition.
    const stranded =
      /\b(?:that|which|who|whom|what)(?:\s\S+){1,4}\s(?:with|for|about|on|in|to|of|from|at|by|into)$/i.test(
        t,
      );
    if (words.length > 1 && last && DANGLING.has(last) && !stranded) return `ends with "${last}"`;
    // "When flooding from the Colorado River wiped out nascent farming efforts": the clause that
    // sets the scene, without the one it leads to.
    if (SCENE_CLAUSE.test(t) && !/[,;:]/.test(t) && nlp(t).verbs().length <= 1)
      return "a subordinate clause alone";
  }
  return null;
}

const SCENE_CLAUSE = /^(?:when|whenever|although|though|because|whereas|unless|until|once)\s/i;

/**
 * An opening quotation mark without its closing one (German „…“ closes with “; a straight quote
 * opens after a space or at the start).
 */
function unclosedQuote(t: string): boolean {
  const german = count(t, /„/g);
  const doubleOpen = german ? german : count(t, /“/g);
  const doubleClose = german ? count(t, /[“”]/g) : count(t, /”/g);
  return (
    doubleOpen > doubleClose ||
    count(t, /«/g) > count(t, /»/g) ||
    count(t, /「/g) > count(t, /」/g) ||
    count(t, /『/g) > count(t, /』/g) ||
    count(t, /(?:^|[\s([])"(?=\S)/g) > count(t, /"/g) - count(t, /(?:^|[\s([])"(?=\S)/g)
  );
}

function count(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}

/**
 * Why a metric card's label is not a noun phrase naming what the figure measures, or null: empty,
 * over 9 words, starts with a preposition, conjunction or verb, ends mid-clause, or has a finite verb.
 */
export function metricLabelReason(label: string, english: boolean): string | null {
  const t = plain(label);
  if (!t) return "empty";
  const n = countWords(t);
  if (n > 9) return `${n} words`;
  if (!english) return null;
  const words = englishWords(t);
  const first = words[0] ?? "";
  if (
    PREPOSITIONS.includes(first) ||
    PARTICLES.includes(first) ||
    CONJUNCTIONS.includes(first) ||
    AUXILIARIES.includes(first) ||
    CHANGE_VERBS.has(first)
  )
    return `starts with "${first}"`;
  const last = words[words.length - 1];
  if (words.length > 1 && DANGLING.has(last)) return `ends with "${last}"`;
  const verb = words.find((w, i) => FINITE.has(w) || (i > 0 && CHANGE_VERBS.has(w)));
  if (verb) return `a clause ("${verb}")`;
  return null;
}

/**
 * The layouts repeat with a short period (2–4 slides) rather than follow the content: at least 80%
 * of the slides after the first period equal the one a period earlier. Both picture sides count as one.
 */
export function looksRotated(sequence: readonly string[]): boolean {
  const seq = sequence.map((l) => (PICTURE_LAYOUTS.has(l as TLayoutId) ? "image" : l));
  for (let p = 2; p <= 4; p++) {
    if (seq.length < 2 * p || new Set(seq.slice(0, p)).size < 2) continue;
    let same = 0;
    for (let i = p; i < seq.length; i++) if (seq[i] === seq[i - p]) same++;
    if (same / (seq.length - p) >= 0.8) return true;
  }
  return false;
}

// ── Pages ────────────────────────────────────────────────────────────────────────────────────

/** The body region of a content slide: below the title block, above the bottom margin. */
export type TBodyRegion = { y: number; h: number };

/** The vertical extent of what a box shows: its fitted lines, not the height it was given. */
function contentSpan(box: TBox, decor: ReadonlySet<string>): [number, number] | null {
  switch (box.kind) {
    case "text": {
      if (box.role === "title") return null;
      const h = textHeight(box.paragraphs, box.fontSize, box.lineHeight, box.paragraphGap);
      if (h <= 0) return null;
      const y =
        box.valign === "top" ? box.y : box.valign === "bottom" ? box.y + box.h - h : box.y + (box.h - h) / 2;
      return [y, y + h];
    }
    case "table":
      return [box.y, box.y + box.rows.reduce((sum, r) => sum + r.h, 0)];
    case "image":
    case "chart":
      return [box.y, box.y + box.h];
    case "shape":
      // Cards and panels; not decoration, rules, dots or the title's accent mark.
      if (decor.has(box.id) || box.shape === "line" || Math.min(Math.abs(box.w), Math.abs(box.h)) < 24)
        return null;
      return [box.y, box.y + box.h];
  }
}

/**
 * Share of the body height that content spans: the union of the vertical extents of text lines,
 * pictures, charts, tables and cards, clipped to the body region. `decor` holds the ids of the
 * template's decoration shapes.
 */
export function bodyCoverage(
  page: Pick<TRenderedSlide, "boxes">,
  body: TBodyRegion,
  decor: ReadonlySet<string> = new Set(),
): number {
  const top = body.y;
  const bottom = body.y + body.h;
  const spans = page.boxes
    .map((box) => contentSpan(box, decor))
    .filter((s): s is [number, number] => s !== null)
    .map(([a, b]): [number, number] => [Math.max(a, top), Math.min(b, bottom)])
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  let covered = 0;
  let end = top;
  for (const [a, b] of spans) {
    if (b <= end) continue;
    covered += b - Math.max(a, end);
    end = b;
  }
  return covered / body.h;
}

function paragraphText(p: TParagraph): string {
  return p.lines
    .map((l) => l.runs.map((r) => r.text).join(""))
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * What is wrong with a page's boxes: text cut with "…" by the fitter (a paragraph whose last line
 * ends with "…" where no field of the slide does), text taller or lines wider than their box, a
 * table taller than its box, a box outside the 1280×720 slide.
 */
export function overflowReasons(
  page: Pick<TRenderedSlide, "boxes">,
  slideTexts: readonly string[],
  decor: ReadonlySet<string> = new Set(),
): string[] {
  const own = new Set(slideTexts.map((t) => t.replace(/\s+/g, " ").trim()));
  const cut = (p: TParagraph) => lastLineCut(p.lines) && !own.has(paragraphText(p).normalize("NFKC"));
  const out: string[] = [];
  for (const box of page.boxes) {
    if (box.kind === "shape" && decor.has(box.id)) continue;
    const x0 = Math.min(box.x, box.x + box.w);
    const y0 = Math.min(box.y, box.y + box.h);
    if (
      x0 < -1 ||
      y0 < -1 ||
      x0 + Math.abs(box.w) > SLIDE_WIDTH + 1 ||
      y0 + Math.abs(box.h) > SLIDE_HEIGHT + 1
    )
      out.push(`${box.kind} ${box.id} outside the slide`);
    if (box.kind === "text") {
      const p = box.paragraphs.find(cut);
      if (p) out.push(`${box.role} cut: "${paragraphText(p)}"`);
      if (textHeight(box.paragraphs, box.fontSize, box.lineHeight, box.paragraphGap) > box.h + 1)
        out.push(`${box.role} taller than its box`);
      if (box.paragraphs.some((q) => q.lines.some((l) => l.width > box.w + 1)))
        out.push(`${box.role} has a line wider than its box`);
    }
    if (box.kind === "table") {
      const p = box.rows.flatMap((r) => r.cells.flatMap((c) => c.paragraphs)).find(cut);
      if (p) out.push(`${box.role} cell cut: "${paragraphText(p)}"`);
      if (box.rows.reduce((sum, r) => sum + r.h, 0) > box.h + 1) out.push(`${box.role} taller than its box`);
    }
  }
  return out;
}

/** Every text a page shows (text boxes and table cells). */
export function pageTexts(page: Pick<TRenderedSlide, "boxes">): string[] {
  return page.boxes.flatMap((box) => {
    if (box.kind === "text") return box.paragraphs.map(paragraphText);
    if (box.kind === "table")
      return box.rows.flatMap((r) => r.cells.flatMap((c) => c.paragraphs.map(paragraphText)));
    return [];
  });
}

// ── Language and figures ─────────────────────────────────────────────────────────────────────

/** English labels the generator writes besides its phrase table. */
const EXTRA_ENGLISH_LABELS = [
  "Key figures",
  "Timeline",
  "Questions",
  "Introduction",
  "Conclusion",
  "Contents",
  "Key facts",
  "Steps",
  "Comparison",
  "Highlights",
  "Background",
];

function phraseCore(phrase: string): string {
  return phrase.replace(/^[^\p{L}]+|[^\p{L}.]+$/gu, "").trim();
}

function phraseValues(code: string): string[] {
  return Object.values(getPhrases(code)).filter((v): v is string => typeof v === "string");
}

/**
 * English fixed words on a deck whose source is in another language: phrases of the English
 * phrase table (and a few labels) that the deck shows, the source does not contain, and the
 * language's own table does not share ("Agenda" is Spanish too). Null for English sources.
 */
export function englishFixedWords(
  deckTexts: readonly string[],
  source: string,
  language: string,
): string[] | null {
  const code = resolveLanguage(language);
  if (code === "en") return null;
  const local = new Set(code ? phraseValues(code).map((p) => phraseCore(p).toLowerCase()) : []);
  const text = deckTexts.join("\n");
  const found = new Set<string>();
  for (const phrase of [...phraseValues("en"), ...EXTRA_ENGLISH_LABELS]) {
    const core = phraseCore(phrase);
    if (!core || local.has(core.toLowerCase())) continue;
    const pattern = new RegExp(`(?<![\\p{L}])${escapeRegExp(core)}(?![\\p{L}])`, "iu");
    if (pattern.test(text) && !pattern.test(source)) found.add(core);
  }
  return [...found];
}

let fixed: Set<string> | undefined;
/** The phrase table's fixed words in every language, normalised ("overview", "puntos clave"). */
function fixedLabels(): Set<string> {
  fixed ??= new Set(PHRASE_LANGUAGES.flatMap(phraseValues).map(normTitle));
  return fixed;
}

/** The values a written number can stand for: "1,000" → 1000; "4,93" → 4.93 or 493. */
function numberValues(written: string): number[] {
  const english = Number(written.replace(/,/g, ""));
  const european = Number(written.replace(/\./g, "").replace(",", "."));
  return [english, european].filter((v) => Number.isFinite(v));
}

/** Numbers written in a text (digit runs with decimals and separators). */
export function numbersIn(text: string): string[] {
  return (text.normalize("NFKC").match(/\d+(?:[.,]\d+)*/g) ?? []).map((n) => n.replace(/[.,]$/, ""));
}

const STEP_NUMBERS =
  /(?:(?<![\p{L}\p{N}])(?:step|paso|étape|schritt|passo|stap|krok|adım|шаг)|ステップ|步骤|الخطوة|चरण|단계)\s+\d+|\(\d+[–-]\d+\)$/giu;

/** Numbers a deck shows (fields and chart values) that the source does not contain. */
export function inventedNumbers(
  deck: TDeck,
  source: string,
): { slide: number; number: string; text: string }[] {
  const known = new Set(numbersIn(source).flatMap(numberValues));
  const out: { slide: number; number: string; text: string }[] = [];
  deck.slides.forEach((slide, i) => {
    const c = slide.content;
    const texts = [plain(c.title), ...bodyTexts(c)];
    for (const s of c.chart?.series ?? []) texts.push(...s.values.map(String));
    for (const text of texts) {
      // Step numbers ("Step 3", "Step by step (1–4)") count the generator's own steps, like page
      // numbers; they are no figure of the source.
      for (const n of numbersIn(text.replace(STEP_NUMBERS, ""))) {
        if (!numberValues(n).some((v) => known.has(v))) out.push({ slide: i + 1, number: n, text });
      }
    }
  });
  return out;
}

// ── One deck ─────────────────────────────────────────────────────────────────────────────────

/** A finding on a slide (1-based, in deck order); `page` counts from 1 within the slide. */
export type TFinding = { slide: number; page?: number; text: string; reason: string };

export type TStructureFigure = { opportunity: boolean; hit: boolean };

export type TDeckQuality = {
  slides: number;
  contentSlides: number;
  pages: number;
  /** Words besides the title, per content slide. */
  words: number[];
  title: { opensWithTitle: boolean; expected: string | null; got: string; match: boolean };
  titlesChecked: number;
  fragmentTitles: TFinding[];
  /** Content slides whose text only repeats their title or the deck title. */
  titleOnly: TFinding[];
  points: number;
  /** Later points that repeat an earlier one: text is "earlier ≈ later". */
  repeatedPoints: TFinding[];
  bulletsChecked: number;
  cutBullets: TFinding[];
  metricLabels: number;
  badMetricLabels: TFinding[];
  continuations: (TFinding & { previousCoverage: number; justified: boolean })[];
  structure: Record<"timeline" | "figures" | "steps" | "comparison", TStructureFigure>;
  source: TSourceShape;
  layoutSequence: string[];
  distinctLayouts: number;
  rotated: boolean;
  thinSlides: TFinding[];
  /** Body coverage of each page of a content slide. */
  coverage: { slide: number; page: number; coverage: number }[];
  visualSlides: number;
  overflow: TFinding[];
  /** Null when the source is English (nothing to check). */
  englishWords: string[] | null;
  inventedFigures: TFinding[];
};

export type TDeckQualityInput = {
  source: string;
  /** The source's language (ISO 639-1 or a name). */
  language: string;
  deck: TDeck;
  /** The deck laid out (layoutDeck): one or more pages per slide, in order. */
  pages: readonly TRenderedSlide[];
  /** The template's body region of content slides. */
  body: TBodyRegion;
  /** Ids of the template's decoration shapes (not content). */
  decor?: ReadonlySet<string>;
};

/** Everything measured for one deck. */
export function measureDeckQuality(input: TDeckQualityInput): TDeckQuality {
  const { source, deck, body } = input;
  const decor = input.decor ?? new Set<string>();
  const english = resolveLanguage(input.language) === "en";
  const units = sourceUnits(source);
  const headings = sourceHeadings(source);
  const shape = sourceShape(source);
  const slides = deck.slides;
  const content = slides.map((s, i) => ({ slide: s, n: i + 1 })).filter(({ slide }) => isContentSlide(slide));

  const pagesOf = new Map<string, TRenderedSlide[]>();
  for (const page of input.pages) pagesOf.set(page.slideId, [...(pagesOf.get(page.slideId) ?? []), page]);
  const covers = new Map(
    slides.map((s) => [s.id, (pagesOf.get(s.id) ?? []).map((p) => bodyCoverage(p, body, decor))]),
  );
  const coverageOf = (slide: TSlide) => covers.get(slide.id) ?? [];

  // 1. Deck title.
  const expected = openingTitle(source);
  const title = {
    opensWithTitle: expected !== null,
    expected,
    got: deck.title,
    match: expected !== null && sameTitle(expected, deck.title),
  };

  // 2. Fragment titles.
  const ctx: TTitleContext = {
    deckTitle: deck.title,
    headings,
    source,
    units,
    english,
    fixedLabels: fixedLabels(),
  };
  const fragmentTitles: TFinding[] = [];
  for (const { slide, n } of content) {
    const reason = slide.content.title ? fragmentReason(slide.content.title, ctx) : null;
    if (reason) fragmentTitles.push({ slide: n, text: plain(slide.content.title), reason });
  }

  // 3. Repeats.
  const deckTitleStems = contentStems(deck.title);
  const titleOnly: TFinding[] = [];
  for (const { slide, n } of content) {
    const rest = contentStems(bodyTexts(slide.content).join(" "));
    if (!rest.size) continue;
    const own = containment(rest, contentStems(stripContinued(plain(slide.content.title))));
    const deckLevel = containment(rest, deckTitleStems);
    if (Math.max(own, deckLevel) >= 0.8)
      titleOnly.push({
        slide: n,
        text: bodyTexts(slide.content).join(" / "),
        reason: own >= 0.8 ? "repeats its title" : "repeats the deck title",
      });
  }
  // The cover's subtitle is a point too: a content slide that says it again repeats it.
  const coverAt = slides.findIndex((s) => s.layout === "title");
  const subtitle = coverAt >= 0 ? plain(slides[coverAt].content.subtitle ?? "") : "";
  const points = [
    ...(subtitle ? [{ slide: coverAt + 1, kind: "subtitle" as const, text: subtitle }] : []),
    ...content.flatMap(({ slide, n }) => slidePoints(slide.content, n)),
  ];
  const stems = points.map((p) => {
    const set = contentStems(p.text);
    if (p.tag) set.add(`#${p.tag}`);
    return set;
  });
  const repeatedPoints: TFinding[] = [];
  points.forEach((p, j) => {
    if (!stems[j].size) return;
    // Two events on different dates are two events ("3.9.0 alpha 2" of the plan and of the
    // schedule it replaces), whatever their words.
    const otherDate = (k: number) =>
      p.kind === "event" && points[k].kind === "event" && points[k].tag !== p.tag;
    const i = points.findIndex(
      (_, k) => k < j && stems[k].size > 0 && !otherDate(k) && jaccard(stems[k], stems[j]) >= 0.6,
    );
    if (i >= 0)
      repeatedPoints.push({
        slide: p.slide,
        text: `${points[i].text} ≈ ${p.text}`,
        reason: `${p.kind} repeats slide ${points[i].slide}`,
      });
  });

  // 4. Cut bullets; 5. metric labels.
  const cutBullets: TFinding[] = [];
  let bulletsChecked = 0;
  const badMetricLabels: TFinding[] = [];
  let metricLabels = 0;
  for (const { slide, n } of content) {
    const c = slide.content;
    const long = (t: string | undefined) => (t && countWords(t) > 6 ? [t] : []);
    const candidates = [
      ...(c.bullets ?? []),
      ...(c.columns ?? []).flatMap((col) => col.bullets ?? []),
      ...(c.items ?? []).flatMap((i) => [...long(i.title), ...long(i.body)]),
      ...(c.timeline ?? []).flatMap((e) => [...long(e.title), ...long(e.body)]),
    ];
    for (const text of candidates) {
      bulletsChecked++;
      const reason = cutReason(text, english);
      if (reason) cutBullets.push({ slide: n, text: plain(text), reason });
    }
    for (const m of c.metrics ?? []) {
      metricLabels++;
      const reason = metricLabelReason(m.label, english);
      if (reason) badMetricLabels.push({ slide: n, text: `${m.value} — ${plain(m.label)}`, reason });
    }
  }

  // 6. Continuations: "(cont.)" slides and extra layout pages; justified when what they continue is full.
  const continuations: TDeckQuality["continuations"] = [];
  slides.forEach((slide, i) => {
    const covers = coverageOf(slide);
    if (slide.content.title && CONT_MARKER.test(slide.content.title) && i > 0) {
      const previous = coverageOf(slides[i - 1]).at(-1) ?? 0;
      continuations.push({
        slide: i + 1,
        text: plain(slide.content.title),
        reason: `"(cont.)" slide; slide ${i} covers ${previous.toFixed(2)}`,
        previousCoverage: previous,
        justified: previous >= 0.8,
      });
    }
    covers.slice(1).forEach((_, k) => {
      const previous = covers[k];
      continuations.push({
        slide: i + 1,
        page: k + 2,
        text: plain(slide.content.title),
        reason: `layout page ${k + 2}; page ${k + 1} covers ${previous.toFixed(2)}`,
        previousCoverage: previous,
        justified: previous >= 0.8,
      });
    });
  });

  // 7. Structure.
  const layouts = new Set(slides.map((s) => s.layout));
  const numbered = (texts: string[]) =>
    texts.filter((t) => /^\s*(?:\d{1,2}[.)]\s|(?:step|paso|schritt|étape)\s*\d)/iu.test(plain(t))).length >=
    2;
  const steps = slides.some(
    (s) =>
      s.layout === "timeline" ||
      numbered(s.content.bullets ?? []) ||
      numbered((s.content.items ?? []).map((i) => i.title)),
  );
  const structure = {
    timeline: {
      opportunity: shape.datedUnits >= 4 && shape.distinctDates >= 4,
      hit: layouts.has("timeline"),
    },
    figures: {
      opportunity: shape.figures >= 5,
      hit: layouts.has("metrics") || layouts.has("chart") || layouts.has("table"),
    },
    steps: { opportunity: shape.orderedSteps, hit: steps },
    comparison: {
      opportunity: shape.comparison,
      hit: layouts.has("comparison") || layouts.has("two-column"),
    },
  };

  // 8. Layout variety; 9. thin slides; 10. coverage; 11. visual share.
  const layoutSequence = content.map(({ slide }) => slide.layout);
  const thinSlides: TFinding[] = [];
  const words: number[] = [];
  const coverage: TDeckQuality["coverage"] = [];
  let visualSlides = 0;
  for (const { slide, n } of content) {
    const w = countWords(bodyTexts(slide.content).join(" "));
    words.push(w);
    const visual = isVisual(slide);
    if (visual) visualSlides++;
    if (w < 15 && !visual)
      thinSlides.push({ slide: n, text: plain(slide.content.title), reason: `${w} words, no visual` });
    coverageOf(slide).forEach((c, k) => {
      coverage.push({ slide: n, page: k + 1, coverage: c });
    });
  }

  // 12. Overflow.
  const overflow: TFinding[] = [];
  slides.forEach((slide, i) => {
    const texts = [plain(slide.content.title), ...bodyTexts(slide.content)];
    (pagesOf.get(slide.id) ?? []).forEach((page, k) => {
      for (const reason of overflowReasons(page, texts, decor))
        overflow.push({ slide: i + 1, page: k + 1, text: plain(slide.content.title), reason });
    });
  });

  // 13. Language; 14. invented figures.
  const englishWordsFound = englishFixedWords(input.pages.flatMap(pageTexts), source, input.language);
  const inventedFigures = inventedNumbers(deck, source).map((f) => ({
    slide: f.slide,
    text: f.text,
    reason: `${f.number} is not in the source`,
  }));

  return {
    slides: slides.length,
    contentSlides: content.length,
    pages: input.pages.length,
    words,
    title,
    titlesChecked: content.filter(({ slide }) => slide.content.title).length,
    fragmentTitles,
    titleOnly,
    points: points.length,
    repeatedPoints,
    bulletsChecked,
    cutBullets,
    metricLabels,
    badMetricLabels,
    continuations,
    structure,
    source: shape,
    layoutSequence,
    distinctLayouts: new Set(layoutSequence).size,
    rotated: looksRotated(layoutSequence),
    thinSlides,
    coverage,
    visualSlides,
    overflow,
    englishWords: englishWordsFound,
    inventedFigures,
  };
}

// ── Totals ───────────────────────────────────────────────────────────────────────────────────

export type THitRate = { hits: number; opportunities: number };

export type TQualityTotals = {
  decks: number;
  slides: number;
  contentSlides: number;
  pages: number;
  meanWordsPerContentSlide: number;
  titleOpened: number;
  titleMatched: number;
  titlesChecked: number;
  fragmentTitles: number;
  titleOnlySlides: number;
  points: number;
  repeatedPoints: number;
  bulletsChecked: number;
  cutBullets: number;
  metricLabels: number;
  badMetricLabels: number;
  continuations: number;
  unjustifiedContinuations: number;
  structure: Record<keyof TDeckQuality["structure"], THitRate>;
  meanDistinctLayouts: number;
  /** Decks with exactly 8 content slides, and those of them with ≥ 4 distinct content layouts. */
  eightSlideDecks: number;
  eightSlideDecksVaried: number;
  rotatedDecks: number;
  thinSlides: number;
  meanBodyCoverage: number;
  visualShare: number;
  overflow: number;
  languageChecked: number;
  languageFailed: number;
  englishWords: number;
  inventedFigures: number;
};

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const mean = (xs: number[]) => (xs.length ? sum(xs) / xs.length : 0);

/** Corpus totals of several decks. */
export function totals(decks: readonly TDeckQuality[]): TQualityTotals {
  const structure = {} as TQualityTotals["structure"];
  for (const key of ["timeline", "figures", "steps", "comparison"] as const) {
    const open = decks.filter((d) => d.structure[key].opportunity);
    structure[key] = { opportunities: open.length, hits: open.filter((d) => d.structure[key].hit).length };
  }
  // A deck of 8 slides, as asked by default: n_slides counts the cover (7 content slides).
  const eight = decks.filter((d) => d.slides === 8);
  const checked = decks.filter((d) => d.englishWords !== null);
  const contentSlides = sum(decks.map((d) => d.contentSlides));
  return {
    decks: decks.length,
    slides: sum(decks.map((d) => d.slides)),
    contentSlides,
    pages: sum(decks.map((d) => d.pages)),
    meanWordsPerContentSlide: mean(decks.flatMap((d) => d.words)),
    titleOpened: decks.filter((d) => d.title.opensWithTitle).length,
    titleMatched: decks.filter((d) => d.title.match).length,
    titlesChecked: sum(decks.map((d) => d.titlesChecked)),
    fragmentTitles: sum(decks.map((d) => d.fragmentTitles.length)),
    titleOnlySlides: sum(decks.map((d) => d.titleOnly.length)),
    points: sum(decks.map((d) => d.points)),
    repeatedPoints: sum(decks.map((d) => d.repeatedPoints.length)),
    bulletsChecked: sum(decks.map((d) => d.bulletsChecked)),
    cutBullets: sum(decks.map((d) => d.cutBullets.length)),
    metricLabels: sum(decks.map((d) => d.metricLabels)),
    badMetricLabels: sum(decks.map((d) => d.badMetricLabels.length)),
    continuations: sum(decks.map((d) => d.continuations.length)),
    unjustifiedContinuations: sum(decks.map((d) => d.continuations.filter((c) => !c.justified).length)),
    structure,
    meanDistinctLayouts: mean(decks.map((d) => d.distinctLayouts)),
    eightSlideDecks: eight.length,
    eightSlideDecksVaried: eight.filter((d) => d.distinctLayouts >= 4).length,
    rotatedDecks: decks.filter((d) => d.rotated).length,
    thinSlides: sum(decks.map((d) => d.thinSlides.length)),
    meanBodyCoverage: mean(decks.flatMap((d) => d.coverage.map((c) => c.coverage))),
    visualShare: contentSlides ? sum(decks.map((d) => d.visualSlides)) / contentSlides : 0,
    overflow: sum(decks.map((d) => d.overflow.length)),
    languageChecked: checked.length,
    languageFailed: checked.filter((d) => d.englishWords?.length).length,
    englishWords: sum(checked.map((d) => d.englishWords?.length ?? 0)),
    inventedFigures: sum(decks.map((d) => d.inventedFigures.length)),
  };
}
