/**
 * Inline markdown emphasis → styled runs: `**bold**`, `*italic*` / `_italic_`, `` `code` ``, links
 * `[text](https://…)` (http, https and mailto targets only), and backslash escapes (`\*`, `\_`,
 * `` \` ``, `\[`, `\]`, `\\`). Anything unmatched stays literal text, so a stray asterisk never
 * swallows the rest of a sentence. Client-safe.
 */
import type { TTextRun } from "./boxes";

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

function sameStyle(a: TTextRun, b: TTextRun): boolean {
  return !!a.bold === !!b.bold && !!a.italic === !!b.italic && !!a.code === !!b.code && a.link === b.link;
}
