/** One source unit → one bullet at the requested verbosity, plus near-duplicate detection. */
import type { TVerbosity } from "../types";
import { compressSentence, type TCompressed } from "./compress-sentence";
import { containment, jaccard } from "./similarity";
import { countWords, terms } from "./tokenize";

/** Word budgets per verbosity; text-heavy keeps whole sentences unless they run on. */
export const WORD_CAPS: Record<TVerbosity, number> = { concise: 8, standard: 15, "text-heavy": 40 };
/** How far a complete clause may run over the cap instead of being cut (concise stays strict). */
export const ALLOW_OVER: Record<TVerbosity, number> = { concise: 0, standard: 3, "text-heavy": 0 };
/** Bullets per slide: the most a slide shows when the material allows. */
export const BULLET_CAPS: Record<TVerbosity, number> = { concise: 4, standard: 5, "text-heavy": 6 };

/** Writes a bullet from a sentence or list item; `quality` tells how cleanly it was shortened. */
export function writeBullet(text: string, verbosity: TVerbosity, kind: "sentence" | "item"): TCompressed {
  if (verbosity === "text-heavy") {
    const long = countWords(text) > WORD_CAPS["text-heavy"];
    // Items are fragments by nature; a full stop only belongs after a sentence.
    return compressSentence(text, { maxWords: long ? 30 : null, keepPeriod: kind === "sentence" });
  }
  return compressSentence(text, {
    maxWords: WORD_CAPS[verbosity],
    keepPeriod: false,
    allowOver: ALLOW_OVER[verbosity],
  });
}

/** The term set used to compare bullets. */
export function bulletKey(text: string): Set<string> {
  return new Set(terms(text));
}

/** True when a bullet says (nearly) the same as one already used: same terms, or a cut of it. */
export function isNearDuplicate(key: ReadonlySet<string>, used: readonly ReadonlySet<string>[]): boolean {
  return used.some((u) => {
    if (jaccard(key, u) >= 0.6) return true;
    return Math.min(key.size, u.size) >= 3 && containment(key, u) >= 0.8;
  });
}
