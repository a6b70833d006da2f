/**
 * How bullets are drawn, shared by the measurer and every renderer so the hanging indent agrees.
 * Client-safe.
 */

export const BULLET_CHAR = "\u2022";

/** Distance from the bullet glyph to the start of the text, in slide units, at a font size. */
export function bulletIndent(fontSize: number): number {
  return Math.round(fontSize * 1.2);
}

/**
 * Advance of the bullet glyph in em: 717/2048 in Arimo and Tinos alike, as in Arial and Times New
 * Roman. A right-to-left paragraph's bullet is placed by its right edge, so its width is needed.
 */
export const BULLET_ADVANCE_EM = 717 / 2048;
