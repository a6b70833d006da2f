import "server-only";
import { readFileSync } from "node:fs";
import { create, type Font } from "fontkit";
import type { TTextRun } from "./boxes";
import { isWide, isZeroWidth } from "./char-classes";
import { CODE_FONT, fontStyleOf, getFontFamily, type TFontStyle } from "./font-families";
import { resolvePackageFile } from "./resolve-package-file";

/**
 * Loads the TTF faces of the font registry with fontkit and measures text with them. Widths are
 * sums of glyph advances, without kerning or ligatures: PowerPoint applies neither by default, and
 * the PDF and the editor draw the same way, so a measured line is the width every renderer draws.
 */

type TFace = { font: Font; path: string; advances: Map<number, number> };

const faces = new Map<string, TFace>();

function loadFace(fontKey: string, style: TFontStyle): TFace {
  const file = getFontFamily(fontKey).files[style];
  let face = faces.get(file);
  if (!face) {
    const path = resolvePackageFile(file);
    const font = create(readFileSync(path));
    if (!("unitsPerEm" in font)) throw new Error(`${file} is a font collection, expected a single face`);
    face = { font, path, advances: new Map() };
    faces.set(file, face);
  }
  return face;
}

/** Absolute path of one face's TTF file (the PDF renderer embeds it). */
export function fontFilePath(fontKey: string, style: TFontStyle): string {
  return loadFace(fontKey, style).path;
}

/**
 * Ascent and descent (both positive) of a family's regular face, in em. Renderers centre these in
 * each line box — the CSS model — so the PDF puts baselines where the editor does.
 */
export function fontVerticalMetrics(fontKey: string): { ascent: number; descent: number } {
  const { font } = loadFace(fontKey, "regular");
  return { ascent: font.ascent / font.unitsPerEm, descent: Math.abs(font.descent) / font.unitsPerEm };
}

/** Emphasis that picks the face of a run: the box's weight combined with the run's own. */
export type TRunFace = { bold?: boolean; italic?: boolean; code?: boolean };

/** Advance of one code point in em, in the face a run is drawn with. */
export function charAdvanceEm(fontKey: string, run: TRunFace, cp: number): number {
  if (isZeroWidth(cp)) return 0;
  if (run.code) return isWide(cp) ? 1 : CODE_FONT.advanceEm;
  const face = loadFace(fontKey, fontStyleOf(run.bold, run.italic));
  let advance = face.advances.get(cp);
  if (advance === undefined) {
    // A glyph the face lacks is drawn by a fallback font; one em bounds nearly all of those.
    advance = face.font.hasGlyphForCodePoint(cp)
      ? face.font.glyphForCodePoint(cp).advanceWidth / face.font.unitsPerEm
      : 1;
    face.advances.set(cp, advance);
  }
  return advance;
}

/** Width of a run in slide units at a font size; `boxBold` is the text box's own weight. */
export function measureRun(fontKey: string, run: TTextRun, fontSize: number, boxBold?: boolean): number {
  const face = { bold: boxBold || run.bold, italic: run.italic, code: run.code };
  let em = 0;
  for (const ch of run.text) em += charAdvanceEm(fontKey, face, ch.codePointAt(0) ?? 0);
  return em * fontSize;
}
