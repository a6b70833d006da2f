/**
 * Reads the shape of a slide's text: figures with labels, dated steps, short labelled items,
 * numeric tables. The layout chooser routes slides by these shapes, and the same readers fill a
 * layout's fields when a caller names the layout. Pure and deterministic.
 */
import type { TChart, TItem, TMetric, TTable, TTimelineEvent } from "@/lib/deck/schema";
import { splitSentences } from "./offline/split-sentences";
import { CURRENCY, countWords, plainText } from "./offline/tokenize";

// A figure: optional currency, a number (1,200 · 3.5 · -12), optional scale or unit.
const FIGURE = new RegExp(
  String.raw`(?<![\p{L}\d])([-+]?(?:${CURRENCY}\s?)?\d[\d,.]*(?:\s?(?:%|×|x\b|k\b|K\b|m\b|M\b|bn\b|B\b|pp\b|pts?\b|kW\b|MW\b|GW\b|kWh\b|MWh\b|km\b|kg\b|t\b|h\b))?(?:\s?(?:million|billion|thousand|percent))?)`,
  "u",
);
// "3.12.1", "v2.4": a version names a release, it measures nothing.
const VERSION = /^\s*v?\d+\.\d+\.\d+|^\s*v\d/i;
const NUMBER = new RegExp(String.raw`^[-+]?(?:${CURRENCY}\s?)?\d[\d,]*(?:\.\d+)?\s?(?:%|[kKmMbB]|bn)?$`, "");
/** English month names and abbreviations, for date patterns (case-insensitive). */
export const MONTHS =
  "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?";
/** Eras after a year: "222 v. Chr.", "313 n. Chr.", "44 BC", "79 AD", "52 av. J.-C.", "711 d. C.". */
const ERAS =
  "[vn]\\.\\s?Chr\\.|BCE?\\b|CE\\b|AD\\b|B\\.C\\.|A\\.D\\.|[ad]\\.\\s?C\\.|(?:av|apr)\\.\\s?J\\.-C\\.";
const BEFORE_CHRIST = /v\.\s?Chr\.|BCE?\b|B\.C\.|a\.\s?C\.|av\.\s?J\.-C\.|(?:公元|西元|紀元|纪元)前/;
/** A part of a year said in words: "End of the First Quarter", "Mid-year Milestones", "Second Half". */
const PHASE_PHRASES =
  "(?:start|beginning|end|middle|close)\\s+of\\s+(?:the\\s+)?(?:(?:first|second|third|fourth|final|last|next)\\s+)?(?:year|quarter|month|week|half|sprint|phase)|mid-?(?:year|quarter|month|term)(?:\\s+[a-z]+)?|(?:first|second|third|fourth)\\s+(?:quarter|half)";
// "2024", "Q3 2024", "H1 2025", "313 n. Chr.", "March 2024", "12 May 2026", "2023–2024", "Phase 2", "Week 3",
// "Day 1", "12/2024", "2024-03", "14:02", "9:30 am".
const DATE = new RegExp(
  `^((?:(?:q[1-4]|h[12])\\s*'?\\d{2,4}|\\d{1,2}\\.?\\s+(?:${MONTHS})\\.?(?:\\s+\\d{4})?|(?:${MONTHS})\\.?(?:\\s+\\d{1,2},?)?(?:\\s+\\d{4})?|\\d{4}-[01]\\d-[0-3]\\d|\\d{1,4}\\s?(?:${ERAS})|(?:AD|A\\.D\\.)\\s?\\d{1,4}|\\d{4}(?:\\s*[-–]\\s*\\d{2,4})?|\\d{1,2}/\\d{4}|\\d{4}-\\d{2}(?:-\\d{2})?|\\d{1,2}:\\d{2}(?:\\s?(?:am|pm|utc))?|(?:公元前|西元前|紀元前|纪元前|公元|西元|紀元|纪元)?\\d{1,4}年(?:代|\\d{1,2}月(?:\\d{1,2}日)?)?|${PHASE_PHRASES}|(?:phase|stage|step|week|day|month|year|sprint|milestone|paso|étape|etape|schritt|passo|stap|krok|adım|шаг|ステップ|步骤|الخطوة|चरण|단계)\\s+\\d{1,3}))\\s*(?:[:–—-]|\\s-\\s)\\s*(\\S.*)$`,
  "i",
);
// A schedule's line, its date last: "3.12.0 final: Monday, 2023-10-02", "Kick-off — March 3, 2025".
const TRAILING_DATE = new RegExp(
  `^([^:—–]{2,60}?)\\s*(?::|—|–|\\s-\\s)\\s*(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\\s+)?(\\d{4}-[01]\\d-[0-3]\\d|(?:${MONTHS})\\.?\\s+\\d{1,2},?\\s+\\d{4}|\\d{1,2}\\s+(?:${MONTHS})\\.?\\s+\\d{4})\\s*(?:\\(([^()]{1,80})\\))?\\.?$`,
  "i",
);
/**
 * When a roadmap's part happens, as its name says: "End of the First Quarter", "Q3", "Week 2",
 * "Phase 1". (Read case-insensitively, as the dates are.)
 */
export const PHASE_NAMES = `${PHASE_PHRASES}|q[1-4]|h[12]|(?:phase|stage|week|month|sprint|milestone|wave|day)\\s+\\d{1,2}`;
// A Japanese or Chinese chronology line: "1994年9月(平成6年9月) 植物館が開館" — the date, an
// optional era date in brackets, then the event after a space or a colon.
const CJK_EVENT =
  /^(\d{3,4}年(?:\d{1,2}月(?:\d{1,2}日)?)?)(?:\s*[(（][^)）]{1,30}[)）])?(?:\s*[:：]\s*|\s+)(\S.*)$/u;
// "Label: rest" or "**Label** — rest".
// (A colon labels only when a space follows it: "git clone https://…" is one command.)
const LABELLED = /^(?:\*\*|__)?([^:*_—–]{2,48}?)(?:\*\*|__)?\s*(?::(?=\s)|—|–|\s-\s)\s*(\S.*)$/;

const STATING_VERB =
  /\s+(?:was|were|is|are|has been|have been|had been|reached|totaled|totalled|stood at|came to|amounted to)$/i;
const CLAUSE = /^(?:this|that|it|there|these|those)\b|\b(?:was|were|is|are|has been|have been|had been)\b/i;

/** A bullet as a headline figure: "Revenue grew **18%**" → {value: "18%", label: "Revenue grew"}. */
export function readMetric(text: string): TMetric | null {
  const plain = plainText(text).trim();
  if (countWords(plain) > 14) return null;
  // "1. Seating of Commissioner Chu": an item's number in a list measures nothing.
  // ("1.江戸幕府の成立": Chinese and Japanese leave no space after the number.)
  const numbered = /^\d{1,2}[.)．]\s*(?=\p{L})/u.exec(plain);
  if (numbered) return readMetric(plain.slice(numbered[0].length));
  const labelled = LABELLED.exec(plain);
  // "ARR: $2.4M" / "$2.4M — annual revenue"
  if (labelled) {
    const [, left, right] = labelled;
    // "$69.4 million — 27 projects": both count; the amount is the figure, the count its label.
    const amount = (side: string) => /[$€£¥%]|\b(?:million|billion|trillion|percent)\b/i.test(side);
    if (isFigure(left) && isFigure(right) && amount(left) && !amount(right))
      return { value: left.trim(), label: capitalise(right.trim()) };
    if (isFigure(right)) return { value: right.trim(), label: left.trim() };
    if (isFigure(left)) return { value: left.trim(), label: capitalise(right.trim()) };
  }
  const m = FIGURE.exec(plain);
  if (!m || m.index === undefined) return null;
  // "$94, up from $88": the comma ends the clause, not the number.
  const value = m[1].trim().replace(/[,.]+$/, "");
  // A bare year is a date, not a figure; "3.12.1" is a version; "1850年代", "17世紀", "3月" are dates.
  if (/^(?:19|20)\d{2}$/.test(value) || VERSION.test(value)) return null;
  if (/^(?:年|世紀|世纪|月|日)/u.test(plain.slice(m.index + m[0].length))) return null;
  // "2-3 weeks of planning": a range's first end measures nothing alone.
  if (/^[-–]\d/.test(plain.slice(m.index + m[0].length))) return null;
  // "Phase 2", "Abschnitt 1", "Release 4": a small bare number after a word names, it does not measure.
  if (/^\d{1,2}$/.test(value) && /\p{L}\s*$/u.test(plain.slice(0, m.index))) return null;
  // "Im Jahr 1156 erhielt…", "in 955", "seit 1368": a year after the word that says so is a date.
  if (/^\d{3,4}$/.test(value) && YEAR_CUE.test(plain.slice(0, m.index))) return null;
  // "tmux.1", "utmp(5)", "example_2": a number joined to a word is part of a name.
  if (/\p{L}[._/(-]$/u.test(plain.slice(0, m.index))) return null;
  const tidy = (text: string) =>
    text
      .replace(/\s+/g, " ")
      .replace(/\s+([,;:.])/g, "$1")
      .replace(/^[\s,:;–—-]+|[\s,:;–—-]+$/g, "")
      .trim();
  const before = tidy(plain.slice(0, m.index));
  const after = tidy(plain.slice(m.index + m[0].length));
  // "Gross margin improved to 46.3%, from 43.9% in Q3 2024": what follows the figure — a second
  // figure, or more than a few words — is its detail line, so the label stays short.
  const split = before && after && (hasFigure(after) || countWords(after) > 4);
  // "Operating income was $4.2 million": the label is what the figure measures, without its verb.
  // ("Earnings per share, on a diluted basis, were $0.90": no comma is left where the verb was.)
  const label = tidy((split ? before : tidy(`${before} ${after}`)).replace(STATING_VERB, ""));
  if (!label || countWords(label) > 10 || (split && countWords(after) > 14)) return null;
  // "This was followed by an earthquake with magnitude 7.3": a clause, not what a figure measures.
  if (CLAUSE.test(label)) return null;
  // "Timeline (4 weeks before Q start)": a figure taken out of brackets leaves "( weeks…" behind.
  if (/\(\s|\s\)/.test(label)) return null;
  return { value, label: capitalise(label), ...(split ? { detail: after } : {}) };
}

/** Words before a bare number that make it a year. */
const YEAR_CUE =
  /\b(?:in|im|um|seit|ab|bis|anno|year|jahr|jahre|jahres|año|en el año|depuis|dès|vers|en|l'an|since|until|by)\s+$/i;

/** Every bullet as a metric, or null when any is not one (2–6 bullets). */
export function readMetrics(bullets: readonly string[]): TMetric[] | null {
  if (bullets.length < 2 || bullets.length > 6) return null;
  const metrics = bullets.map(readMetric);
  return metrics.every((m): m is TMetric => m !== null) ? metrics : null;
}

/** A bullet as a dated step: "2024: Pilot in three clinics" → {date: "2024", title: …}. */
export function readEvent(text: string): TTimelineEvent | null {
  const plain = plainText(text).trim();
  const m = DATE.exec(plain);
  const cjk = m ? null : CJK_EVENT.exec(plain);
  if (cjk) {
    const [title, body] = splitTitleBody(cjk[2]);
    return { date: cjk[1], title, ...(body ? { body } : {}) };
  }
  if (!m) {
    // "3.12.0 beta 1: Monday, 2023-05-22 (No new features beyond this point.)"
    const t = TRAILING_DATE.exec(plain);
    if (!t) return null;
    return { date: t[2], title: t[1].trim(), ...(t[3] ? { body: t[3].trim() } : {}) };
  }
  const [title, body] = splitTitleBody(m[2]);
  return { date: m[1].trim(), title, ...(body ? { body } : {}) };
}

/** A schedule or chronology of any length: four or more entries, nearly all of them dated. */
export function isDatedList(items: readonly string[]): boolean {
  return items.length >= 4 && items.filter((t) => readEvent(t) !== null).length >= items.length * 0.8;
}

/**
 * Every bullet as a dated step, or null (2–10 bullets). A bare year of three digits ("774 — …")
 * counts among clearer dates in order ("313 n. Chr.", "774", "1395"): alone it may be a figure.
 */
export function readTimeline(bullets: readonly string[]): TTimelineEvent[] | null {
  if (bullets.length < 2 || bullets.length > 10) return null;
  const events = bullets.map(readEvent);
  if (events.every((e): e is TTimelineEvent => e !== null)) return events;
  const early = bullets.map((b) => EARLY_YEAR.exec(plainText(b).trim()));
  const all = events.map((e, i) => e ?? (early[i] ? { date: early[i][1], title: early[i][2] } : null));
  if (
    !all.every((e): e is TTimelineEvent => e !== null) ||
    events.filter(Boolean).length < bullets.length / 2
  )
    return null;
  const years = all.map((e) => yearOf(e.date));
  const ordered = years.every((y, i) => y !== null && (i === 0 || y >= (years[i - 1] ?? 0)));
  return ordered ? all : null;
}

const EARLY_YEAR = /^(\d{3})\s*(?:—|–|\s-\s)\s*(\S.*)$/u;

/** The year a timeline date names, negative before Christ; null when it names none. */
function yearOf(date: string): number | null {
  const m = /\d{1,4}/.exec(date);
  if (!m) return null;
  return BEFORE_CHRIST.test(date) ? -Number(m[0]) : Number(m[0]);
}

/**
 * Bullets as cards of an icons grid: "Fast: ships in a day" → {title: "Fast", body: …}; a short
 * bullet becomes a title alone. Null unless there are 3–6 items that each read as a card: a title
 * of a few words, with at most a short line of body.
 */
export function readItems(bullets: readonly string[]): TItem[] | null {
  if (bullets.length < 3 || bullets.length > 6) return null;
  const items: TItem[] = [];
  for (const b of bullets) {
    const words = countWords(plainText(b));
    const [title, body] = splitTitleBody(b);
    if (body && countWords(plainText(title)) <= 5 && countWords(plainText(body)) <= 16)
      items.push({ title, body });
    // ("Hooray!", "Rust 1.5 is done!": an exclamation or a question is a sentence, no card's name.)
    else if (words <= 6 && !/[!?]$/.test(plainText(b).trim())) items.push({ title: b.trim() });
    else return null;
  }
  // Cards that share one title ("Success Metrics", four times) are entries of one thing, not cards.
  if (new Set(items.map((i) => plainText(i.title).trim().toLowerCase())).size < items.length) return null;
  // Among cards that each say what they name, a name alone ("Finding Text", the heading of what
  // follows the list) is an empty card: it goes, if three cards are left.
  const said = items.filter((item) => item.body);
  if (said.length >= 2 && said.length < items.length) return said.length >= 3 ? said : null;
  return items;
}

/** Bullets as cards whatever their length (a caller asked for icons-grid): titles cut to a phrase. */
export function itemsFromBullets(bullets: readonly string[]): TItem[] {
  return bullets.slice(0, 8).map((b) => {
    const [title, body] = splitTitleBody(b);
    return body ? { title, body } : { title };
  });
}

/**
 * A chart from a table whose first column labels rows and whose other columns are all numbers:
 * each numeric column is a series. Pie when one series of shares that add up to about 100%.
 */
export function chartFromTable(table: TTable): TChart | null {
  const { header, rows } = table;
  if (header.length < 2 || rows.length < 2 || rows.length > 24) return null;
  const numericColumns = header
    .slice(1)
    .map((_, c) => rows.every((row) => NUMBER.test(plainText(row[c + 1]).trim())));
  if (!numericColumns.every(Boolean)) return null;
  const series = header.slice(1).map((name, c) => ({
    name: plainText(name).trim() || `Series ${c + 1}`,
    values: rows.map((row) => parseNumber(row[c + 1])),
  }));
  // Revenues in thousands beside earnings per share: rows that far apart count different things,
  // and the small ones would be bars too low to see. The table shows them.
  const magnitudes = series.flatMap((s) => s.values.map(Math.abs)).filter((v) => v > 0);
  if (magnitudes.length && Math.min(...magnitudes) * CHART_SPREAD < Math.max(...magnitudes)) return null;
  const unit = unitOf(rows.map((row) => plainText(row[1])));
  const total = series[0].values.reduce((sum, v) => sum + v, 0);
  const shares = series.length === 1 && unit === "%" && Math.abs(total - 100) <= 2 && rows.length <= 8;
  return {
    type: shares ? "pie" : series.length === 1 && rows.length > 6 ? "bar" : "column",
    categories: rows.map((row) => plainText(row[0]).trim().slice(0, 80) || "—"),
    series: series.slice(0, 6),
    ...(unit ? { unit } : {}),
  };
}

/** A chart from metric bullets with comparable values (same unit, ≥ 3 of them). */
/** A chart of metrics compares figures at most this many times apart. */
const CHART_SPREAD = 100;

export function chartFromMetrics(metrics: readonly TMetric[]): TChart | null {
  if (metrics.length < 3) return null;
  if (!metrics.every((m) => NUMBER.test(m.value))) return null;
  const unit = unitOf(metrics.map((m) => m.value));
  if (unit === null) return null;
  // 50 studies beside 31,140 patients, 12 bindings beside 245,000 visitors: figures that far
  // apart count different things, and the small ones would be bars too low to see. Cards show them.
  const values = metrics.map((m) => Math.abs(parseNumber(m.value)));
  if (Math.min(...values) * CHART_SPREAD < Math.max(...values)) return null;
  return {
    type: "column",
    categories: metrics.map((m) => plainText(m.label).slice(0, 80)),
    series: [{ name: "Value", values: metrics.map((m) => parseNumber(m.value)) }],
    ...(unit ? { unit } : {}),
  };
}

/** "1,200" → 1200, "$3.5M" → 3.5, "18%" → 18. */
export function parseNumber(text: string): number {
  const n = Number(plainText(text).replace(/[^\d.-]/g, ""));
  return Number.isFinite(n) ? n : 0;
}

/** The common unit of figures ("%", "$", "M") — "" when plain numbers, null when they differ. */
function unitOf(values: readonly string[]): string | null {
  const units = new Set(
    values.map((v) => {
      const t = v.trim();
      const prefix = /^[-+]?([$€£¥₹])/.exec(t)?.[1] ?? "";
      const suffix = /(%|[kKmMbB]|bn)$/.exec(t)?.[1] ?? "";
      return `${prefix}${suffix}`;
    }),
  );
  return units.size === 1 ? [...units][0] : null;
}

/** True when the text holds a figure other than a bare year. */
function hasFigure(text: string): boolean {
  const all = new RegExp(FIGURE.source, "gu");
  return [...text.matchAll(all)].some((m) => !/^(?:19|20)\d{2}$/.test(m[1].trim()));
}

function isFigure(text: string): boolean {
  if (VERSION.test(text)) return false;
  return (
    NUMBER.test(text.trim()) || (FIGURE.test(text) && countWords(text) <= 3 && /\d/.test(text.slice(0, 8)))
  );
}

/** "Label: rest", "**Label** — rest" → [label, rest]; null when the text has no label of six words or fewer. */
export function splitLabel(text: string): [string, string] | null {
  const labelled = LABELLED.exec(text.trim());
  if (!labelled || countWords(labelled[1]) > 6) return null;
  return [labelled[1].trim(), capitalise(labelled[2].trim())];
}

/** "Title: body" / "Title — body" / "Title. Body" → [title, body]. */
export function splitTitleBody(text: string): [string, string | undefined] {
  const t = text.trim();
  const labelled = splitLabel(t);
  if (labelled) return labelled;
  // Not after an initial or an abbreviation: "William E. Smythe envisioned…", "313 n. Chr. erließen…"
  // are one sentence each.
  const [first, ...rest] = splitSentences(t);
  if (
    rest.length &&
    /[.!?]$/.test(first) &&
    first.length >= 4 &&
    first.length <= 61 &&
    countWords(first) <= 8
  )
    return [first.replace(/[.]$/, ""), rest.join(" ")];
  return [t, undefined];
}

function capitalise(s: string): string {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}
