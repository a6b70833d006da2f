/**
 * Character classes for line breaking and measuring. Break opportunities are kept to a subset of
 * PowerPoint's (spaces, and between two CJK characters outside the kinsoku rules): a greedy
 * wrapper with more opportunities never needs more lines, so PowerPoint never wraps earlier than
 * we measured. Client-safe.
 */

/** Spaces a line may break after (they hang past the edge instead of taking width). */
export function isSpace(cp: number): boolean {
  return cp === 0x20 || cp === 0x09 || cp === 0x3000;
}

/** Characters with no width of their own (joiners, variation selectors, controls). */
export function isZeroWidth(cp: number): boolean {
  return cp < 0x20 || (cp >= 0x200b && cp <= 0x200f) || (cp >= 0xfe00 && cp <= 0xfe0f) || cp === 0xfeff;
}

const COMBINING_MARK = /\p{M}/u;

/**
 * Characters whose drawn width depends on their neighbours: Arabic-script letters join and take
 * contextual forms, and combining marks (Hebrew points, accents) attach to a base. Text holding
 * them is measured by shaping it, as the PDF and the browser draw it, not by summing advances.
 */
export function needsShaping(cp: number): boolean {
  return (
    (cp >= 0x0590 && cp <= 0x08ff) ||
    (cp >= 0xfb1d && cp <= 0xfdff) ||
    (cp >= 0xfe70 && cp <= 0xfeff) ||
    COMBINING_MARK.test(String.fromCodePoint(cp))
  );
}

/**
 * Characters that belong to the character before them (combining marks, joiners, variation
 * selectors): drawn from the same face, as browsers match fonts per grapheme cluster.
 */
export function continuesCluster(cp: number): boolean {
  return (
    cp === 0x200c ||
    cp === 0x200d ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    COMBINING_MARK.test(String.fromCodePoint(cp))
  );
}

/** East Asian wide characters: drawn one em wide by any fallback font. */
export function isWide(cp: number): boolean {
  return (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  );
}

/** Scripts written without spaces (Chinese, Japanese), where a line may break between characters. */
function breaksAnywhere(cp: number): boolean {
  return (
    (cp >= 0x2e80 && cp <= 0x9fff) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xff00 && cp <= 0xffef) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  );
}

const codePoints = (chars: string) => new Set(Array.from(chars, (ch) => ch.codePointAt(0) ?? 0));

// Kinsoku shori: characters that may not start a line, and ones that may not end one.
const NO_BREAK_BEFORE = codePoints(
  "、。，．・：；？！ー―‐～〜゠…‥）〕］｝〉》」』】〙〗〞〟’”ゝゞヽヾ々〻ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ｡､｣",
);
const NO_BREAK_AFTER = codePoints("（〔［｛〈《「『【〘〖〝‘“｢");

/** Whether a line may break between two adjacent non-space characters. */
export function canBreakBetween(before: number, after: number): boolean {
  return (
    breaksAnywhere(before) &&
    breaksAnywhere(after) &&
    !NO_BREAK_BEFORE.has(after) &&
    !NO_BREAK_AFTER.has(before)
  );
}
