/**
 * Word-level helpers shared by ranking, segmentation and key phrases: surface words, and
 * "terms" (lower-cased, lightly stemmed content words) used for overlap scores.
 */
import { isStopword } from "./stopwords";

// Keeps "12,000", "1.4", "40%", "e.g", "don't" and "mini-split" whole.
const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*(?:(?:['’.-]|(?<=\p{N})[,:](?=\p{N}))[\p{L}\p{M}\p{N}]+)*%?/gu;
// Han, Hiragana, Katakana, Hangul: scripts written without spaces between words.
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Strips markdown emphasis markers so counting and matching see plain words. */
export function plainText(text: string): string {
  return text
    .replace(/\\\*/g, "*")
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, "$2")
    .replace(/(^|[^\w*])[*_](?=\S)([^*_]*?\S)[*_](?!\w)/g, "$1$2")
    .replace(/`([^`]*)`/g, "$1");
}

/** Surface words in reading order, punctuation dropped (decimals and "30%" stay whole). */
export function words(text: string): string[] {
  return plainText(text).match(WORD) ?? [];
}

/** Word count as a reader sees it; CJK text counts characters in pairs so caps stay meaningful. */
export function countWords(text: string): number {
  let count = 0;
  for (const w of words(text)) count += CJK.test(w) ? Math.ceil(w.length / 2) : 1;
  return count;
}

/** A deliberately light English stemmer: enough to match "pumps"/"pump", "installed"/"install". */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, "");
  if (w.length > 4 && w.endsWith("ies")) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 6 && w.endsWith("ing")) w = w.slice(0, -3);
  else if (w.length > 5 && w.endsWith("ed")) w = w.slice(0, -2);
  // "running" → "runn" → "run", so the stem meets the bare verb.
  if (w !== word.toLowerCase() && /([^aeioulsfzd])\1$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** Content terms of a text: stemmed, stopwords removed; CJK runs become character bigrams. */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const w of words(text)) {
    if (CJK.test(w)) {
      const chars = [...w];
      if (chars.length === 1) out.push(w);
      for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
      continue;
    }
    if (isStopword(w) || w.length < 2) continue;
    out.push(stem(w));
  }
  return out;
}

/** True when the text contains a figure worth keeping on a slide (digits, %, money). */
export function hasNumber(text: string): boolean {
  return /\d/.test(text);
}

/**
 * Whether text of this detected language (ISO code, "und" when unsure) is read with the English
 * part-of-speech rules (compromise): English, and text too short to tell.
 */
export function readsAsEnglish(language: string): boolean {
  return language === "en" || language === "und";
}
