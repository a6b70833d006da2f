/**
 * How bullets are drawn, shared by the measurer and every renderer so the hanging indent agrees.
 * Client-safe.
 */
import { getFontFamily } from "./font-families";

export const BULLET_CHAR = "\u2022";

/** Distance from the bullet glyph to the start of the text, in slide units, at a font size. */
export function bulletIndent(fontSize: number): number {
  return Math.round(fontSize * 1.2);
}

/**
 * Advance of the bullet glyph in em in a family's regular face (717/2048 in Arimo and Tinos, as in
 * Arial and Times New Roman; wider in Carlito and the others). A right-to-left paragraph's bullet is
 * placed by its right edge, so its width is needed.
 */
export function bulletAdvanceEm(fontKey: string): number {
  return getFontFamily(fontKey).bulletAdvanceEm;
}
