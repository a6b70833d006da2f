/**
 * Tone rules for text the generator outputs. Only surface rules: the offline generator does not
 * rewrite content, so it changes punctuation and contractions (English only) and lets the
 * outline add tone lines (see generate-outline.ts).
 */
import type { TTone } from "../types";

const CONTRACTIONS: [RegExp, string][] = [
  [/\bdo not\b/gi, "don't"],
  [/\bdoes not\b/gi, "doesn't"],
  [/\bdid not\b/gi, "didn't"],
  [/\bis not\b/gi, "isn't"],
  [/\bare not\b/gi, "aren't"],
  [/\bwas not\b/gi, "wasn't"],
  [/\bwere not\b/gi, "weren't"],
  [/\bhas not\b/gi, "hasn't"],
  [/\bhave not\b/gi, "haven't"],
  [/\bcannot\b/gi, "can't"],
  [/\bwill not\b/gi, "won't"],
  [/\bwould not\b/gi, "wouldn't"],
  [/\bshould not\b/gi, "shouldn't"],
  [/\bit is\b/gi, "it's"],
  [/\bthat is\b/gi, "that's"],
  [/\bthere is\b/gi, "there's"],
  [/\bwe are\b/gi, "we're"],
  [/\bthey are\b/gi, "they're"],
  [/\byou are\b/gi, "you're"],
  [/\bwe will\b/gi, "we'll"],
  [/\blet us\b/gi, "let's"],
];

const EXPANSIONS: [RegExp, string][] = [
  [/\bcan't\b/gi, "cannot"],
  [/\bwon't\b/gi, "will not"],
  [/\blet's\b/gi, "let us"],
  [/\b(\w+)n't\b/gi, "$1 not"],
  [/\b(it|that|there|what)'s\b/gi, "$1 is"],
  [/\b(\w+)'re\b/gi, "$1 are"],
  [/\b(\w+)'ll\b/gi, "$1 will"],
  [/\b(\w+)'ve\b/gi, "$1 have"],
];

const EMOJI = /\p{Extended_Pictographic}\u{FE0F}?|\u{FE0F}/gu;

/**
 * Applies the tone's surface rules: professional has no exclamation marks, emoji or
 * contractions; casual uses contractions. `english` says whether the text is English.
 */
export function applyTone(text: string, tone: TTone, english: boolean): string {
  let s = text;
  if (tone === "professional") {
    s = s
      .replace(EMOJI, "")
      .replace(/!+(?=\s|$|\*|")/g, ".")
      .replace(/!+/g, "");
    s = s.replace(/¡/g, "");
    if (english) for (const [re, to] of EXPANSIONS) s = s.replace(re, (m, ...g) => keepCase(m, fill(to, g)));
    s = s.replace(/\s{2,}/g, " ").trim();
  }
  if (tone === "casual" && english) {
    for (const [re, to] of CONTRACTIONS) s = s.replace(re, (m) => keepCase(m, to));
  }
  return s;
}

function fill(template: string, groups: unknown[]): string {
  return template.replace(/\$(\d)/g, (_m, i: string) => String(groups[Number(i) - 1] ?? ""));
}

/** Keeps a leading capital: "Do not" → "Don't". */
function keepCase(original: string, replacement: string): string {
  return /^\p{Lu}/u.test(original) ? replacement[0].toUpperCase() + replacement.slice(1) : replacement;
}
