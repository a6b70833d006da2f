/**
 * Which font family draws a brand's typeface, and what the user is told about it. A typeface we
 * ship is drawn as itself; one with a metric-compatible twin (Arial → Arimo, Calibri → Carlito, …)
 * is drawn with the twin, which wraps every line where the original does; any other is drawn with
 * the closest family by class (sans, serif, monospace) and reported as a substitute, unless the
 * brand's own font file was registered (lib/layouts/fonts.ts `registerBrandFont`), which then draws
 * it. Client-safe.
 */
import type { TBrandFontKey, TFontKey } from "./font-families";

/** How faithfully a typeface is drawn. */
export type TBrandFontMatch =
  /** The typeface itself: a face we ship, or the brand's own font file. */
  | "exact"
  /** Its metric-compatible twin: another design with the same advances, so lines break alike. */
  | "metric-compatible"
  /** The closest family we have by class: other letter shapes and widths. */
  | "substitute";

export type TBrandFont = {
  /** The typeface the brand file names. */
  typeface: string;
  /** The family that draws it: one of ours, or the brand's registered font. */
  key: TFontKey | TBrandFontKey;
  /** The face drawn instead of the typeface, or null when the typeface itself is drawn. */
  substitute: string | null;
  match: TBrandFontMatch;
};

type TDrawnAs = { key: TFontKey; face: string; twins: readonly string[] };

/**
 * Our families with the face each draws and the typefaces it draws metric-compatibly (lower case).
 * Liberation Sans/Serif/Mono are the same designs as Arimo, Tinos and Cousine under other names.
 */
const FAMILIES: readonly TDrawnAs[] = [
  { key: "sans", face: "Arimo", twins: ["arial", "liberation sans", "helvetica", "helvetica neue"] },
  { key: "serif", face: "Tinos", twins: ["times new roman", "liberation serif", "times"] },
  { key: "carlito", face: "Carlito", twins: ["calibri"] },
  { key: "caladea", face: "Caladea", twins: ["cambria"] },
  { key: "cousine", face: "Cousine", twins: ["courier new", "liberation mono", "courier"] },
  { key: "gelasio", face: "Gelasio", twins: ["georgia"] },
];

const SANS_NAME = /sans|grotesk|grotesque|gothic/i;
const MONO_NAME = /mono|courier|consol|code|typewriter/i;
const SERIF_NAME =
  /serif|times|roman|georgia|garamond|cambria|caladea|book|palatino|baskerville|didot|bodoni|minion|caslon|cambo|merriweather|playfair|lora|charter|century|antiqua|slab/i;
/** Serif text faces Office ships, closer to Cambria than to Times. */
const TRANSITIONAL_SERIF = /cambria|constantia|book antiqua|palatino|garamond|charter|century/i;

/** The closest family by class for a typeface we have no file or twin for. */
function closestFamily(name: string): TFontKey {
  if (MONO_NAME.test(name)) return "cousine";
  if (SERIF_NAME.test(name) && !SANS_NAME.test(name))
    return TRANSITIONAL_SERIF.test(name) ? "caladea" : "serif";
  // Narrow humanist sans faces (Calibri's siblings) set nearer Carlito's widths than Arial's; wide
  // ones (Verdana, DejaVu Sans, Open Sans, Noto Sans) are nearest Arial's, the widest we have.
  if (/candara|corbel|gill sans|myriad|source sans|fira sans|lato|pt sans/i.test(name)) return "carlito";
  return "sans";
}

/**
 * Our family for a brand typeface ("" = the file sets none: our default sans). `registered` is the
 * family key of the brand's own font file for this typeface, when one was registered.
 */
export function brandFont(typeface: string, registered?: TBrandFontKey): TBrandFont {
  const name = typeface.trim().toLowerCase();
  if (registered) return { typeface, key: registered, substitute: null, match: "exact" };
  if (name === "") return { typeface, key: "sans", substitute: null, match: "exact" };
  for (const family of FAMILIES) {
    if (family.face.toLowerCase() === name)
      return { typeface, key: family.key, substitute: null, match: "exact" };
    if (family.twins.includes(name))
      return { typeface, key: family.key, substitute: family.face, match: "metric-compatible" };
  }
  const key = closestFamily(name);
  const face = FAMILIES.find((family) => family.key === key)?.face ?? "Arimo";
  return { typeface, key, substitute: face, match: "substitute" };
}
