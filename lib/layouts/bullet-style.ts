/**
 * How bullets are drawn, shared by the measurer and every renderer so the hanging indent agrees.
 * Client-safe.
 */

export const BULLET_CHAR = "\u2022";

/** Distance from the bullet glyph to the start of the text, in slide units, at a font size. */
export function bulletIndent(fontSize: number): number {
  return Math.round(fontSize * 1.2);
}
