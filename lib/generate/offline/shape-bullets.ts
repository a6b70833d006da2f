/**
 * Bullets written for a data layout: a figure with a short label ("Gross margin improved to
 * 46.3%", "Revenue: $48.6 million") that the layout chooser reads as a metric, and a dated step
 * ("April 2026: Pilot goes live in Millbrook") that it reads as a timeline event. Figures and
 * dates are kept verbatim; only the words around them are shortened.
 */
import { readEvent, readMetric } from "../content-shape";
import type { TVerbosity } from "../types";
import { compressSentence, type TCompressed } from "./compress-sentence";
import { isStopword } from "./stopwords";
import { capitalise } from "./title-case";
import { countWords, plainText } from "./tokenize";
import { WORD_CAPS } from "./write-bullet";

/** A metric's label reads at a glance: the chooser allows 14 words, a good card has about 8. */
const FIGURE_WORDS = 10;
const MONTH =
  "January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec";
// "In April 2026, the pilot…", "By Q3 2025 we…", "In 2024 the team…": a date that opens a sentence.
const LEADING_DATE = new RegExp(
  `^(?:in|by|from|since|on|during|until|starting in|beginning in|early in|late in)\\s+((?:(?:${MONTH})\\.?\\s+\\d{4}|(?:${MONTH})\\s+\\d{1,2},\\s+\\d{4}|[QH][1-4]\\s+\\d{4}|(?:19|20)\\d{2}))\\s*,?\\s+(\\S.*)$`,
  "i",
);
// A figure: money, a percentage, a quantity with a unit or scale.
const FIGURE =
  /[$€£¥]?\s?\d[\d,.]*\d?(?:\s?(?:%|percent|per cent|million|billion|thousand|[kKmMB]\b|bn\b))?(?:\s(?:years?|months?|weeks?|days?|hours?|minutes?|seconds?|kg|km|tonnes|TB|GB|MB|kWh|MW|people|staff|customers|users|stores|clinics))?/u;
// Numbers that measure nothing: a version ("3.12.0", "v2.1"), an ISO date, a time of day.
const NOT_FIGURES = /\bv?\d+\.\d+\.\d+\b|\bv\d+(?:\.\d+)?\b|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}:\d{2}\b/gi;
const LINKS =
  "of|was|were|is|are|reached|totalled|totaled|stood at|came to|rose to|fell to|grew to|hit|at|to|by";
const LABEL_BEFORE = new RegExp(
  `((?:[\\p{L}][\\p{L}'’-]*\\s){0,2}[\\p{L}][\\p{L}'’-]*)\\s+(?:${LINKS})\\s+$`,
  "iu",
);

/** True when the text carries a figure a metric can show. */
export function hasFigure(text: string): boolean {
  const m = FIGURE.exec(maskNonFigures(plainText(text)));
  return !!m && !/^(?:19|20)\d{2}$/.test(m[0].trim());
}

/** The text with versions, ISO dates and times blanked out, at the same length (indexes stay). */
function maskNonFigures(text: string): string {
  return text.replace(NOT_FIGURES, (m) => " ".repeat(m.length));
}

/**
 * A unit as a metric bullet, or null when no short form keeps its figure. Tries the sentence
 * shortened to the label budget, then "Label: figure" from the noun phrase before the figure.
 */
export function writeFigureBullet(text: string, verbosity: TVerbosity): TCompressed | null {
  const budget = Math.min(WORD_CAPS[verbosity], FIGURE_WORDS);
  const first = FIGURE.exec(maskNonFigures(plainText(text)))?.[0].trim();
  if (!first) return null;
  const short = compressSentence(text, { maxWords: budget, keepPeriod: false });
  if (short.quality >= 0.5 && plainText(short.text).includes(first) && readMetric(short.text)) return short;
  const labelled = labelFigure(plainText(text));
  if (labelled && readMetric(labelled)) return { text: labelled, quality: 0.8 };
  return null;
}

/** "…closed the quarter with revenue of $48.6 million, up 18%" → "Revenue: $48.6 million". */
function labelFigure(text: string): string | null {
  const m = FIGURE.exec(maskNonFigures(text));
  if (!m || m.index === undefined) return null;
  const before = LABEL_BEFORE.exec(text.slice(0, m.index));
  if (!before) return null;
  // The label is the noun phrase right before the link word: the words after the last glue word.
  const words = before[1].split(/\s+/);
  const glue = words.map((w) => isStopword(w)).lastIndexOf(true);
  const label = words.slice(glue + 1);
  if (label.length === 0) return null;
  return `${capitalise(label.join(" "))}: ${m[0].trim()}`;
}

/** The dated form of a unit ("April 2026: Pilot goes live…"), or null when it carries no leading date. */
export function datedText(text: string): string | null {
  const plain = plainText(text).trim();
  const event = readEvent(plain);
  // "3.12.0 final: Monday, 2023-10-02" is written date first, as every event is.
  if (event && !plain.startsWith(event.date))
    return `${event.date}: ${event.title}${event.body ? ` (${event.body})` : ""}`;
  if (event) return plain;
  const m = LEADING_DATE.exec(plain);
  if (!m) return null;
  const candidate = `${m[1]}: ${capitalise(m[2])}`;
  return readEvent(candidate) ? candidate : null;
}

/** A unit as a timeline bullet within the verbosity's budget, or null when it is not dated. */
export function writeEventBullet(text: string, verbosity: TVerbosity): TCompressed | null {
  const dated = datedText(text);
  const event = dated ? readEvent(dated) : null;
  if (!dated || !event) return null;
  const at = dated.indexOf(event.date) + event.date.length;
  // "1983年3月(昭和58年3月) …": the same date in the era calendar, in brackets after it, goes with it.
  const rest = dated
    .slice(at)
    .replace(/^\s*[(（][^)）]*[年月日][^)）]*[)）]/u, "")
    .replace(/^\s*(?:[:–—-]|\s-\s)\s*/, "");
  const budget = Math.max(4, WORD_CAPS[verbosity] - countWords(event.date));
  const short = compressSentence(rest, {
    maxWords: verbosity === "text-heavy" ? null : budget,
    keepPeriod: false,
  });
  return { text: `${event.date}: ${capitalise(short.text)}`, quality: short.quality };
}
