/** Language tags for files and text runs. Client-safe. */

/** The deck's language as a BCP 47 tag for file metadata, or undefined when it is not one. */
export function languageTag(language: string): string | undefined {
  return /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(language) ? language : undefined;
}

/** Scripts that decide a run's language when the deck's language is written in another one. */
type TScript = "latin" | "han" | "kana" | "hangul" | "arabic" | "hebrew";

const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;

const SCRIPTS: [TScript, RegExp][] = [
  ["kana", KANA],
  ["han", /\p{Script=Han}/u],
  ["hangul", /\p{Script=Hangul}/u],
  ["arabic", /\p{Script=Arabic}/u],
  ["hebrew", /\p{Script=Hebrew}/u],
  ["latin", /\p{Script=Latin}/u],
];

/** Each script's usual language, for runs whose script the deck's language is not written in. */
const DEFAULT_TAG: Record<TScript, string> = {
  latin: "en-US",
  han: "zh-CN",
  kana: "ja-JP",
  hangul: "ko-KR",
  arabic: "ar-SA",
  hebrew: "he-IL",
};

/** The scripts a language is written in (by its primary subtag); Latin when not listed. */
const LANGUAGE_SCRIPTS: Record<string, TScript[]> = {
  zh: ["han"],
  ja: ["han", "kana"],
  ko: ["hangul", "han"],
  ar: ["arabic"],
  fa: ["arabic"],
  ur: ["arabic"],
  ps: ["arabic"],
  ug: ["arabic"],
  he: ["hebrew"],
  yi: ["hebrew"],
};

/** The first script with a character in `text` (kana before Han: Japanese mixes both). */
export function scriptOf(text: string): TScript | undefined {
  return SCRIPTS.find(([, pattern]) => pattern.test(text))?.[0];
}

/**
 * The language tag of a run: the deck's when the run is written in the deck language's script
 * (or in no particular script: digits, punctuation), otherwise the script's usual language. Han
 * text in a paragraph that also holds kana is Japanese. PowerPoint uses the tag for proofing and
 * to pick the run's East Asian or complex-script font.
 */
export function runLanguageTag(
  text: string,
  deckTag: string | undefined,
  paragraphText: string = text,
): string | undefined {
  const script = scriptOf(text);
  if (!script) return deckTag;
  const deckScripts = LANGUAGE_SCRIPTS[deckTag?.split("-")[0].toLowerCase() ?? ""] ?? ["latin"];
  if (deckTag && deckScripts.includes(script)) return deckTag;
  if (script === "han" && KANA.test(paragraphText)) return DEFAULT_TAG.kana;
  return DEFAULT_TAG[script];
}

/**
 * Cuts text where its script changes, so each piece can carry its own language. Han, kana and
 * hangul count as one (Japanese mixes them); characters of no particular script (spaces, digits,
 * punctuation) stay with the piece before them.
 */
export function splitByScript(text: string): string[] {
  const pieces: { group?: string; text: string }[] = [];
  for (const ch of text) {
    const script = scriptOf(ch);
    const group = script === "han" || script === "kana" || script === "hangul" ? "cjk" : script;
    const last = pieces.at(-1);
    if (last && (!group || !last.group || last.group === group)) {
      last.text += ch;
      last.group ??= group;
    } else pieces.push({ group, text: ch });
  }
  return pieces.map((piece) => piece.text);
}
