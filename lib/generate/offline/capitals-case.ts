/**
 * Headings typed in capitals ("BOARD OF SELECTMEN MEETING MINUTES", "NEW BUSINESS", "VOTE ON
 * ABCC POPULATION FORM") given the case the document itself writes their words in. A public
 * body's minutes and agendas head every part in capitals; a slide title in capitals shouts, and
 * title casing alone would make "ABCC" an "Abcc". The text tells which is which: a word it also
 * writes in lower or mixed case is a word ("Board", "business"); a word it writes in capitals inside
 * a sentence ("…submit to the ABCC.") is an acronym.
 */
import { capitalise, titleCase } from "./title-case";
import { countWords, NAME_TITLES } from "./tokenize";

/** What the document's own sentences say about the case of its words. */
export type TWrittenCase = {
  /** Lower-cased word → the form the text writes it in outside capitals. */
  words: Map<string, string>;
  /** Words written in capitals inside lines that are not in capitals. */
  acronyms: Set<string>;
};

const LEADING_LABEL = /^\s*\p{Lu}[\p{Lu}/&'’ -]{1,40}?\s*:/u;
const WORD = /\p{L}[\p{L}\p{M}'’]*/gu;
/** A line in capitals: two capital letters together and no lower-case letter. */
const IN_CAPITALS = /^(?=.*\p{Lu}{2})[^\p{Ll}]*$/u;
/** Short words a line in capitals may hold that are words, not acronyms. */
const SHORT_WORDS = new Set([
  ...NAME_TITLES,
  ..."a an the and or of in on at to by for with as is it no new old all per via vs el la los las de del le du des van von der den da di".split(
    " ",
  ),
]);

export function readWrittenCase(text: string): TWrittenCase {
  const words = new Map<string, string>();
  const acronyms = new Set<string>();
  for (const line of text.split("\n")) {
    if (IN_CAPITALS.test(line)) continue;
    // ("CHILDREN: Krista Rose…": a label in capitals before its text is no acronym either.)
    const found = [...line.replace(LEADING_LABEL, "").matchAll(WORD)].map((m) => m[0]);
    const capitals = (w: string | undefined) => !!w && w.length > 1 && w === w.toUpperCase();
    for (const [k, word] of found.entries()) {
      if (capitals(word)) {
        // ("CALL TO ORDER: 7:00 p.m.": words in capitals beside each other are a label, not acronyms.)
        if (!capitals(found[k - 1]) && !capitals(found[k + 1])) acronyms.add(word);
        continue;
      }
      const key = word.toLowerCase();
      // A word the text writes in lower case anywhere is a common word, whatever else it writes.
      if (!words.has(key) || word === key) words.set(key, word);
    }
  }
  return { words, acronyms };
}

/** True when the text is in capitals ("NEW BUSINESS"), not a sentence or an acronym alone. */
export function isInCapitals(text: string): boolean {
  return IN_CAPITALS.test(text) && /\p{Lu}{2,}[^\p{L}]+\p{Lu}|\p{Lu}{4,}/u.test(text);
}

/**
 * The text in the case its words are written in elsewhere in the document, title-cased in
 * English ("Holden Board of Selectmen Meeting Minutes"), in sentence case otherwise ("Ordre du
 * jour"). Text that is not in capitals comes back as it is.
 */
export function fromCapitals(raw: string, written: TWrittenCase, language: string): string {
  // ("APPROVAL OF MINUTES —SEPTEMBER 10": a dash typed against the next word.)
  const text = isInCapitals(raw) || raw.includes(",") ? raw.replace(/\s—(?=\S)/g, " — ") : raw;
  // "TOWN OF PELHAM … MINUTES, November 26, 2002": each part in capitals is cased on its own.
  const parts = text.split(/(,\s+|\s+[—–-]\s+|:\s+)/);
  if (parts.length > 1)
    return parts.map((part, i) => (i % 2 ? part : fromCapitals(part, written, language))).join("");
  if (!isInCapitals(text)) return text;
  const english = language === "en" || language === "und";
  const cased = text.replace(WORD, (word, at: number) => {
    // "91-A", "3B": a letter of a number or code keeps its case.
    if (/[\d-]$/.test(text.slice(0, at)) && /\d/.test(text.slice(Math.max(0, at - 3), at))) return word;
    if (written.acronyms.has(word) && !written.words.has(word.toLowerCase())) return word;
    const key = word.toLowerCase();
    const form = written.words.get(key);
    if (form) return form;
    // "RSA", "EPA": a short word no sentence spells out is an acronym.
    if (word.length <= 3 && !SHORT_WORDS.has(key)) return word;
    return key;
  });
  // ("INVOCATION/PLEDGE" is two words.)
  return english
    ? titleCase(cased, language).replace(/\/(\p{Ll})/gu, (_m, c: string) => `/${c.toUpperCase()}`)
    : capitalise(cased);
}

/** "RECOMMENDATION:", "ROLL CALL: Commissioners Chu, …": a label in capitals at a line's start. */
const CAPITAL_LABEL = /^\s*(\p{Lu}[\p{Lu}/&'’ -]{1,40}?)\s*:\s*(.*)$/u;
/** "1. SEATING OF COMMISSIONER CHU": an agenda's numbered item in capitals. */
const NUMBERED_CAPITALS = /^\s*(\d{1,2})[.)]\s+(\P{Ll}{3,100})$/u;
const LIST_LINE = /^\s*(?:[-*•]|\d{1,2}[.)])\s+\S/u;
/** Label lines a text needs before it reads as a record headed this way. */
const LABELS_MIN = 2;
/** A heading in capitals has at most this many words. */
const HEADING_WORDS = 8;

/**
 * Minutes and agendas set as plain text, their parts headed by labels in capitals, often with no
 * blank line between: "PUBLIC CONCERNS:" above its paragraph heads a part; a label the text uses
 * again and again ("MOTION:", "VOTE:", "RECOMMENDATION:") names what the next paragraph is, and is
 * joined to it ("Motion: (Derby/Lynde) To approve…"); a label with its text on the line ("ROLL
 * CALL: Commissioners Chu, …") is a paragraph of its own; a numbered item in capitals heads a part.
 * Each is set apart by blank lines, so a wrapped paragraph does not run on into it.
 */
export function withCapitalLabels(text: string, written: TWrittenCase, language: string): string {
  if (/^#{1,6}\s/m.test(text)) return text;
  const lines = text.split("\n");
  const labels = lines.map((l) => CAPITAL_LABEL.exec(l)).filter((m) => m && isInCapitals(m[1]));
  if (labels.length < LABELS_MIN) return text;
  const count = new Map<string, number>();
  for (const m of labels) if (m && !m[2].trim()) count.set(m[1], (count.get(m[1]) ?? 0) + 1);
  const out: string[] = [];
  let pending: string | undefined;
  // The value in capitals of the label line above wraps onto this one.
  let wrapping = false;
  for (const [k, line] of lines.entries()) {
    const label = CAPITAL_LABEL.exec(line);
    const numbered = NUMBERED_CAPITALS.exec(line);
    if (!line.trim()) wrapping = false;
    else if (wrapping && !label && isInCapitals(line) && /[,;]$/.test(out.at(-1)?.trim() ?? "")) {
      out.push(fromCapitals(line.trim(), written, language));
      continue;
    }
    if (label && isInCapitals(label[1])) {
      const name = fromCapitals(label[1].trim(), written, language);
      // (Its text may wrap onto the lines below: they stay with it.)
      // (A run of such fields, "RELEASE DATE: …" above "PA NUMBER: …", stays one block.)
      // ("DATE: TUESDAY, SEPTEMBER 4, 2014": a value in capitals too is cased as the text writes it.)
      const value = isInCapitals(label[2])
        ? line.replace(label[2], fromCapitals(label[2], written, language))
        : line;
      wrapping = value !== line;
      if (label[2].trim()) out.push(...(CAPITAL_LABEL.test(out.at(-1) ?? "") ? [] : [""]), value);
      else if ((count.get(label[1]) ?? 0) >= 2) {
        out.push("");
        pending = name;
      } else out.push("", `## ${name}`, "");
      continue;
    }
    // "OPEN FORUM", "MINUTES REVIEW": a line in capitals standing alone heads a part.
    if (
      !label &&
      !numbered &&
      isInCapitals(line.trim()) &&
      countWords(line) <= HEADING_WORDS &&
      !/[.,;:]$/.test(line.trim())
    ) {
      out.push("", `## ${fromCapitals(line.trim(), written, language)}`, "");
      continue;
    }
    if (numbered && /\p{Lu}{2}/u.test(numbered[2])) {
      out.push("", `## ${numbered[1]}. ${fromCapitals(numbered[2].trim(), written, language)}`, "");
      continue;
    }
    // "- Call to Order, Roll Call Vote" alone between paragraphs heads the part below it.
    const item = /^\s*[-*•]\s+(\S.{0,80})$/u.exec(line);
    if (item && !LIST_LINE.test(lines[k - 1] ?? "") && !LIST_LINE.test(lines[k + 1] ?? "")) {
      out.push("", `## ${fromCapitals(item[1].trim(), written, language)}`, "");
      continue;
    }
    // "Mr. William McDevitt," then "Mr. Richard Derby" below a blank line: one list of names.
    const last = out.findLastIndex((l) => l.trim());
    if (
      line.trim() &&
      last >= 0 &&
      last < out.length - 1 &&
      /,$/.test(out[last].trim()) &&
      /^\p{Lu}/u.test(line.trim())
    ) {
      out[last] = `${out[last].trimEnd()} ${line.trim()}`;
      out.length = last + 1;
      continue;
    }
    if (pending && line.trim()) {
      out.push(`${pending}: ${line.trim()}`);
      pending = undefined;
      continue;
    }
    out.push(line);
  }
  return out.join("\n");
}
