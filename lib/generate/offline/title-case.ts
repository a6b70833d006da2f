/** Title casing that respects acronyms and, outside English, the language's own conventions. */

const SMALL_WORDS = new Set(
  "a an the and but or nor for of in on at to by with vs vs. via per as from into over than up".split(" "),
);

/**
 * English: capitalise major words, keep small words lower-case (except first and last) and leave
 * acronyms or mixed-case words ("iOS", "COP") alone. Other languages: capitalise the first letter only.
 */
export function titleCase(phrase: string, language: string): string {
  const text = phrase.replace(/\s+/g, " ").trim();
  if (language !== "en" && language !== "und") return capitalise(text);
  const parts = text.split(" ");
  return parts
    .map((word, i) => {
      if (/\p{Lu}/u.test(word.slice(1)) || /\d/.test(word)) return word;
      const lower = word.toLowerCase();
      if (i > 0 && i < parts.length - 1 && SMALL_WORDS.has(lower)) return lower;
      return lower
        .split("-")
        .map((p) => capitalise(p))
        .join("-");
    })
    .join(" ");
}

/** Upper-cases the first letter, leaving the rest as written. */
export function capitalise(text: string): string {
  // "`rustup` will…": a name in code keeps its case.
  if (/^\s*`/.test(text)) return text;
  return text.replace(/^(\P{L}*)(\p{Ll})/u, (_m, pre: string, ch: string) => pre + ch.toUpperCase());
}
