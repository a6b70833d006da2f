/**
 * Which of our font families draws a brand's typeface. A typeface we ship (or one metric-compatible
 * with it) is drawn as itself; any other is drawn with the closest family we have, and the
 * substitution is reported so the user knows what their PDF and editor show. Client-safe.
 */
import type { TFontKey } from "./font-families";

export type TBrandFont = {
  /** The typeface the brand file names. */
  typeface: string;
  /** Our family that draws it. */
  key: TFontKey;
  /** The face that stands in for it, or null when the typeface itself (or its metric twin) is drawn. */
  substitute: string | null;
};

/** Typefaces our families draw exactly or metric-compatibly, by family (lower case). */
const DRAWN_AS: Record<TFontKey, readonly string[]> = {
  sans: ["arial", "arimo", "liberation sans", "helvetica", "helvetica neue"],
  serif: ["times new roman", "tinos", "liberation serif", "times"],
};

/** The face that stands in for a typeface we do not have, by family. */
const STAND_IN: Record<TFontKey, string> = { sans: "Arimo", serif: "Tinos" };

const SERIF_NAME =
  /serif|times|roman|georgia|garamond|cambria|caladea|book|palatino|baskerville|didot|bodoni|minion|caslon/i;
const SANS_SERIF_NAME = /sans/i;

/** Our family for a brand typeface ("" = the file sets none: our default sans). */
export function brandFont(typeface: string): TBrandFont {
  const name = typeface.trim().toLowerCase();
  for (const key of Object.keys(DRAWN_AS) as TFontKey[]) {
    if (DRAWN_AS[key].includes(name)) return { typeface, key, substitute: null };
  }
  const key: TFontKey = SERIF_NAME.test(name) && !SANS_SERIF_NAME.test(name) ? "serif" : "sans";
  return { typeface, key, substitute: name === "" ? null : STAND_IN[key] };
}
