/**
 * Slides the shape of the whole document calls for, planned before its sections are fitted to
 * the slide count: the two options its title sets against each other (a comparison), its
 * instructions (numbered steps), its dated events in chronological order (a timeline) and its
 * headline figures (metric cards) and its list of named entries (cards). Each takes the sentences
 * it shows, so no other slide repeats them.
 */
import nlp from "compromise";
import {
  isDatedList,
  PHASE_NAMES,
  readEvent as readDatedLine,
  readMetric,
  splitLabel,
} from "../content-shape";
import type { TPhrases } from "../phrases";
import type { TOutlineSlide, TVerbosity } from "../types";
import { compressSentence } from "./compress-sentence";
import { readCountedFigures } from "./counted-figures";
import type { TSection, TUnit } from "./source-types";
import { joinAroundCjkDate } from "./split-clauses";
import { splitSentences } from "./split-sentences";
import { spread } from "./spread";
import { CURRENCY, countWords, insideBrackets, plainText, readsAsEnglish } from "./tokenize";
import { DANGLING, hasVerb } from "./word-classes";
import { ALLOW_OVER, WORD_CAPS } from "./write-bullet";

/** A slide the document's structure asks for, and the units it shows. */
export type TStructureSlide = {
  kind: "timeline" | "steps" | "metrics" | "comparison" | "cards";
  slide: TOutlineSlide;
  units: TUnit[];
  /** Where the slide goes, as a unit id, when it shows no unit of its own (the steps of numbered parts). */
  at?: number;
};

const MONTH =
  "January|February|March|April|May|June|July|August|September|October|November|December|Jan\\.?|Feb\\.?|Mar\\.?|Apr\\.?|Jun\\.?|Jul\\.?|Aug\\.?|Sept?\\.?|Oct\\.?|Nov\\.?|Dec\\.?";
/** Eras written after a year: before Christ ("v. Chr.", "BC", "a. C.", "av. J.-C.") and after. */
const ERA_BEFORE = "v\\.\\s?Chr\\.?|vor Christus|BCE?\\b|B\\.C\\.|a\\.\\s?C\\.|av\\.\\s?J\\.-C\\.";
const ERA_AFTER = "n\\.\\s?Chr\\.?|nach Christus|CE\\b|AD\\b|A\\.D\\.|d\\.\\s?C\\.|apr\\.\\s?J\\.-C\\.";
// "公元前221年" (Chinese), "紀元前660年" (Japanese): the era comes before the year.
const CJK_ERA_BEFORE = "公元前|西元前|紀元前|纪元前";
const BEFORE_CHRIST = new RegExp(`${ERA_BEFORE}|${CJK_ERA_BEFORE}`, "u");
/** "December 21, 1928", "21 December 1928", "2023-10-02", "1603年", "1904": the date a sentence is about. */
const DATE = new RegExp(
  [
    `(?:${MONTH})\\s+\\d{1,2},?\\s+(1[0-9]{3}|20[0-9]{2})\\b`,
    `\\b\\d{1,2}\\s+(?:${MONTH})\\s+(1[0-9]{3}|20[0-9]{2})\\b`,
    `(?:${MONTH})\\s+(1[0-9]{3}|20[0-9]{2})\\b`,
    "\\b(1[0-9]{3}|20[0-9]{2})-[01]\\d-[0-3]\\d\\b",
    // A year of any length with its era ("222 v. Chr.", "313 AD", "AD 79") or its announcement
    // ("Im Jahr 774", "in the year 800").
    `\\b(\\d{1,4})\\s?(?:${ERA_BEFORE}|${ERA_AFTER})`,
    "\\b(?:AD|A\\.D\\.)\\s?(\\d{1,4})\\b",
    "(?<=\\b(?:[Ii]m [Jj]ahre?|[Ii]n the year|[Ee]n el año|[Ee]n l['’]an|[Nn]o ano|[Nn]ell['’]anno)\\s)(\\d{1,4})\\b",
    // "公元前2070年", "公元618年", "紀元前660年": a year of any length after its era.
    `(?:${CJK_ERA_BEFORE}|公元|西元|紀元|纪元)(\\d{1,4})年`,
    // "1680年代" is the 1680s, not the year 1680 followed by "代".
    "(?<![\\d.,])(1[0-9]{3}|20[0-9]{2})年(?:代|\\d{1,2}月(?:\\d{1,2}日)?)?",
    // A bare year, not a version, a count or part of a name ("Windows 2000", "PEP 602", "1,928").
    // …nor a count ("1300 visits", "2000 people").
    "(?<![\\d.,:/#-]|\\b(?:Windows|Office|ISO|PEP|No\\.?|Nr\\.?|Art\\.?)\\s)(1[0-9]{3}|20[0-9]{2})(?![\\d.,]\\d|\\s?%|[-/]\\d|\\s+\\p{Ll}+s\\b)\\b",
  ].join("|"),
  "u",
);
const CAPS_LABEL = /^\s*\p{Lu}[\p{Lu}\s&/]{2,40}:\s+/u;
const WEEKDAY_BEFORE =
  /[\s,:–—-]*\b(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Mon|Tue|Wed|Thu|Fri|Sat|Sun)\.?,?\s*$/i;
/** What leads a date and goes with it: "in", "Im Jahr", "en el año", "Ab". */
const DATE_LEAD =
  /(^|\s)(?:in the year|im jahre?|en el año|en l['’]an|no ano|nell['’]anno|in|on|by|from|since|during|until|en|el|em|im|am|ab|um|seit|bis|dans|depuis|au|le|nel|dal|w|в|с)\s+$/iu;
/** Languages that put the verb second: with the date gone from the front, the verb would lead. */
const VERB_SECOND = new Set(["de", "nl", "sv", "da", "no", "nb", "nn", "is"]);
const COMPARISON =
  /\b(?:compared|than|from|versus|vs\.?|against|frente a|comparado|respecto|desde|par rapport|contre|gegenüber|im vergleich|verglichen|rispetto|em relação)\b/i;
const TIMELINE_EVENTS = { min: 4, max: 5 };
/** Words of an event's text: five of them fit one row of the timeline layout. */
const EVENT_WORDS = 10;
const STEPS = { min: 3, perSlide: 6 };
/** Parts with a bulleted list of actions each: so many make a plan's to-dos, not one procedure. */
const TASK_LIST_PARTS = 3;
/** The sentence before a list may lead its steps when it is this short. */
const INTRO_WORDS = 20;
/** Share of a numbered list's items that must read as instructions for it to become steps. */
const INSTRUCTIONS = 0.6;
const IMPERATIVE_OBJECT =
  /^\p{Lu}\p{Ll}+ (?:your|the|a|an|them|it|all|each|this|these|those|up|off|out|down)\b/u;
/** A bulleted list is a procedure only when nearly every item is an instruction. */
const BULLETED_INSTRUCTIONS = 0.8;

type TStructureOptions = {
  phrases: TPhrases;
  verbosity: TVerbosity;
  /** ISO code of the source's language: English instructions are told by their verbs. */
  language: string;
  /** Slides the structure may take. */
  maxSlides: number;
  /** The document's own title: "MySQL vs PostgreSQL" names the two options it compares. */
  title?: string;
  /** The document's sections: numbered parts of a how-to are its steps. */
  sections?: readonly TSection[];
  /** Headings of the document's numbered parts, in order (an agenda's items). */
  numberedParts?: readonly string[];
};

/** The document's comparison, steps, timeline and metrics slides, at most `maxSlides` (none when it has no such structure). */
export function planStructure(units: readonly TUnit[], opts: TStructureOptions): TStructureSlide[] {
  const out: TStructureSlide[] = [];
  const comparison = opts.maxSlides > 0 ? comparisonSlide(units, opts) : null;
  if (comparison) out.push(comparison);
  const taken = new Set(comparison?.units ?? []);
  // Numbered parts that are steps are the document's steps; a list inside one of them is that
  // step's detail.
  const parts = out.length < opts.maxSlides ? (sectionSteps(units, opts) ?? agendaItems(units, opts)) : null;
  const steps = parts
    ? [parts]
    : stepSlides(
        units.filter((u) => !taken.has(u)),
        opts,
        Math.max(1, Math.floor((opts.maxSlides - out.length) / 2)),
      );
  out.push(...steps);
  for (const u of steps.flatMap((s) => s.units)) taken.add(u);
  // Each kind in turn, from the units no slide before it showed, while the deck has room.
  const next = (make: (rest: readonly TUnit[], opts: TStructureOptions) => TStructureSlide | null) => {
    if (out.length >= opts.maxSlides) return;
    const slide = make(
      units.filter((u) => !taken.has(u)),
      opts,
    );
    if (!slide) return;
    out.push(slide);
    for (const u of slide.units) taken.add(u);
  };
  if (!hasDatedList(units)) next(timelineSlide);
  next(phasesSlide);
  if (readsAsEnglish(opts.language)) next(periodsSlide);
  // (A measure's milestones may be the timeline's events too: the chart shows none of its own.)
  next((_, o) => milestoneSlide(units, o));
  next(enumeratedFiguresSlide);
  next(metricsSlide);
  next(numberedCardsSlide);
  if (out.length < opts.maxSlides) {
    const cards = cardsSlides(
      units.filter((u) => !taken.has(u)),
      opts,
      opts.maxSlides - out.length,
    );
    out.push(...cards);
  }
  return out.slice(0, opts.maxSlides);
}

// A figure: currency (a sign or an ISO code: "USD 16,690 million"), a number with thousands
// separators or decimals, a unit or scale word.
const FIGURE = new RegExp(
  String.raw`(?<![\p{L}\d.,$€£])((?:${CURRENCY}\s?)?\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?:${CURRENCY}\s?)?\d+(?:\.\d+)?)(\s?(?:%|percent|per cent)|\s(?:million|billion|trillion|thousand)|(?:bn|m|k)\b)?`,
  "gu",
);
const MONEY = new RegExp(CURRENCY);
/** Verbs that state a figure of the subject before them: "Revenue was $36.9 billion". */
const STATES =
  /\s(?:(?:has|have|had)\s+(?:now\s+)?)?(?:(?:was|were|is|are)(?:\s+now)?(?:\s+at)?|reached|totaled|totalled|rose to|fell to|grew to|increased to|decreased to|dropped to|climbed to|came to|stood at|stands at|amounted to|hit)\s+(?:about |around |nearly |almost |more than |over |under |roughly |some |approximately |an estimated )?$/i;
/** "…have increased the likelihood of an above-normal season to 45%": what was moved, and where to. */
const MOVED_TO =
  /\b(?:increased|raised|lowered|reduced|cut|boosted|lifted|revised)\s+(?:the\s+|its\s+|their\s+)?([^,;:()]{3,80}?)\s+to\s+$/i;
/** "a 90 percent chance of a below-normal season": a share of what follows. */
const SHARE_OF = /^\s+(?:chance|probability|likelihood|share|risk|odds)\s+(?:of|that)\s/i;
const METRICS = { min: 3, max: 4, labelWords: 9, perUnit: 3, headingWords: 6 };
/** "will go to 27 projects …", "to eight projects …": how many recipients an amount goes to, and what they are. */
const GIVEN_TO =
  /^\s+(?:(?:will|would)\s+go|goes|went|is\s+going)?\s*to\s+(\d[\d,]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+([^,;:()]+?)(?=\s*(?:,|;|\band\b\s+[$€£]|\.\s|\.?$))/i;
/** "…revenue of ", "…net income of about ": an amount given as what something is of. */
const AMOUNT_OF = /\s+of\s+(?:about |around |nearly |almost |approximately |over |more than )?$/i;
/** "…ended ", "…ending ", "…fiscal ", "…as of ": what a reporting period's date follows. */
const REPORTING_PERIOD = /\b(?:ended|ending|through|as of|fiscal(?:\s+year)?|FY)\s*$/i;
/**
 * "An increase of $32.4 million", "the selection of $267 million": the figure of a change or of
 * an act (a noun made of a verb), not of a measure.
 */
const CHANGE_NOUN =
  /\b(?:increase|decrease|rise|gain|growth|decline|drop|fall|change|loss of|total|sum|amount|range|average|charge|maximum|minimum|\p{L}+(?:tion|sion|ment))s?$/iu;
const APPROXIMATION = /^(?:over|about|around|nearly|almost|roughly|approximately)$/i;
const ALLOCATED = /^\s+for\s+([^,;:.()]+)/i;
const LIST_SUBJECT =
  /(?:^|[;:(–—]\s*)(\p{L}[\p{L}\s-]*(?:,\s+\p{L}[\p{L}\s-]*)+,?\s+(?:and|or)\s+\p{L}[\p{L}\s-]*)$/u;

/**
 * The text's figures as metric cards, each labelled with the noun phrase it measures: the subject
 * that "was" the figure ("Operating income was $13.9 billion" → Operating income), or the noun
 * phrase the figure counts ("14,588 earthquakes of magnitude 4.0 or greater"). A figure whose
 * label is not a clean noun phrase is left in its sentence. In other languages, the noun each
 * figure counts (readFigures).
 */
function metricsSlide(units: readonly TUnit[], opts: TStructureOptions): TStructureSlide | null {
  const found: { unit: TUnit; value: string; label: string }[] = [];
  const labels = new Set<string>();
  const values = new Set<string>();
  for (const unit of units) {
    if (found.length === METRICS.max) break;
    if (unit.kind === "table" || unit.tableOf !== undefined || unit.quote) continue;
    // "…data on 31,140 patients treated in RCTs and 20,380 comparable patients treated outside
    // RCTs": a sentence may state two figures.
    const text = plainText(unit.text);
    const reads = readFigures(text, opts.language);
    // "73 outcomes were compared, of which 59 reported no significant differences": a sentence
    // whose other figures have no label says more than its cards would; it stays a sentence.
    if (
      reads.length > METRICS.perUnit ||
      significantFigures(text).some((f) => !reads.some((r) => r.value === f))
    )
      continue;
    // A second figure of the same kind only ("31,140 patients… and 20,380 comparable patients"):
    // "$121.8 million for 148 selectees" is an amount, its count a detail of it.
    const kind = reads[0] && figureKind(reads[0].value);
    for (const read of reads.filter((r, i) => i === 0 || figureKind(r.value) === kind)) {
      const label = fitLabel(read.label, WORD_CAPS[opts.verbosity] - countWords(read.value));
      if (!label) continue;
      const metric = { ...read, label };
      const key = metric.label.toLowerCase();
      if (labels.has(key) || values.has(metric.value)) continue;
      labels.add(key);
      values.add(metric.value);
      found.push({ unit, ...metric });
      if (found.length === METRICS.max) break;
    }
  }
  if (found.length < METRICS.min) return null;
  // Figures that are the entries of one list keep the sentence that introduces it above them.
  const first = found[0].unit;
  const oneList =
    first.kind === "item" && found.every((f) => f.unit.kind === "item" && f.unit.group === first.group);
  const intro = oneList ? listIntro(units, first) : undefined;
  // Figures all from one part ("Results") are that part's slide: it keeps the part's name.
  const heading =
    first.heading && found.every((f) => f.unit.heading === first.heading) ? first.heading : undefined;
  return {
    kind: "metrics",
    units: [...(intro ? [intro] : []), ...found.map((f) => f.unit)],
    slide: {
      title: heading && countWords(heading) <= METRICS.headingWords ? heading : opts.phrases.byTheNumbers,
      ...(intro ? { body: plainText(intro.text) } : {}),
      bullets: found.map((f) => `${f.value} — ${f.label}`),
      notes: found.map((f) => plainText(f.unit.text)).join("\n"),
    },
  };
}

const PHASES = { min: 4, max: 6 };
/**
 * A part named by when it happens: "Week 1: Data Gathering & Analysis", "Q3 2025", "Phase 2 —
 * Pilot", "End of the First Quarter", "Mid-year Milestones". (The timeline layout reads the same
 * names as dates: lib/generate/content-shape.ts.)
 */
const PHASE_HEADING = new RegExp(
  `^((?:${PHASE_NAMES})(?:\\s+(?:\\d{4}|FY\\s?\\d{2,4}))?)(?:\\s*(?::|—|–|\\s-\\s)\\s*(\\S.*))?$`,
  "iu",
);

/** "By the end of the first quarter, ", "During the third quarter, ": when, which a phase's name says. */
const PERIOD_LEAD =
  /^(?:by|at|in|during|over|before|after|from|until|through|throughout)\s+[^,]{0,40}\b(?:year|quarter|month|week|phase|stage|half|sprint)s?\b[^,]{0,20},\s*/i;

/**
 * A roadmap's parts named by when they happen, four or more in a row ("Start of the Year", "End
 * of the First Quarter", "Mid-year Milestones", …; "Week 1: …", "Week 2: …"): a timeline of the
 * phases, each with its name or, when the heading is only the period, the part's opening sentence.
 */
function phasesSlide(units: readonly TUnit[], opts: TStructureOptions): TStructureSlide | null {
  const free = new Set(units);
  const events: { label: string; text: string; unit?: TUnit }[] = [];
  let best: typeof events = [];
  for (const section of opts.sections ?? []) {
    const m = PHASE_HEADING.exec(plainText(section.heading ?? "").trim());
    if (!m) {
      if (events.length > best.length) best = [...events];
      events.length = 0;
      continue;
    }
    const named = m[2]?.trim();
    if (named) {
      events.push({ label: m[1].trim(), text: named });
      continue;
    }
    // The part's first sentence that reads whole in a few words, without the period it opens on
    // ("By the end of the first quarter, the team focuses on…": the label says when).
    let event: (typeof events)[number] = { label: m[1].trim(), text: "" };
    for (const unit of section.units) {
      if (unit.kind !== "sentence" || !free.has(unit)) continue;
      const text = plainText(unit.text).replace(PERIOD_LEAD, "");
      const short = compressSentence(text, { maxWords: EVENT_WORDS, allowOver: 2, keepPeriod: false });
      if (short.quality < 0.5) continue;
      event = { ...event, text: short.text, unit };
      break;
    }
    events.push(event);
  }
  if (events.length > best.length) best = events;
  if (best.length < PHASES.min || best.some((e) => !e.text)) return null;
  const chosen = best.slice(0, PHASES.max);
  return {
    kind: "timeline",
    units: chosen.flatMap((e) => (e.unit ? [e.unit] : [])),
    slide: {
      title: opts.phrases.timeline,
      bullets: chosen.map((e) => `${e.label} — ${e.text[0].toUpperCase()}${e.text.slice(1)}`),
      notes: chosen.map((e) => (e.unit ? plainText(e.unit.text) : e.text)).join("\n"),
    },
  };
}

const PERIODS = { min: 3, max: 8, words: 12 };
const COUNT_WORD =
  "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|eighteen|twenty(?:[\\s-](?:one|two|three|four|five|six|seven|eight|nine))?|thirty(?:[\\s-](?:one|two|three|four|five|six|seven|eight|nine))?|\\d+(?:\\.\\d+)?";
/** "The first *five months*", "During the next 2 weeks", "For the following thirty six months": a period that opens an entry. */
const PERIOD = new RegExp(
  `^(?:(?:during|for|in|over|within)\\s+)?(?:the\\s+)?((?:first|next|following|final|last|remaining)\\s+)?\\*{0,2}((?:${COUNT_WORD})\\s+(?:days?|weeks?|months?|quarters?|years?))\\*{0,2}\\s*(?:\\([^()]{1,20}\\)\\s*)?,?\\s*`,
  "i",
);

/**
 * A list whose every entry opens on a period ("The first *five months* overlap with…", "The next
 * *seven months* are spent on versioned alpha releases…", "The following *three months*…"): a
 * schedule of phases, shown as a table of each period and what it is for, under the sentence that
 * introduces the list.
 */
function periodsSlide(units: readonly TUnit[], opts: TStructureOptions): TStructureSlide | null {
  for (const list of lists(units)) {
    if (list.length < PERIODS.min || list.length > PERIODS.max) continue;
    const rows = list.map((unit) => {
      const text = plainText(unit.text).replace(/\*+/g, "");
      const m = PERIOD.exec(text);
      if (!m) return null;
      // "…are spent on four versioned beta releases where…" → "Four versioned beta releases where…".
      const rest = text
        .slice(m[0].length)
        .replace(/^(?:it\s+|they\s+)?(?:(?:are|is|will be|was|were)\s+)?(?:spent\s+(?:on|in|with)\s+)?/i, "");
      const what = compressSentence(rest, { maxWords: PERIODS.words, allowOver: 2, keepPeriod: false });
      if (what.quality < 0.5 || countWords(what.text) < 2) return null;
      const period = `${m[1] ?? ""}${m[2]}`.trim();
      return [period[0].toUpperCase() + period.slice(1), what.text[0].toUpperCase() + what.text.slice(1)];
    });
    if (rows.some((r) => !r)) continue;
    const intro = listIntro(units, list[0]);
    const heading = list[0].heading;
    return {
      kind: "metrics",
      units: [...(intro ? [intro] : []), ...list],
      slide: {
        title: heading && countWords(heading) <= METRICS.headingWords + 2 ? heading : opts.phrases.timeline,
        ...(intro ? { body: plainText(intro.text).replace(/:\s*$/, ".") } : {}),
        bullets: [],
        // (English only, as the periods are read: the header says what each column holds.)
        table: { header: ["Period", "What happens"], rows: rows as string[][] },
        notes: list.map((u) => plainText(u.text)).join("\n"),
      },
    };
  }
  return null;
}

const ENUMERATED = { min: 3, max: 12, nameWords: 4 };
/** "Frankfurt am Main (3,4 Mio. Gäste)", "Köln (2,4 Mio.)": a name and its figure in brackets. */
const NAMED_FIGURE =
  /(\p{Lu}[\p{L}.'’-]*(?:\s+(?:\p{Lu}[\p{L}.'’-]*|am|an|de|del|der|di|du|la|le|of|on|upon|sur|im|in))*)\s*\((~?\s?(?:ca\.\s?)?[$€£¥]?\s?\d[\d.,]*\s?(?:%|[\p{L}.]{1,12}\.?)?)(?:\s+([\p{L}-]{2,24}))?\)/gu;

/**
 * A sentence that lists names each with a figure in brackets ("Zu weiteren beliebten Städten
 * gehörte 2010 Frankfurt am Main (3,4 Mio. Gäste), Köln (2,4 Mio.), Düsseldorf (1,9 Mio.), Dresden
 * (1,5 Mio) und Stuttgart (1,4 Mio.)"): a table of each name and its figure, in the text's order,
 * the counted noun the first one names heading the figures, the sentence's opening above it.
 */
function enumeratedFiguresSlide(units: readonly TUnit[], opts: TStructureOptions): TStructureSlide | null {
  for (const unit of units) {
    if (unit.kind === "table" || unit.tableOf !== undefined || unit.quote) continue;
    const text = plainText(unit.text);
    const found = [...text.matchAll(NAMED_FIGURE)];
    if (found.length < ENUMERATED.min || found.length > ENUMERATED.max) continue;
    // One list: only a comma or "and" between one entry and the next.
    const joined = found.slice(1).every((m, i) => {
      const prev = found[i];
      const gap = text.slice((prev.index ?? 0) + prev[0].length, m.index ?? 0);
      return /^\s*(?:,|,?\s+(?:and|und|y|e|et|en|och|og|i|и|ve))\s*$/iu.test(gap);
    });
    if (!joined || found.some((m) => countWords(m[1]) > ENUMERATED.nameWords)) continue;
    // "Smith (2019), Jones (2020) and Lee (2021)": years in brackets cite, they do not measure.
    if (found.some((m) => /^(?:1\d{3}|20\d{2})$/.test(m[2].trim()))) continue;
    const counted = found[0][3];
    const lead = text
      .slice(0, found[0].index ?? 0)
      .trim()
      .replace(/[,:;]$/, "");
    const heading = unit.heading;
    return {
      kind: "metrics",
      units: [unit],
      slide: {
        title: heading && countWords(heading) <= METRICS.headingWords ? heading : opts.phrases.byTheNumbers,
        ...(countWords(lead) >= 3 ? { body: `${lead[0].toUpperCase()}${lead.slice(1)}:` } : {}),
        bullets: [],
        table: {
          header: ["", counted ? counted[0].toUpperCase() + counted.slice(1) : ""],
          rows: found.map((m) => [m[1].trim(), m[2].trim()]),
        },
        notes: text,
      },
    };
  }
  return null;
}

const MILESTONES = { min: 3, max: 10 };
/** "約50万人", "over 1,200", "12.5%": a figure's approximation, number and unit. */
const MILESTONE_VALUE = /^(\D*?)\s*(\d[\d,.]*)\s*(\S{0,6})$/u;

/**
 * One measure the text states at three dates or more ("1990年8月 入園者50万人を達成", "1995年5月
 * 入園者100万人を達成", "2009年9月 入園者200万人を達成"): its growth as a table of date and figure,
 * which the layout draws as a chart. The events stay on the timeline; this slide shows no unit of
 * its own, only how the figure moved.
 */
function milestoneSlide(units: readonly TUnit[], opts: TStructureOptions): TStructureSlide | null {
  const groups = new Map<string, { unit: TUnit; date: string; value: string; label: string }[]>();
  for (const unit of units) {
    if (unit.kind === "table" || unit.tableOf !== undefined || unit.quote) continue;
    const text = plainText(unit.text);
    const date = readDatedLine(text)?.date;
    if (!date) continue;
    const figures = readFigures(text, opts.language);
    if (figures.length !== 1) continue;
    const key = figures[0].label.toLowerCase();
    groups.set(key, [...(groups.get(key) ?? []), { unit, date, ...figures[0] }]);
  }
  for (const group of groups.values()) {
    const dated = [...new Map(group.map((g) => [g.date, g])).values()];
    if (dated.length < MILESTONES.min || dated.length > MILESTONES.max) continue;
    const values = dated.map((g) => MILESTONE_VALUE.exec(g.value.trim()));
    // One unit for all ("万人"), so the figures compare.
    if (values.some((v) => !v) || new Set(values.map((v) => v?.[3])).size !== 1) continue;
    const suffix = values[0]?.[3] ?? "";
    const label = suffix ? `${dated[0].label} (${suffix})` : dated[0].label;
    // After the list (or paragraph) of its last milestone: the chart follows the story it sums up.
    const lastGroup = dated[dated.length - 1].unit.group;
    return {
      kind: "metrics",
      units: [],
      at: Math.max(...units.filter((u) => u.group === lastGroup).map((u) => u.id)),
      slide: {
        title: label,
        bullets: [],
        table: {
          header: ["", label],
          rows: dated.map((g, i) => [g.date, values[i]?.[2] ?? g.value]),
        },
        notes: dated.map((g) => plainText(g.unit.text)).join("\n"),
      },
    };
  }
  return null;
}

// (quality: how well a long entry's sentence shortens; below it the card would end on a dangling
// word, "…books with Markdown, ideal".)
const CARDS = { min: 3, max: 6, share: 0.6, labelWords: 5, bodyWords: 16, headingWords: 10, quality: 0.8 };

/**
 * A list of named entries ("**No product owner:** agency won't provide dedicated resources…",
 * "VitePress: A modern SSG built on Vite…") as cards: each entry's name over the first sentence
 * of what it says. The list with the most such entries, when most of its items are named; titled
 * by the sentence that introduces it when that names them, else by its part's heading with that
 * sentence above the cards. Dated entries and figures are the timeline's and the metrics'
 * material, not cards.
 */
function cardsSlides(units: readonly TUnit[], opts: TStructureOptions, maxSlides: number): TStructureSlide[] {
  let best: { unit: TUnit; label: string; body: string }[] = [];
  let bestList: TUnit[] = [];
  for (const list of lists(units)) {
    if (list[0].ordered || list.some((u) => u.quote)) continue;
    const cards = list.flatMap((unit) => {
      const card = cardOf(unit, opts.verbosity);
      return card ? [{ unit, ...card }] : [];
    });
    // Most of the list's items are named (whether or not each one's text fits a card).
    const named = list.filter((u) => splitLabel(u.text)).length;
    const labels = new Set(cards.map((c) => c.label.toLowerCase()));
    if (cards.length < CARDS.min || named < list.length * CARDS.share || labels.size < cards.length) continue;
    if (cards.length > best.length) [best, bestList] = [cards, list];
  }
  if (!best.length) return [];
  // (Introduced above its first item, whether or not that item makes a card.)
  const intro = listIntro(units, bestList[0]);
  // "Some signs the project should be paused include:" names the cards better than the part's
  // heading, which the part's other sentences keep; so does a name on the line above the list
  // ("Energy Efficiency Glossary").
  const named = intro && readsAsEnglish(opts.language) ? introTitle(plainText(intro.text)) : undefined;
  const before = units.find((u) => u.id === bestList[0].id - 1 && u.kind === "sentence");
  const nameLine =
    before &&
    !/[.!?:;,]$/.test(plainText(before.text).trim()) &&
    countWords(before.text) <= CARDS.headingWords
      ? before
      : undefined;
  const heading = best[0].unit.heading;
  const title =
    named ??
    (nameLine ? plainText(nameLine.text).trim() : undefined) ??
    (heading && countWords(heading) <= CARDS.headingWords ? heading : undefined);
  if (!title) return [];
  // A list longer than one slide's cards goes on over a second, shared evenly ("Key Contents of a
  // README": ten entries, five and five), when the deck has room; else its first cards are shown.
  const slides = best.length > CARDS.max && maxSlides >= 2 ? 2 : 1;
  const per = slides === 2 ? Math.ceil(Math.min(best.length, 2 * CARDS.max) / 2) : CARDS.max;
  return Array.from({ length: slides }, (_, s) => {
    const shown = best.slice(s * per, (s + 1) * per);
    const lead = s === 0 ? [...(intro ? [intro] : []), ...(nameLine ? [nameLine] : [])] : [];
    return {
      kind: "cards" as const,
      units: [...lead, ...shown.map((c) => c.unit)],
      slide: {
        title: s === 0 ? title : `${title} ${opts.phrases.cont}`,
        ...(s === 0 && intro && !named ? { body: plainText(intro.text) } : {}),
        bullets: shown.map((c) => `${c.label}: ${c.body}`),
        notes: shown.map((c) => plainText(c.unit.text)).join("\n"),
      },
    };
  });
}

/** "Some signs the project should be paused include:" → "Signs the project should be paused". */
function introTitle(intro: string): string | undefined {
  const phrase = intro
    .replace(/:\s*$/, "")
    .replace(/^(?:some|the following|here are|these are|there are)\s+/i, "")
    .replace(/\s+(?:include|includes|are|are as follows|is as follows|as follows)$/i, "")
    .trim();
  if (countWords(phrase) > CARDS.headingWords - 2) return undefined;
  // "Key Contents of a README:": a label of the list, when it has no verb, names it as it stands.
  if (phrase === intro.replace(/:\s*$/, "").trim())
    return /:\s*$/.test(intro) && readsAsNounPhrase(phrase) ? phrase : undefined;
  // A noun leads it: "Signs the project…", not "For .md sources, several…".
  if (!/^\p{L}/u.test(phrase) || !nlp(phrase).terms().first().has("#Noun")) return undefined;
  return phrase[0].toUpperCase() + phrase.slice(1);
}

const NUMBERED_CARD_QUALITY = 0.5;

/**
 * A numbered list of who or what to turn to ("1. Your **Account Manager** is your first stop…",
 * "2. The **Director of Account Management** can be an escalation path…"): cards in the list's
 * order, numbered, each named by the subject the text sets in bold, under the part's heading (or
 * the line that introduces the list). The longest such list; instructions are the steps' already.
 */
function numberedCardsSlide(units: readonly TUnit[], opts: TStructureOptions): TStructureSlide | null {
  let best: { unit: TUnit; label: string; body: string }[] = [];
  for (const list of lists(units)) {
    if (!list[0].ordered || list.length < CARDS.min || list.length > CARDS.max || list.length <= best.length)
      continue;
    if (list.some((u) => u.quote)) continue;
    const cards = list.flatMap((unit, i) => {
      const card = numberedCardOf(unit, i + 1, opts.verbosity);
      return card ? [{ unit, ...card }] : [];
    });
    if (cards.length === list.length) best = cards;
  }
  if (!best.length) return null;
  const intro = listIntro(units, best[0].unit);
  const named = intro && readsAsEnglish(opts.language) ? introTitle(plainText(intro.text)) : undefined;
  const heading = best[0].unit.heading;
  const title = named ?? (heading && countWords(heading) <= CARDS.headingWords ? heading : undefined);
  if (!title) return null;
  return {
    kind: "cards",
    units: [...(intro ? [intro] : []), ...best.map((c) => c.unit)],
    slide: {
      title,
      ...(intro && !named ? { body: plainText(intro.text) } : {}),
      bullets: best.map((c) => `${c.label}: ${c.body}`),
      notes: best.map((c) => plainText(c.unit.text)).join("\n"),
    },
  };
}
/** "Your **Supervisor** or **Facilitator/Lead** knows…": the subject set in bold, and what follows it. */
const BOLD_SUBJECT =
  /^(?:(?:your|the|our|a|an)\s+)?\*\*([^*]{2,40})\*\*((?:\s+(?:or|and|&)\s+\*\*[^*]{2,40}\*\*)*)\s*(?:\([^()]{1,12}\))?\s*(?:[-–—:,]\s*)?(\S.*)$/i;

/** The n-th item of a numbered list as a card named "n. Subject", or null when no bold subject opens it. */
function numberedCardOf(
  unit: TUnit,
  n: number,
  verbosity: TVerbosity,
): { label: string; body: string } | null {
  const m = BOLD_SUBJECT.exec(unit.text.trim());
  // ("**Guilds, crit groups, and chapter** - these are…" was read as a label already.)
  const labelled = m ? null : splitLabel(unit.text);
  if (!m && !labelled) return null;
  const name = plainText(m ? `${m[1]}${m[2]}` : (labelled?.[0] ?? ""))
    .replace(/\s+/g, " ")
    .trim();
  if (countWords(name) > CARDS.labelWords) return null;
  const first = splitSentences(plainText(m ? m[3] : (labelled?.[1] ?? "")))[0] ?? "";
  const budget = textBudget(verbosity, name);
  const short = compressSentence(first, {
    maxWords: Math.min(CARDS.bodyWords, budget.maxWords),
    allowOver: budget.allowOver,
    keepPeriod: false,
  });
  // (A numbered card keeps its place in the list: a shortened text that still says what the
  // subject does serves it better than no card.)
  if (short.quality < NUMBERED_CARD_QUALITY || countWords(short.text) < 3) return null;
  const body = short.text.replace(/[,;:]$/, "");
  return { label: `${n}. ${name}`, body: body[0].toUpperCase() + body.slice(1) };
}

/** An entry's name and the first sentence of what it says, short enough for a card; null when it has none. */
function cardOf(unit: TUnit, verbosity: TVerbosity): { label: string; body: string } | null {
  const labelled = splitLabel(unit.text);
  if (!labelled) return null;
  const label = plainText(labelled[0]).replace(/[:.]$/, "").trim();
  const first = splitSentences(plainText(labelled[1]))[0] ?? "";
  if (countWords(label) > CARDS.labelWords || countWords(first) < 3) return null;
  // (A text that opens on its figure is a metric's, unless no metric reads it: "Duration: 2-3
  // weeks of planning activities".)
  if (DATE.test(label) || DATE.test(first) || (/^\W*\d/.test(first) && readMetric(plainText(unit.text))))
    return null;
  // Name and text within the verbosity's word budget, as every bullet.
  const budget = textBudget(verbosity, label);
  const maxWords = Math.min(CARDS.bodyWords, budget.maxWords);
  const short = compressSentence(first, { maxWords, allowOver: budget.allowOver, keepPeriod: false });
  const fits = (text: string) => countWords(text) >= 3 && countWords(text) <= maxWords + budget.allowOver;
  // "A clear and concise title of the project and a brief overview of its purpose…": a description
  // without a verb is two noun phrases; the first stands alone.
  const firstPhrase = hasVerb(first)
    ? undefined
    : first.split(/\s(?:and|or)\s(?=(?:a|an|the|its|their)\s)/i)[0];
  const text =
    short.quality >= CARDS.quality && fits(short.text)
      ? short.text
      : firstPhrase && firstPhrase !== first && fits(firstPhrase)
        ? firstPhrase
        : undefined;
  if (!text) return null;
  const body = text.replace(/[,;:]$/, "");
  return { label, body: body[0].toUpperCase() + body.slice(1) };
}

/**
 * A label within the bullet's word budget: a long one loses what qualifies its noun ("Income for
 * the first eight months of the year" → "Income"); null when even that does not fit.
 */
function fitLabel(label: string, budget: number): string | null {
  if (countWords(label) <= budget) return label;
  const head = label.split(/\s(?:for|in|during|from|of|at|on|since|over)\s/)[0].trim();
  return head && countWords(head) <= budget ? head : null;
}

/** An amount of money, a share or a count. */
function figureKind(value: string): "money" | "share" | "count" {
  if (/%|percent/i.test(value)) return "share";
  return MONEY.test(value) || /\b(?:USD|EUR|GBP|JPY|CHF)\b/.test(value) ? "money" : "count";
}

/**
 * The figures of a second finding in a sentence ("…, of which 59 reported no significant
 * differences", "…; 12 were closed"): not years, not counts below ten, not those in brackets.
 */
function significantFigures(text: string): string[] {
  const clause = /\b(?:of which|of whom|whereas|while)\b|;/i.exec(text);
  if (!clause) return [];
  const outside = text.slice(clause.index).replace(/\([^()]*\)/g, " ");
  return [...outside.matchAll(FIGURE)]
    .map((m) => `${m[1]}${m[2] ?? ""}`.trim())
    .filter((value) => {
      const digits = value.replace(/[^\d.]/g, "");
      return !/^(?:1[0-9]{3}|20[0-9]{2})$/.test(value) && (Number(digits) >= 10 || /[%$€£]/.test(value));
    });
}

/**
 * A sentence's labelled figures: in English the noun phrase each measures (readUnitMetrics), in
 * other languages the noun each counts (counted-figures.ts).
 */
function readFigures(text: string, language: string): { value: string; label: string }[] {
  return readsAsEnglish(language) ? readUnitMetrics(text) : readCountedFigures(text, language);
}

/** The first figure of a sentence with a noun-phrase label, or null. */
export function readUnitMetric(text: string): { value: string; label: string } | null {
  return readUnitMetrics(text)[0] ?? null;
}

/** Every figure of a sentence that has a noun-phrase label, in order. */
export function readUnitMetrics(text: string): { value: string; label: string }[] {
  const out: { value: string; label: string }[] = [];
  for (const m of text.matchAll(FIGURE)) {
    const value = `${m[1]}${m[2] ?? ""}`.trim();
    const digits = m[1].replace(/[^\d.]/g, "");
    // Years, small bare counts and list numbers are not headline figures.
    if (/^(?:1[0-9]{3}|20[0-9]{2})$/.test(value)) continue;
    if (!m[2] && !MONEY.test(m[1]) && Number(digits) < 10) continue;
    const index = m.index ?? 0;
    const before = text.slice(0, index);
    // "(winds of 39 mph or greater)": a figure in brackets is an aside's.
    if (insideBrackets(before)) continue;
    // "…compared to 664 deaths in 2014": the figure of a comparison is not the headline.
    if (COMPARISON.test(before.slice(-30))) continue;
    // "Revenue was $36.9 billion"; "…today announced revenue of US$25.30 billion": the noun
    // phrase the figure is of, unless it names a change ("an increase of $32.4 million").
    const of = MONEY.test(m[1]) ? AMOUNT_OF.exec(before) : null;
    const ofLabel = of ? nounLabel(before.slice(0, of.index), "end") : null;
    const subject = STATES.exec(before)
      ? nounLabel(before.slice(0, STATES.exec(before)?.index ?? 0), "end")
      : ofLabel &&
          !CHANGE_NOUN.test(ofLabel) &&
          !/^(?:over|from|than|versus|against|compared|vs)\b/i.test(ofLabel)
        ? ofLabel
        : null;
    const after = text.slice(index + m[0].length);
    // "~$88.2 million for 51 selectees for Cleanup Grants": an amount that opens an entry is
    // labelled by what it is for.
    const allocation = /^\s*~?\s*$/.test(before) && MONEY.test(m[1]) ? ALLOCATED.exec(after) : null;
    if (allocation) {
      const purpose = allocation[1].split(/\s(?:that|which|who|to)\s/)[0];
      const label = nounLabel(purpose.split(/\s+for\s+/).pop() ?? "", "start");
      if (label) {
        out.push({ value, label });
        continue;
      }
    }
    // "$69.4 million will go to 27 projects related to advanced manufacturing processes, $25
    // million to eight chemical manufacturing-associated projects": an amount given to projects
    // is labelled by what they are.
    const given = MONEY.test(m[1]) ? GIVEN_TO.exec(after) : null;
    if (given) {
      const [, count, what] = given;
      const parts = /^(.+?)\s+(related to|for|that|which|who|in|on|to)\s+(.+)$/i.exec(what);
      // "…projects related to advanced manufacturing processes": what they are about; else the
      // recipients counted ("11 initiatives").
      const about =
        parts && /^(?:related to|for)$/i.test(parts[2]) ? nounLabel(parts[3], "start", true) : null;
      const recipients = nounLabel(parts ? parts[1] : what, "start", true);
      const label = about ?? (recipients ? `${count} ${recipients.toLowerCase()}` : null);
      if (label) {
        out.push({ value, label });
        continue;
      }
    }
    // "by 28 March", "March 12": a day of a month is a date, not a figure.
    if (new RegExp(`^\\s*(?:${MONTH})`, "i").test(after) || new RegExp(`(?:${MONTH})\\s*$`, "i").test(before))
      continue;
    // A share is labelled by its subject only ("increased 40% GAAP" says nothing of what grew); a
    // count by what it counts, when a verb states it ("there were 19 earthquakes", "caused 9,612
    // deaths"), not "the last 30 days".
    // "73 dichotomous outcomes were compared", "data on 31,140 patients treated in RCTs": a
    // count that opens its sentence, or follows a preposition, names what it counts after it.
    const words = before.trim().split(/\s+/);
    const lastWord = words.at(-1) ?? "";
    // ("added over 1,100 new customers": a verb may stand before the approximation.)
    const approximated = APPROXIMATION.test(lastWord) && nlp(words.at(-2) ?? "").has("#Verb");
    const stated =
      lastWord === "" || /^(?:on|of|from|among|across|including|and|or)$/i.test(lastWord)
        ? !/%|percent/.test(value)
        : approximated || nlp(lastWord).has("#Verb");
    const share = /%|percent/.test(value);
    const moved = subject ? null : MOVED_TO.exec(before);
    const label =
      subject ??
      (moved ? nounLabel(moved[1], "start") : null) ??
      (share && /\b(?:a|an)\s*$/i.test(before) && SHARE_OF.test(after) ? shareLabel(after) : null) ??
      (share || !stated ? null : nounLabel(after, "start"));
    // "Over 1,100": the card states the figure as the text does.
    if (label)
      out.push({ value: approximated ? `${capitalise(lastWord.toLowerCase())} ${value}` : value, label });
  }
  return out;
}

/** "…for the third quarter of fiscal 2007", "…in fiscal 2022", "…for the full year": when, not what. */
const PERIOD_PHRASE =
  /\s+(?:for|in|during|over|of)\s+(?:(?:the\s+)?(?:(?:first|second|third|fourth|final|last|latest|current|same|full|calendar|most\s+recent)\s+)*(?:quarter|year|half|period|month|fiscal\s+year)(?:\s+(?:of|ended|ending)\s+[^,]*)?|(?:fiscal\s+|FY\s?)?(?:\d{4}|Q[1-4](?:\s+\d{4})?))$/i;

/** "chance of a below-normal hurricane season" → "Chance of a below-normal hurricane season". */
function shareLabel(after: string): string | null {
  const text = after
    .trim()
    .split(/[,;:()–—]|\s(?:that|which|who|because|but)\s/)[0]
    .replace(/[.!?]+$/, "")
    .trim();
  if (countWords(text) > METRICS.labelWords || /\d/.test(text)) return null;
  return text[0].toUpperCase() + text.slice(1);
}

/** "Operating income", "Diluted earnings": a noun phrase opens on a noun, an adjective or a participle. */
function isNounOpener(doc: ReturnType<typeof nlp>): boolean {
  return opensPhrase(doc.terms().first());
}

/** A phrase with no verb that opens on a noun or adjective, as it would after "The" ("Key Contents of a README"). */
function readsAsNounPhrase(phrase: string): boolean {
  const terms = nlp(`The ${phrase}`).terms();
  return opensPhrase(terms.eq(1)) && !terms.slice(1).has("#Verb");
}

function opensPhrase(term: { has(match: string): boolean }): boolean {
  return term.has("#Noun") || term.has("#Adjective") || term.has("#Gerund") || term.has("#PastTense");
}

/**
 * A clean noun phrase of at most nine words at the start (what a figure counts) or the end (the
 * subject of "was") of a piece of sentence; null when that piece does not begin or end so.
 * `counted`: the piece follows a count in the text, and its last word is read as it stands there.
 */
function nounLabel(piece: string, side: "start" | "end", counted = false): string | null {
  let text = piece.replace(/\s+/g, " ").trim();
  if (side === "end") {
    // "Global services revenues for the third quarter of fiscal 2007, including consulting and
    // training,": the period and the aside qualify the subject; the label is what is measured.
    text = text
      .replace(/,?\s+(?:including|excluding|such as)\b[^,]*,?$/i, "")
      .replace(/\s*\([^()]*\)/g, "")
      .replace(PERIOD_PHRASE, "");
    // The subject is the last clause before the verb: "In the quarter, revenue" → "revenue";
    // a list is one subject ("Cash, cash equivalents, and marketable securities were…").
    // (A list's first word may read as a verb alone, "Cash": it is taken as it stands.)
    const list = LIST_SUBJECT.exec(text)?.[1]?.trim();
    if (list && countWords(list) <= METRICS.labelWords && !/\d/.test(list))
      return list[0].toUpperCase() + list.slice(1);
    text =
      text
        .split(/[,;:(–—]\s*/)
        .pop()
        ?.trim() ?? "";
    text = text.replace(/^(?:and|but|while|whereas|as|the|a|an|its|their|our|this|that)\s+/i, "");
    // "the company reported revenue was…": the subject of "was" is what follows the reporting verb.
    const reported =
      /\b(?:reported|said|announced|stated|noted|expects?|expected)\s+(?:that\s+)?(?:(?:the|its|their|our)\s+)?(\S.*)$/i.exec(
        text,
      );
    if (reported) text = reported[1];
  } else {
    text = text.split(/[,;:()–—]|\s(?:that|which|who|where|when|because|and|but|to)\s/)[0].trim();
    text = text.replace(/\s+(?:in|on|at|for|by|from|since|during)\s+(?:1[0-9]{3}|20[0-9]{2})\b.*$/, "");
  }
  text = text.replace(/[.!?]+$/, "").trim();
  if (!text || countWords(text) > METRICS.labelWords || /\d{4}/.test(text)) return null;
  if (side === "end")
    text = text.replace(/^(?:globally|overall|nationally|worldwide|together|in total)\s+/i, "");
  const doc = nlp(text);
  if (side === "start") {
    // Tagged after a count, as it stands in the sentence: "14,588 earthquakes" is a noun where
    // "earthquakes" alone reads as a verb. The label runs to the first verb: "workers died…".
    const words = (nlp(`12 ${text}`).terms().json() as { text: string; terms: { tags: string[] }[] }[])
      .slice(1)
      .map((t) => ({ text: t.text, tags: new Set(t.terms[0]?.tags ?? []) }));
    if (
      !words.length ||
      !(words[0].tags.has("Noun") || words[0].tags.has("Adjective") || words[0].tags.has("Verb"))
    )
      return null;
    // "patients treated in RCTs": a participle with its preposition still describes the noun.
    const describes = (i: number) =>
      words[i].tags.has("PastTense") &&
      !words[i - 1].tags.has("Verb") &&
      /^(?:in|outside|within|by|at|from|on|under|with)$/i.test(words[i + 1]?.text ?? "");
    const end = words.findIndex(
      (w, i) =>
        i > 0 &&
        w.tags.has("Verb") &&
        !w.tags.has("Comparative") &&
        !w.tags.has("Adjective") &&
        !describes(i),
    );
    const kept = end < 0 ? words : words.slice(0, end);
    // "…as reported": a preposition left before the cut goes with it.
    while (kept.length > 1 && /^(?:as|in|on|at|by|for|of|with|to)$/i.test(kept[kept.length - 1].text))
      kept.pop();
    // (The tagger splits "above-normal" into two terms: the words are joined as the text has them.)
    const written = text;
    text = kept
      .map((w) => w.text)
      .join(" ")
      .replace(/(\p{L})- (?=\p{L})/gu, (m, letter: string, at: number, all: string) =>
        written.includes(`${letter}-${all.slice(at + 3).split(" ")[0]}`) ? `${letter}-` : m,
      );
    if (!text) return null;
  } else if (!isNounOpener(doc) && !opensPhrase(nlp(`The ${text}`).terms().eq(1))) {
    // ("Total revenues were…": alone, "Total" reads as an order; after "The", as the adjective it is.)
    return null;
  } else if (/^(?:there|it|this|that|these|those|which|who|what)$/i.test(text)) {
    return null;
  } else if (
    nlp(text.replace(/\s+per\s+\p{L}+$/u, ""))
      .terms()
      .slice(1)
      .has("#Verb") ||
    doc.has("#Pronoun")
  ) {
    // "Diluted earnings per share" may open with a participle; a verb after that is a clause.
    return null;
  }
  // "deaths worldwide" → "deaths": a trailing adverb is not part of the name.
  text = text.replace(/\s+(?:worldwide|globally|nationwide|overall|annually|alone|each|total)$/i, "");
  if (/\b(?:of|and|or|for|to|in|on|at|with|by|from|the|a|an)$/i.test(text)) return null;
  // "…of magnitude 4.0 or greater", "…per share": tails that end a noun phrase without a noun.
  const core = text
    .replace(/\s+or\s+(?:greater|more|higher|less|fewer|lower|above|below)$/i, "")
    .replace(/\s+per\s+\p{L}+$/u, "");
  // (What a count counts is tagged after it: "27 projects", where "projects" alone reads as a verb.)
  const tagged = counted ? nlp(`12 ${core}`) : nlp(core);
  if (!tagged.terms().last().has("#Noun") && !/\d$/.test(core)) return null;
  return text[0].toUpperCase() + text.slice(1);
}

/** A list whose items already start with their dates is a timeline of its own slide already. */
export function hasDatedList(units: readonly TUnit[]): boolean {
  const groups = new Map<number, TUnit[]>();
  for (const u of units) if (u.kind === "item") groups.set(u.group, [...(groups.get(u.group) ?? []), u]);
  return [...groups.values()].some((items) => isDatedList(items.map((u) => u.text)));
}

/** Words left for an event's or step's text once its label ("1904 — ", "Step 3 — ") is counted. */
function textBudget(verbosity: TVerbosity, label: string): { maxWords: number; allowOver: number } {
  return {
    maxWords: Math.max(4, WORD_CAPS[verbosity] - countWords(label)),
    allowOver: ALLOW_OVER[verbosity],
  };
}

type TEvent = { unit: TUnit; label: string; year: number; text: string };

/** Four or more distinct dates: the events in date order (at most six, spread over the span). */
function timelineSlide(units: readonly TUnit[], opts: TStructureOptions): TStructureSlide | null {
  const events: TEvent[] = [];
  for (const unit of units) {
    if (unit.kind === "table" || unit.tableOf !== undefined || unit.quote) continue;
    for (const clause of datedClauses(plainText(unit.text))) {
      const event = readEvent(unit, clause, opts.verbosity, opts.language);
      if (event) events.push(event);
    }
  }
  const distinct = new Map<string, TEvent>();
  for (const e of events) if (!distinct.has(e.label)) distinct.set(e.label, e);
  if (distinct.size < TIMELINE_EVENTS.min) return null;
  const ordered = [...distinct.values()].sort((a, b) => a.year - b.year || a.unit.id - b.unit.id);
  const chosen = spread(ordered, TIMELINE_EVENTS.max);
  return {
    kind: "timeline",
    units: chosen.map((e) => e.unit),
    slide: {
      title: opts.phrases.timeline,
      bullets: chosen.map((e) => `${e.label} — ${e.text}`),
      notes: chosen.map((e) => plainText(e.unit.text)).join("\n"),
    },
  };
}

/**
 * A sentence that dates two events ("In 2016, an update was proposed, and in 2017, another was
 * drafted"; "Graduated … in 1969; received a degree … in 1973") as one clause per date; any other
 * sentence whole.
 */
function datedClauses(plain: string): string[] {
  const clauses = plain.split(/;\s+|[;；]\s*(?=\p{Script=Han})/u).filter((c) => DATE.test(c));
  const whole = clauses.length ? clauses : [plain];
  return whole.flatMap((clause) => {
    const parts = clause.split(/,\s+(?:and|but|while|y|et|und)\s+/iu);
    return parts.length > 1 && parts.every((p) => DATE.test(p)) ? parts : [clause];
  });
}

/** The date a clause is about and what happened then, or null for an undated or unusable one. */
function readEvent(unit: TUnit, plain: string, verbosity: TVerbosity, language: string): TEvent | null {
  if (countWords(plain) < 4) return null;
  const m = DATE.exec(plain);
  if (!m || m.index === undefined) return null;
  // "…118 litres a day, against 131 in 2022", "up from 43.9% in 2019": the date of a comparison
  // is not when the sentence's event happened ("the original spec from 1994" is).
  const lead = plain.slice(Math.max(0, m.index - 40), m.index);
  if (COMPARISON.test(lead) && /\d/.test(lead.split(COMPARISON).at(-1) ?? "")) return null;
  // "…for the nine-month period ending March 31, 2005", "…in fiscal 2004", "FY2023": the date
  // bounds a reporting period; nothing happened on it.
  if (REPORTING_PERIOD.test(lead)) return null;
  const number = Number(m.slice(1).find(Boolean));
  const year = BEFORE_CHRIST.test(m[0]) ? -number : number;
  const label = m[0].replace(/,$/, "").trim();
  // The sentence without its date: "In 1869, Powell was the first…" → "Powell was the first…".
  let before = plain.slice(0, m.index).replace(DATE_LEAD, "$1");
  let after = plain.slice(m.index + m[0].length);
  // "Im Jahr 1156 erhielt Augsburg das Stadtrecht": without its date the sentence would open on
  // its verb ("Erhielt Augsburg…"); it is kept whole.
  if (VERB_SECOND.has(language) && !before.trim() && /^\s*\p{Ll}/u.test(after)) {
    before = "";
    after = plain;
  }
  // "3.12.0 final: Monday, 2023-10-02": the weekday goes with the date.
  before = before.replace(WEEKDAY_BEFORE, "");
  // "BIRTHPLACE AND DATE: Born …": a form's field label is not what happened.
  before = before.replace(CAPS_LABEL, "");
  // Chinese and Japanese: the preposition that led the date goes with it, and no space is left.
  const rest = (joinAroundCjkDate(before, after) ?? `${before.trim()} ${after.replace(/^[\s,;:)]+/, "")}`)
    .replace(/\s*\([^()]*\)/g, "")
    .replace(/\s+([,.;:])/g, "$1")
    .replace(/^[\s,;:–—-]+/, "")
    .replace(/\s+/g, " ")
    .trim();
  if (countWords(rest) < 3) return null;
  const budget = textBudget(verbosity, label);
  const short = compressSentence(rest, {
    maxWords: Math.min(EVENT_WORDS, budget.maxWords),
    allowOver: Math.min(2, budget.allowOver),
    keepPeriod: false,
  });
  // A cut that leaves an initial or a dangling word ("William E") is no event title.
  if (short.quality < 0.5 || /\b\p{Lu}$/u.test(short.text)) return null;
  const text = short.text.replace(/\s*[([{]$/, "").replace(/[,;:]$/, "");
  return { unit, label, year, text: text[0].toUpperCase() + text.slice(1) };
}

/**
 * Numbered instructions as numbered steps: a numbered list of three or more items, most of which
 * read as instructions (in English, items that start with a verb; elsewhere, a text that speaks
 * of steps in its own language).
 */
function stepSlides(units: readonly TUnit[], opts: TStructureOptions, maxSlides: number): TStructureSlide[] {
  // The longest list of instructions: a numbered list, or (in English) a bulleted list whose
  // items nearly all start with a verb ("Wet your hands…", "Lather…", "Rinse…").
  let best: TUnit[] = [];
  // A roadmap's phases, each with its own short list of tasks ("Optimize…", "Conduct…"), are
  // parts with their to-dos, not one procedure: bulleted lists of actions under three or more
  // headings make no steps.
  const all = lists(units);
  const bulleted = all.filter(
    (list) =>
      list.length >= 2 &&
      !list.every((u) => u.ordered) &&
      readsAsEnglish(opts.language) &&
      areInstructions(list, units, opts, BULLETED_INSTRUCTIONS),
  );
  const tasksOfParts = new Set(bulleted.map((list) => list[0].heading)).size >= TASK_LIST_PARTS;
  for (const list of all) {
    if (list.length < STEPS.min || list.length <= best.length) continue;
    const numbered = list.every((u) => u.ordered);
    if (
      numbered ? areInstructions(list, units, opts, INSTRUCTIONS) : !tasksOfParts && bulleted.includes(list)
    )
      best = list;
  }
  // "First, read the fine print. … Second, gather proof. … Third, use online eligibility
  // calculators.": instructions counted off in the text's sentences are steps too.
  const counted = readsAsEnglish(opts.language) ? countedSentences(units) : [];
  if (counted.length > best.length && areInstructions(counted.map(withoutOrdinal), units, opts, INSTRUCTIONS))
    best = counted;
  const infinitives = infinitiveInstructions(units, opts.language);
  if (infinitives.length > best.length) best = infinitives;
  if (best.length < STEPS.min) return [];
  const { phrases } = opts;
  // The sentence that introduces the list ("Follow these five steps every time.", "Here is how:")
  // leads the steps rather than standing on a slide of its own.
  const intro = listIntro(
    units,
    best[0],
    (text) => readsAsEnglish(opts.language) && /\b(?:steps?|step-by-step|follow|how to)\b/i.test(text),
  );
  // Steps all of one part that says how ("How to Verify Your Eligibility Quickly") keep its name.
  const heading = best[0].heading;
  const name =
    heading && best.every((u) => u.heading === heading) && HOW_TO.test(plainText(heading))
      ? plainText(heading)
      : phrases.steps;
  const slides = Math.min(maxSlides, Math.ceil(best.length / STEPS.perSlide));
  const per = Math.ceil(best.length / slides);
  const out: TStructureSlide[] = [];
  for (let s = 0; s < slides; s++) {
    const part = best.slice(s * per, (s + 1) * per);
    if (part.length === 0) break;
    const first = s * per + 1;
    const last = first + part.length - 1;
    const lead = s === 0 && intro ? leadOf(intro) : undefined;
    out.push({
      kind: "steps",
      units: lead && intro ? [intro, ...part] : part,
      slide: {
        title: slides > 1 ? `${name} (${first}–${last})` : name,
        ...(lead ? { body: lead } : {}),
        bullets: part.map((u, i) => {
          const label = `${phrases.step} ${first + i}`;
          return `${label} — ${stepText(u, opts.verbosity, label)}`;
        }),
        notes: part.map((u) => plainText(u.text)).join("\n"),
      },
    });
  }
  return out;
}

const HOW_TO = /^(?:how\s+(?:to|do|can)|steps?\b|instructions?\b|getting started\b)/i;
const ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"];
const ORDINAL_OPENING =
  /^(?:(first|second|third|fourth|fifth|sixth|seventh|eighth)(?:ly)?|finally|lastly),\s+/i;

/**
 * A recipe or how-to in French, Spanish, Italian or Portuguese writes its instructions as
 * infinitives opening its sentences ("Disposer la farine en fontaine dans un saladier.", "Añadir
 * la sal."): when enough of them run through several paragraphs, they are the steps, in order.
 */
function infinitiveInstructions(units: readonly TUnit[], language: string): TUnit[] {
  const ending = INFINITIVE[language];
  if (!ending) return [];
  const found = units.filter((u) => {
    if (u.kind !== "sentence" || u.quote) return false;
    const text = plainText(u.text).trim();
    const first = (
      text
        .replace(THEN[language] ?? /^$/, "")
        .replace(NEGATION[language] ?? /^$/, "")
        .split(/\s+/)[0] ?? ""
    ).replace(/^s['’]/i, "");
    // ("Batir a blanco significa que…": the infinitive is what the sentence defines.)
    const defines = DEFINES.test(text.split(/\s+/).slice(1, 6).join(" "));
    return (
      /^\p{Lu}/u.test(text) && ending.test(first) && !NOT_INFINITIVE.has(first.toLowerCase()) && !defines
    );
  });
  const groups = new Set(found.map((u) => u.group)).size;
  return found.length >= INFINITIVE_STEPS.min && groups >= INFINITIVE_STEPS.groups ? found : [];
}

/** An infinitive's ending, reflexive pronoun attached ("lavarse", "lavarsi") or not. */
const INFINITIVE: Record<string, RegExp> = {
  fr: /^\p{L}{2,}(?:er|ir|re|oir)$/iu,
  es: /^\p{L}{2,}(?:ar|er|ir)(?:se|lo|la|los|las)?$/iu,
  pt: /^\p{L}{2,}(?:ar|er|ir|or)(?:-se)?$/iu,
  it: /^\p{L}{2,}(?:are|ere|ire|rre)(?:si|lo|la|li|le)?$/iu,
};
/** Words that open sentences and end like an infinitive but are none ("Entre", "Lugar", "Mujer"). */
const NOT_INFINITIVE = new Set(
  (
    "entre notre votre leur autre contre outre quatre titre premier dernier hier cher soir espoir avenir plaisir " +
    "lugar mujer ayer hogar azúcar similar particular popular militar familiar par mar bar " +
    "mulher lugar par mar " +
    "mare padre madre frate sopra contro dentro fuori oltre"
  ).split(" "),
);
const DEFINES =
  /(?:^|\s)(?:significa|signifie|es|est|è|é|consiste|veut dire|quiere decir|vuol dire|quer dizer)(?:\s|$)/i;
const NEGATION: Record<string, RegExp> = {
  fr: /^ne\s+pas\s+/i,
  es: /^no\s+/i,
  pt: /^não\s+/i,
  it: /^non\s+/i,
};
const INFINITIVE_STEPS = { min: 5, groups: 3 };
/** "Después, poner la mantequilla…", "Ensuite, ajouter…": the word that orders a step. */
const THEN: Record<string, RegExp> = {
  fr: /^(?:ensuite|puis|enfin|d['’]abord|pour finir),\s+(?=\p{L})/iu,
  es: /^(?:después|luego|primero|por último|finalmente|a continuación),\s+(?=\p{L})/iu,
  pt: /^(?:depois|em seguida|primeiro|por fim|finalmente),\s+(?=\p{L})/iu,
  it: /^(?:poi|quindi|infine|prima|successivamente),\s+(?=\p{L})/iu,
};

/**
 * Sentences that count instructions off in order: "First, …", "Second, …", "Third, …" (and a
 * "Finally, …" after them); the longest such run, when it reaches the third.
 */
function countedSentences(units: readonly TUnit[]): TUnit[] {
  let best: TUnit[] = [];
  let run: TUnit[] = [];
  for (const unit of units) {
    if (unit.kind !== "sentence") continue;
    const m = ORDINAL_OPENING.exec(plainText(unit.text));
    if (!m) continue;
    const word = m[1]?.toLowerCase();
    if (word === "first") run = [unit];
    else if (word && ORDINALS.indexOf(word) === run.length && run.length > 0) run.push(unit);
    else if (!word && run.length >= 2) run.push(unit);
    else continue;
    if (run.length > best.length) best = [...run];
    if (!word) run = [];
  }
  return best.length >= STEPS.min ? best : [];
}

function withoutOrdinal(unit: TUnit): TUnit {
  return { ...unit, text: plainText(unit.text).replace(ORDINAL_OPENING, "") };
}

/** A how-to's parts are its steps when three to eight of them are numbered from 1 in order. */
const PARTS = { min: 3, max: 8 };
/** An English text that calls its numbered parts steps or tips, before the first of them. */
const PARTS_AS_STEPS = /\b(?:steps?|step-by-step|tips|how to|follow)\b/i;

/**
 * The numbered parts of a how-to as its steps ("1. Know Your Applicant Entity Type", "2. Search by
 * Keyword…"; "1. Planificación y Diseño" in a text about "los pasos"): one slide lists them in
 * order, before the first, and each part keeps its own slide. In English the headings read as
 * instructions or the text before them speaks of steps or tips; elsewhere the text speaks of steps
 * in its own language.
 */
function sectionSteps(units: readonly TUnit[], opts: TStructureOptions): TStructureSlide | null {
  const sections = opts.sections ?? [];
  const start = sections.findIndex((s) => s.number === 1);
  if (start < 0) return null;
  const parts: TSection[] = [];
  for (const section of sections.slice(start)) {
    if (section.number === parts.length + 1 && section.parent === sections[start].parent) parts.push(section);
    else if (section.number !== undefined || section.parent === sections[start].parent) break;
  }
  if (parts.length < PARTS.min || parts.length > PARTS.max) return null;
  const first = parts[0].units[0];
  if (!first) return null;
  const before = units.filter((u) => u.id < first.id);
  const headings = parts.map((p, i) => ({ ...first, id: -1 - i, text: p.heading ?? "" }));
  const steps = readsAsEnglish(opts.language)
    ? areInstructions(headings, units, opts, INSTRUCTIONS) ||
      [opts.title ?? "", ...before.map((u) => u.text)].some((t) => PARTS_AS_STEPS.test(plainText(t)))
    : areInstructions(headings, units, opts, INSTRUCTIONS);
  if (!steps) return null;
  // "Here are some tips for finding federal funding opportunities…:" leads the list.
  const intro = before.findLast((u) => u.kind === "sentence");
  const lead =
    intro && /:\s*$/.test(intro.text) && countWords(intro.text) <= INTRO_WORDS ? leadOf(intro) : undefined;
  const { phrases } = opts;
  return {
    kind: "steps",
    units: lead && intro ? [intro] : [],
    at: first.id - 0.5,
    slide: {
      title: phrases.steps,
      ...(lead ? { body: lead } : {}),
      bullets: parts.map((p, i) => `${phrases.step} ${i + 1} — ${plainText(p.heading ?? "")}`),
      notes: parts.map((p, i) => `${i + 1}. ${plainText(p.heading ?? "")}`).join("\n"),
    },
  };
}

/** A meeting's record by its title: its numbered parts are the items of its agenda. */
const MEETING_RECORD = /\b(?:agenda|meeting|minutes|session|hearing)\b/i;

/**
 * The numbered items of a meeting's agenda ("1. Seating of Commissioner Chu", "2. Planning
 * Commission Reorganization", …), listed in order on one slide before the first: an item with no
 * text under it is on the agenda all the same.
 */
function agendaItems(units: readonly TUnit[], opts: TStructureOptions): TStructureSlide | null {
  const items = opts.numberedParts ?? [];
  if (!MEETING_RECORD.test(opts.title ?? "") || items.length < PARTS.min || items.length > PARTS.max)
    return null;
  const firstSection = (opts.sections ?? []).find((s) => s.number !== undefined && s.units.length > 0);
  const first = firstSection?.units[0] ?? units[0];
  if (!first) return null;
  return {
    kind: "steps",
    units: [],
    at: first.id - 0.5,
    slide: {
      title: opts.phrases.agenda,
      bullets: items.map((item, i) => `${i + 1}. ${plainText(item)}`),
    },
  };
}

/**
 * The short sentence right before a list that introduces it: one ending in a colon ("The grants
 * include:"), or one `introduces` accepts.
 */
function listIntro(
  units: readonly TUnit[],
  first: TUnit,
  introduces: (text: string) => boolean = () => false,
): TUnit | undefined {
  return units.find(
    (u) =>
      u.id === first.id - 1 &&
      u.kind === "sentence" &&
      countWords(u.text) <= INTRO_WORDS &&
      (/:\s*$/.test(u.text) || introduces(u.text)),
  );
}

/** The document's lists: runs of consecutive items of one group, each kind (numbered or not) apart. */
function lists(units: readonly TUnit[]): TUnit[][] {
  const out: TUnit[][] = [];
  let run: TUnit[] = [];
  for (const unit of units) {
    const last = run[run.length - 1];
    const continues =
      unit.kind === "item" && !!last && last.group === unit.group && !!last.ordered === !!unit.ordered;
    if (continues) run.push(unit);
    else {
      if (run.length) out.push(run);
      run = unit.kind === "item" && unit.tableOf === undefined ? [unit] : [];
    }
  }
  if (run.length) out.push(run);
  return withNumberingContinued(out, units);
}

/** A numbered list may be interrupted by this many sentences and go on ("2. …", a note, "3. …"). */
const LIST_INTERRUPTION = 3;

/**
 * Runs of a numbered list whose numbering goes on after a few sentences between them ("2. To remove
 * the plant…" / "If some of the roots break off, don't worry." / "3. Remove about one-third of the
 * soil.") are one list: the sentences between are notes on a step, not the end of the steps.
 */
function withNumberingContinued(runs: TUnit[][], units: readonly TUnit[]): TUnit[][] {
  const out: TUnit[][] = [];
  for (const run of runs) {
    const last = out.at(-1);
    const end = last?.at(-1);
    const between = end ? units.filter((u) => u.id > end.id && u.id < run[0].id) : [];
    const continues =
      !!end &&
      end.number !== undefined &&
      run[0].number === end.number + 1 &&
      between.length <= LIST_INTERRUPTION &&
      between.every((u) => u.kind === "sentence" && u.heading === end.heading);
    if (continues && last) last.push(...run);
    else out.push(run);
  }
  return out;
}

function areInstructions(
  items: readonly TUnit[],
  all: readonly TUnit[],
  opts: TStructureOptions,
  share: number,
): boolean {
  if (readsAsEnglish(opts.language)) {
    const verbs = items.filter((u) => {
      const text = plainText(u.text);
      // "Total revenues in the Americas… were $198 million": a subject and its verb, though the
      // tagger reads "Total" alone as an order ("Check that the jack is secure" is one).
      if (SUBJECT_AND_COPULA.test(text) && !CHECKING.test(text)) return false;
      const doc = nlp(text);
      return (
        doc.has("^#Imperative") ||
        doc.match("^(#Adverb|#Conjunction|#Adjective)? #Infinitive").found ||
        // "Wet your hands", "Dry them": a verb the tagger reads as an adjective, before its object.
        (IMPERATIVE_OBJECT.test(text) && !doc.terms().first().has("(#Determiner|#Pronoun|#Preposition)"))
      );
    });
    return verbs.length >= share * items.length;
  }
  const word = opts.phrases.step.toLowerCase();
  return all.some((u) => plainText(u.text).toLowerCase().includes(word));
}

const SUBJECT_AND_COPULA = /^[^,;:]*?\s(?:is|are|was|were)\s/i;
/** An instruction may say what should be so: "Make sure the car is in park", "Check that…". */
const CHECKING =
  /^(?:make sure|ensure|check|verify|confirm|note|remember|see|be sure)\b|^[^,;:]*?\b(?:that|which|who|whether|if|when|where|until|while)\s[^,;:]*?\s(?:is|are|was|were)\s/i;

/** "Next,", "Después,", "Ensuite,": the word that orders a step is the step's number's job. */
const STEP_ORDER_WORD =
  /^(?:next|then|now|first|finally|después|luego|primero|por último|finalmente|a continuación|ensuite|puis|enfin|d['’]abord|depois|em seguida|poi|quindi|infine),?\s+/iu;

/** A step's instruction, shortened to its first complete clause when it is long. */
function stepText(unit: TUnit, verbosity: TVerbosity, label: string): string {
  // An aside in brackets ("(warm or cold)") goes first, so the instruction itself stays whole.
  const plain = plainText(unit.text)
    .replace(STEP_ORDER_WORD, "")
    .replace(ORDINAL_OPENING, "")
    .replace(/\s*\([^()]*\)/g, "");
  const short = compressSentence(plain, { ...textBudget(verbosity, label), keepPeriod: false });
  const text = short.text.replace(/\s*[([{]$/, "").replace(/[,;:]$/, "");
  return text[0].toUpperCase() + text.slice(1);
}

/**
 * The sentence that introduces a list, above it as the slide's lead: its colon becomes a full
 * stop, unless the sentence goes on into the list ("…when you:").
 */
function leadOf(intro: TUnit): string {
  const text = plainText(intro.text).trim();
  if (!text.endsWith(":")) return text;
  const before = text.slice(0, -1).trimEnd();
  // (A shortened bullet's dangling words, and "the following".)
  const last = before.split(/\s+/).at(-1)?.toLowerCase() ?? "";
  return DANGLING.has(last) || last === "following" ? text : `${before}.`;
}

/** "MySQL vs PostgreSQL", "difference between MySQL and PostgreSQL", "X frente a Y": two options. */
const PAIR_PATTERNS = [
  /\bbetween\s+(.{2,40}?)\s+and\s+(.{2,40}?)\s*[?.!]?$/i,
  /(?:^|:\s*)([^:]{2,40}?)\s+(?:vs\.?|v\.s\.?|versus|frente a|contra|gegen|contre|or|oder|ou|o)\s+(.{2,40}?)\s*[?.!]?$/i,
];
const COMPARE = { minPerSide: 2, maxPerSide: 4 };
/** Where one sentence turns from one option to the other. */
const TURN =
  /,?\s+(?:whereas|while|but|unlike|on the other hand|other hand|mientras que|pero|alors que|tandis que|während|aber)\s+|[;,]\s+(?=\p{Lu})/u;

/**
 * Two options the document compares (named by its title), each with the points the text makes
 * about it alone — a sentence that names both is split where it turns from one to the other.
 */
function comparisonSlide(units: readonly TUnit[], opts: TStructureOptions): TStructureSlide | null {
  const pair = optionsOf(opts.title ?? "");
  if (!pair) return letteredComparison(units, opts);
  const [a, b] = pair;
  const sides: { unit: TUnit; text: string }[][] = [[], []];
  for (const unit of units) {
    if (unit.kind === "table" || unit.tableOf !== undefined || unit.quote) continue;
    const plain = plainText(unit.text).trim();
    const parts = names(plain, a) && names(plain, b) ? plain.split(TURN) : [plain];
    for (const part of parts) {
      const side = names(part, a) && !names(part, b) ? 0 : names(part, b) && !names(part, a) ? 1 : -1;
      if (side < 0 || countWords(part) < 4) continue;
      if (sides[side].length >= COMPARE.maxPerSide) continue;
      const short = compressSentence(part, { ...textBudget(opts.verbosity, ""), keepPeriod: false });
      if (short.quality < 0.5) continue;
      sides[side].push({ unit, text: capitalise(short.text.replace(/[,;:]$/, "")) });
    }
  }
  if (sides.some((side) => side.length < COMPARE.minPerSide)) return null;
  const used = [...new Set(sides.flat().map((p) => p.unit))];
  return {
    kind: "comparison",
    units: used,
    slide: {
      title: `${a} vs ${b}`,
      bullets: [...sides[0].map((p) => `${a}: ${p.text}`), ...sides[1].map((p) => `${b}: ${p.text}`)],
      notes: used.map((u) => plainText(u.text)).join("\n"),
    },
  };
}

/**
 * Two paragraphs that each open on one of a pair of lettered options ("Argument A steps up…" /
 * "Then Argument B takes the stage."), each side showing its own paragraph's points.
 */
function letteredComparison(units: readonly TUnit[], opts: TStructureOptions): TStructureSlide | null {
  const opening = new Map<string, { tag: string; group: number }[]>();
  for (const unit of units) {
    if (unit.posInGroup !== 0 || unit.kind !== "sentence" || unit.quote) continue;
    const m = LETTERED_OPTION.exec(plainText(unit.text).trim());
    if (!m || NOT_OPTIONS.test(m[1])) continue;
    const seen = opening.get(m[1]) ?? [];
    if (!seen.some((o) => o.tag === m[2])) seen.push({ tag: m[2], group: unit.group });
    opening.set(m[1], seen);
  }
  const found = [...opening.entries()].find(([, seen]) => seen.length === 2);
  if (!found) return null;
  const [noun, seen] = found;
  const names = seen.map((o) => `${noun} ${o.tag}`);
  const sides = seen.map(({ group }) => {
    const own = units.filter((u) => u.group === group && u.kind === "sentence");
    // The sentence that brings the option on says nothing about it when others follow.
    const points = own.length > COMPARE.minPerSide ? own.slice(1) : own;
    return points
      .map((unit) => {
        const short = compressSentence(plainText(unit.text).trim(), {
          ...textBudget(opts.verbosity, ""),
          keepPeriod: false,
        });
        return { unit, text: capitalise(short.text.replace(/[,;:]$/, "")), quality: short.quality };
      })
      .filter((p) => p.quality >= 0.5 && countWords(p.text) >= 4)
      .slice(0, COMPARE.maxPerSide);
  });
  if (sides.some((side) => side.length < COMPARE.minPerSide)) return null;
  const used = seen.flatMap(({ group }) => units.filter((u) => u.group === group));
  return {
    kind: "comparison",
    units: used,
    slide: {
      title: `${names[0]} vs ${names[1]}`,
      bullets: sides.flatMap((side, k) => side.map((p) => `${names[k]}: ${p.text}`)),
      notes: used.map((u) => plainText(u.text)).join("\n"),
    },
  };
}

/** "Argument A steps up…", "Then Plan B takes over": a paragraph opening on a lettered option. */
// (No "i" flag: with it, "\p{Lu}" and "[A-D]" match lower case, and "Take a …" reads as an option.)
const LETTERED_OPTION =
  /^(?:(?:[Tt]hen|[Nn]ow|[Nn]ext|[Ff]inally|[Aa]nd|[Bb]ut|[Mm]eanwhile),?\s+)?(\p{Lu}\p{Ll}+)\s+([A-D])\b(?![.'’-])/u;
/** Letters that number parts of a document, not options. */
const NOT_OPTIONS =
  /^(?:appendix|annex|exhibit|section|part|chapter|table|figure|fig|schedule|step|phase|stage|article|title|item|note|volume|vol|book|grade|class|vitamin|hepatitis|type)$/i;

function optionsOf(title: string): [string, string] | null {
  const plain = plainText(title).trim();
  for (const pattern of PAIR_PATTERNS) {
    const m = pattern.exec(plain);
    if (!m) continue;
    const [a, b] = [m[1], m[2]].map((o) => o.replace(/^(?:the|el|la|le|der|die|das)\s+/i, "").trim());
    if (countWords(a) <= 4 && countWords(b) <= 4 && a.toLowerCase() !== b.toLowerCase()) return [a, b];
  }
  return null;
}

/** Whether a text names an option: its first word, or a stem of it ("Postgres" for PostgreSQL). */
function names(text: string, option: string): boolean {
  const word = option.split(/\s+/)[0].toLowerCase();
  const stem = word.length > 7 ? word.slice(0, Math.max(5, word.length - 3)) : word;
  return text.toLowerCase().includes(stem);
}

function capitalise(text: string): string {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}
