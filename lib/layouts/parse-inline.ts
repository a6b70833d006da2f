/**
 * Inline markdown emphasis → styled runs: `**bold**`, `*italic*` / `_italic_`, `` `code` ``, links
 * `[text](https://…)` (http, https and mailto targets only), and backslash escapes (`\*`, `\_`,
 * `` \` ``, `\[`, `\]`, `\\`). Anything unmatched stays literal text, so a stray asterisk never
 * swallows the rest of a sentence.
 *
 * Marks beyond markdown use a bracketed span with classes (as Pandoc writes them):
 * `[text]{.underline}`, `[text]{.highlight}`, `[text]{.accent}` / `{.accent2}` / `{.muted}` (theme
 * colour roles), combined as `[text]{.underline .accent}`. Only those class names are read: any
 * other `[…]{…}` stays literal, so ordinary text cannot turn into a mark by accident. Client-safe.
 */
import { TEXT_COLOR_ROLES, type TTextColorRole, type TTextRun } from "./boxes";

type TStyle = Omit<TTextRun, "text">;

const ESCAPABLE = new Set(["\\", "*", "_", "`", "[", "]"]);

/** Link targets a deck may carry: web and mail addresses, nothing that runs script. */
export const LINK_TARGET = /^(https?:\/\/[^\s()<>]+|mailto:[^\s()<>]+)$/i;

/** Parses inline emphasis into runs; adjacent runs of the same style are merged. */
export function parseInline(text: string): TTextRun[] {
  return mergeRuns(parseSpan(text, {}));
}

/** The plain text of an inline string with emphasis markers and escapes removed. */
export function stripInline(text: string): string {
  return parseInline(text)
    .map((run) => run.text)
    .join("");
}

function parseSpan(text: string, style: TStyle): TTextRun[] {
  const runs: TTextRun[] = [];
  let buffer = "";
  const flush = () => {
    if (buffer) runs.push({ text: buffer, ...style });
    buffer = "";
  };

  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === "\\" && ESCAPABLE.has(text[i + 1])) {
      buffer += text[i + 1];
      i += 2;
      continue;
    }
    if (ch === "`") {
      const close = text.indexOf("`", i + 1);
      if (close > i + 1) {
        flush();
        // Code is literal: no emphasis or escapes inside, like markdown.
        runs.push({ text: text.slice(i + 1, close), ...style, code: true });
        i = close + 1;
        continue;
      }
    }
    if (ch === "[") {
      const span = readSpan(text, i);
      if (span) {
        flush();
        runs.push(...parseSpan(span.label, { ...style, ...span.marks }));
        i = span.end;
        continue;
      }
    }
    if (ch === "[" && !style.link) {
      const link = readLink(text, i);
      if (link) {
        flush();
        runs.push(...parseSpan(link.label, { ...style, link: link.url }));
        i = link.end;
        continue;
      }
    }
    if (text.startsWith("**", i)) {
      const close = findClosing(text, i + 2, "**");
      if (close > 0) {
        flush();
        runs.push(...parseSpan(text.slice(i + 2, close), { ...style, bold: true }));
        i = close + 2;
        continue;
      }
      // An unclosed `**` is literal as a pair, so it does not reopen as italics.
      buffer += "**";
      i += 2;
      continue;
    }
    if ((ch === "*" || ch === "_") && opensEmphasis(text, i)) {
      const close = findClosing(text, i + 1, ch);
      if (close > 0) {
        flush();
        runs.push(...parseSpan(text.slice(i + 1, close), { ...style, italic: true }));
        i = close + 1;
        continue;
      }
    }
    buffer += ch;
    i += 1;
  }
  flush();
  return runs;
}

/** A `[label](url)` starting at `at` with an allowed target, or null (the bracket stays literal). */
function readLink(text: string, at: number): { label: string; url: string; end: number } | null {
  let i = at + 1;
  while (i < text.length && text[i] !== "]") {
    if (text[i] === "\\" && ESCAPABLE.has(text[i + 1])) i += 1;
    else if (text[i] === "[") return null;
    i += 1;
  }
  if (i === at + 1 || text[i] !== "]" || text[i + 1] !== "(") return null;
  const close = text.indexOf(")", i + 2);
  if (close < 0) return null;
  const url = text.slice(i + 2, close).trim();
  if (!LINK_TARGET.test(url)) return null;
  return { label: text.slice(at + 1, i), url, end: close + 1 };
}

/** The span marks a class list may name: `.underline`, `.highlight` and the theme colour roles. */
export const SPAN_CLASSES = ["underline", "highlight", ...TEXT_COLOR_ROLES] as const;

type TSpanMarks = Pick<TTextRun, "underline" | "highlight" | "color">;

/**
 * A `[label]{.class …}` starting at `at` whose classes are all span marks, or null (the bracket
 * stays literal). The label may hold brackets in pairs (a link, another span).
 */
function readSpan(text: string, at: number): { label: string; marks: TSpanMarks; end: number } | null {
  let depth = 0;
  let i = at;
  for (; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === "\\" && ESCAPABLE.has(text[i + 1])) i += 1;
    else if (ch === "`") {
      const close = text.indexOf("`", i + 1);
      if (close > i + 1) i = close;
    } else if (ch === "[") depth += 1;
    else if (ch === "]") {
      depth -= 1;
      if (depth === 0) break;
    }
  }
  if (depth !== 0 || i === at + 1 || text[i + 1] !== "{") return null;
  const attrs = /^\{\s*(\.[a-z0-9]+(?:\s+\.[a-z0-9]+)*)\s*\}/.exec(text.slice(i + 1));
  if (!attrs) return null;
  const marks: TSpanMarks = {};
  for (const name of attrs[1].split(/\s+/).map((part) => part.slice(1))) {
    if (name === "underline") marks.underline = true;
    else if (name === "highlight") marks.highlight = true;
    else if ((TEXT_COLOR_ROLES as readonly string[]).includes(name)) {
      // Two colours name no colour: the span is not ours.
      if (marks.color) return null;
      marks.color = name as TTextColorRole;
    } else return null;
  }
  return { label: text.slice(at + 1, i), marks, end: i + 1 + attrs[0].length };
}

/** An opening delimiter must touch the text it wraps; `_` must also start a word (not snake_case). */
function opensEmphasis(text: string, at: number): boolean {
  const next = text[at + 1];
  if (next === undefined || /\s/.test(next)) return false;
  return text[at] !== "_" || at === 0 || !/[\p{L}\p{N}]/u.test(text[at - 1]);
}

/**
 * Index of the delimiter closing a span that starts at `from`, or -1. A closer must follow
 * non-space text; `_` must also end a word. For `**`, a run of three asterisks closes on its last
 * two, so `***both***` is bold around italic.
 */
function findClosing(text: string, from: number, delimiter: "**" | "*" | "_"): number {
  let i = from;
  while (i < text.length) {
    if (text[i] === "\\" && ESCAPABLE.has(text[i + 1])) {
      i += 2;
      continue;
    }
    if (text[i] === "`") {
      const close = text.indexOf("`", i + 1);
      if (close > i + 1) {
        i = close + 1;
        continue;
      }
    }
    if (delimiter === "*" && text.startsWith("**", i)) {
      // A nested bold span inside italics: step over it whole.
      const inner = findClosing(text, i + 2, "**");
      if (inner > 0) {
        i = inner + 2;
        continue;
      }
    }
    if (text.startsWith(delimiter, i) && i > from && !/\s/.test(text[i - 1])) {
      let at = i;
      if (delimiter === "**") while (text[at + 2] === "*") at += 1;
      const after = text[at + delimiter.length];
      if (delimiter !== "_" || after === undefined || !/[\p{L}\p{N}]/u.test(after)) return at;
    }
    i += 1;
  }
  return -1;
}

function mergeRuns(runs: TTextRun[]): TTextRun[] {
  const merged: TTextRun[] = [];
  for (const run of runs) {
    const last = merged.at(-1);
    if (last && sameStyle(last, run)) last.text += run.text;
    else merged.push({ ...run });
  }
  return merged;
}

/** Whether two runs look the same (text aside). */
export function sameStyle(a: TTextRun, b: TTextRun): boolean {
  return (
    !!a.bold === !!b.bold &&
    !!a.italic === !!b.italic &&
    !!a.code === !!b.code &&
    a.link === b.link &&
    !!a.underline === !!b.underline &&
    !!a.highlight === !!b.highlight &&
    a.color === b.color
  );
}
