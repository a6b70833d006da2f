/**
 * Word-level helpers shared by ranking, segmentation and key phrases: surface words, and
 * "terms" (lower-cased, lightly stemmed content words) used for overlap scores.
 */
import { isStopword } from "./stopwords";

// Keeps "12,000", "1.4", "40%", "e.g", "don't" and "mini-split" whole.
/** A currency before an amount: a sign ("$", "€") or an ISO code and a space ("USD 16,690 million"). */
/** Titles written before a person's name ("Mr. Lynde", "Dr. Hopper"). */
export const HONORIFICS = ["mr", "mrs", "ms", "dr", "prof"] as const;
/** …with the ranks, offices and suffixes written shortened beside a name ("Sen. Reed", "Jr."). */
export const NAME_TITLES = [
  ...HONORIFICS,
  "st",
  "jr",
  "sr",
  "gen",
  "gov",
  "sen",
  "rep",
  "capt",
  "lt",
  "col",
  "sgt",
] as const;

// ("US$25.30 billion", "C$4.1 million", "HK$12": a dollar sign with its country's letters.)
export const CURRENCY = String.raw`(?:(?:US|A|AU|C|CA|HK|NZ|S|NT|R)\$|[$€£¥₹]|(?:USD|EUR|GBP|JPY|CHF|CAD|AUD|CNY|INR)\s)`;
const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*(?:(?:['’.-]|(?<=\p{N})[,:](?=\p{N}))[\p{L}\p{M}\p{N}]+)*%?/gu;
// Chinese and Japanese script, with the marks they share ("ー", "々"): written without spaces, so
// their words come from ICU's dictionary segmenter (one dictionary serves both languages).
const UNSPACED = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]/u;
const UNSPACED_RUN = /([\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]+)/u;
// Korean is spaced, but its words are long: they still count, and match, by character pairs.
const HANGUL = /\p{Script=Hangul}/u;
const WORD_SEGMENTER = new Intl.Segmenter("zh", { granularity: "word" });
// The same sentences are read many times per deck (ranking, bullets, titles): their words are kept.
const SEGMENTED = new Map<string, string[]>();
const SEGMENTED_LIMIT = 20_000;
// Chinese function characters: a word made only of these ("的", "一个", "它是", "以及") names no topic.
const ZH_FUNCTION_CHARS = new Set(
  "的地得了着过是在和与及或也都就而之以于其这那为被把从对将等个些到由向并但又很最更已让使给它他她我你们每各不所则即却还因如若虽此该某自至当曾乃亦皆仅只再才均约約吗呢吧一上中下年月日号",
);
// Relational words and prepositions written with other characters: "以内", "之后", "根据", "包括".
const CJK_FUNCTION_WORDS = new Set(
  "以上 以下 以内 以外 以降 以前 以后 以後 之后 之前 之间 之中 之一 根据 关于 对于 由于 随着 按照 通过 经过 作为 包括 除了 为了".split(
    " ",
  ),
);
const HIRAGANA_ONLY = /^\p{scx=Hiragana}+$/u;
// Counters and units: one word with the numeral before them ("1942年", "3ヶ月", "1800小时").
const COUNTERS = new Set(
  "年 月 日 号 时 時 分 秒 岁 歳 代 个 個 名 种 種 件 次 回 本 台 位 万 亿 億 千 百 倍 度 周 つ 世纪 世紀 年代 小时 小時 時間 分钟 ヶ月 か月 カ月 周年".split(
    " ",
  ),
);

/** Strips markdown emphasis markers so counting and matching see plain words. */
export function plainText(text: string): string {
  return text
    .replace(/\\\*/g, "*")
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, "$2")
    .replace(/(^|[^\w*])[*_](?=\S)([^*_]*?\S)[*_](?!\w)/g, "$1$2")
    .replace(/`([^`]*)`/g, "$1");
}

/**
 * Surface words in reading order, punctuation dropped (decimals and "30%" stay whole). Chinese and
 * Japanese runs are split into dictionary words, a numeral keeping its counter or unit:
 * "美国之音以48种语言" → 美国, 之音, 以, 48种, 语言.
 */
export function words(text: string): string[] {
  const found = plainText(text).match(WORD) ?? [];
  return UNSPACED.test(text) ? found.flatMap(splitUnspaced) : found;
}

/** Word count as a reader sees it: dictionary words in Chinese and Japanese, character pairs in Korean. */
export function countWords(text: string): number {
  let count = 0;
  for (const w of words(text)) count += HANGUL.test(w) ? Math.ceil(w.length / 2) : 1;
  return count;
}

/**
 * Where each word of a plain text ends, in order: the offsets a cut between words may take
 * (Chinese and Japanese have no spaces to show them).
 */
export function wordEnds(text: string): number[] {
  const ends: number[] = [];
  let from = 0;
  for (const w of words(text)) {
    const at = text.indexOf(w, from);
    if (at < 0) continue;
    from = at + w.length;
    ends.push(from);
  }
  return ends;
}

/**
 * True for a Chinese or Japanese word that only glues others together: a particle, ending or
 * auxiliary written in hiragana ("は", "ました"), one made of Chinese function characters ("的",
 * "以", "一个"), or a preposition or relational word ("根据", "以内"). Such a word names no topic.
 */
export function isCjkFunctionWord(word: string): boolean {
  if (HIRAGANA_ONLY.test(word) || CJK_FUNCTION_WORDS.has(word)) return true;
  for (const ch of word) if (!ZH_FUNCTION_CHARS.has(ch)) return false;
  return word.length > 0;
}

/** One word of `words`: its Chinese or Japanese runs become dictionary words, the rest stays whole. */
function splitUnspaced(word: string): string[] {
  if (!UNSPACED.test(word)) return [word];
  const out: string[] = [];
  // split() with a capture group alternates: other text, a Han/kana run, other text, …
  word.split(UNSPACED_RUN).forEach((part, i) => {
    if (i % 2 === 1) {
      const found = segmentUnspaced(part);
      const last = out.length - 1;
      const counted = last >= 0 && /\p{N}$/u.test(out[last]) && COUNTERS.has(found[0] ?? "");
      if (counted) out[last] += found[0];
      out.push(...(counted ? found.slice(1) : found));
    } else {
      // What the run leaves at either side: "48", "VOA", or a joiner ("3." before "江戸") to drop.
      const rest = part.replace(/^['’.,:-]+|['’.,:-]+$/g, "");
      if (rest) out.push(rest);
    }
  });
  return out;
}

/**
 * Dictionary words of a Han/kana run. ICU gives a word it does not know (a transliterated name,
 * "奥巴马") as single characters: a run of such characters is read as one word again, but not a
 * counter ("回") nor the stem of a Japanese verb, which its kana ending follows ("繰" of "繰り返す").
 */
function segmentUnspaced(run: string): string[] {
  let out = SEGMENTED.get(run);
  if (out) return out;
  const parts = [...WORD_SEGMENTER.segment(run)].filter((s) => s.isWordLike).map((s) => s.segment);
  out = [];
  let unknown = "";
  parts.forEach((part, i) => {
    const next = parts[i + 1] ?? "";
    if (part.length === 1 && !isCjkFunctionWord(part) && !COUNTERS.has(part) && !HIRAGANA_ONLY.test(next)) {
      unknown += part;
      return;
    }
    if (unknown) out?.push(unknown);
    unknown = "";
    out?.push(part);
  });
  if (unknown) out.push(unknown);
  if (SEGMENTED.size >= SEGMENTED_LIMIT) SEGMENTED.clear();
  SEGMENTED.set(run, out);
  return out;
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

/**
 * Content terms of a text: stemmed, stopwords removed. Chinese and Japanese give their dictionary
 * words without function words; Korean words become character bigrams.
 */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const w of words(text)) {
    if (HANGUL.test(w)) {
      const chars = [...w];
      if (chars.length === 1) out.push(w);
      for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
      continue;
    }
    if (UNSPACED.test(w)) {
      if (!isCjkFunctionWord(w)) out.push(w);
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

/** The text as a regular expression that matches it literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** True when the text leaves a bracket open: what follows is inside it ("…named storms (winds of 39"). */
export function insideBrackets(text: string): boolean {
  return (text.match(/\(/g)?.length ?? 0) > (text.match(/\)/g)?.length ?? 0);
}

/** A line that stops on a comma, an article, a preposition or a conjunction goes on in the next one. */
export const WRAPPED_AFTER =
  /,$|(?:^|\s)(?:the|a|an|of|to|in|on|at|by|for|with|from|into|and|or|but|that|which|than|der|die|das|des|den|dem|vor|und|oder|mit|von|le|la|les|du|et|avec|el|los|las|del|y|con|que)$/i;

/** Pictographs that open or close a heading ("## ✨ Features", "📅 Deadline…"): decoration, no words. */
export const PICTOGRAPHS_AROUND =
  /^(?:\p{Extended_Pictographic}|\u{FE0F}|\u{200D}|\u{20E3}|\s)+|(?:\s|\p{Extended_Pictographic}|\u{FE0F}|\u{200D})+$/gu;
