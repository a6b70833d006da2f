/**
 * A rough guess of the source text's language (ISO 639-1), by script and stopword hits. The
 * offline generator cannot translate, so this only decides title casing and whether to warn
 * that the requested language differs from the content's.
 */
import { STOPWORDS_BY_LANGUAGE } from "./stopwords";

const SCRIPTS: [RegExp, string][] = [
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/gu, "ja"],
  [/\p{Script=Hangul}/gu, "ko"],
  [/\p{Script=Han}/gu, "zh"],
  [/\p{Script=Arabic}/gu, "ar"],
  [/\p{Script=Hebrew}/gu, "he"],
  [/\p{Script=Devanagari}/gu, "hi"],
  [/\p{Script=Cyrillic}/gu, "ru"],
  [/\p{Script=Greek}/gu, "el"],
];

/** Returns an ISO code ("en", "fr", "ja", …) or "und" when the text gives too little to go on. */
export function detectLanguage(text: string): string {
  const sample = text.slice(0, 20_000);
  const letters = (sample.match(/\p{L}/gu) ?? []).length;
  if (letters === 0) return "und";
  for (const [re, code] of SCRIPTS) {
    const hits = (sample.match(re) ?? []).length;
    // Japanese mixes kana with Han; a little kana is enough to call it.
    if (hits / letters > (code === "ja" ? 0.05 : 0.3)) return code;
  }
  const tokens = sample.toLowerCase().match(/\p{L}+/gu) ?? [];
  let best = "und";
  let bestHits = 0;
  for (const [code, set] of Object.entries(STOPWORDS_BY_LANGUAGE)) {
    let hits = 0;
    for (const t of tokens) if (set.has(t)) hits++;
    if (hits > bestHits) [best, bestHits] = [code, hits];
  }
  return bestHits >= Math.min(3, tokens.length / 4) ? best : "und";
}
