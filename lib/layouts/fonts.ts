import "server-only";
import { readFileSync } from "node:fs";
import { create, type Font } from "fontkit";
import type { TTextRun } from "./boxes";
import { continuesCluster, isWide, isZeroWidth, needsShaping } from "./char-classes";
import {
  CODE_FONT,
  FALLBACK_FACES,
  fontStyleOf,
  getFontFamily,
  parseUnicodeRange,
  type TFallbackFace,
  type TFontStyle,
} from "./font-families";
import { resolvePackageFile } from "./resolve-package-file";

/**
 * Loads the faces of the font registry with fontkit and measures text with them. Each character is
 * measured in the first face of its family's stack that holds it (the family, then Noto Sans SC,
 * Arabic, Hebrew). Latin and CJK widths are sums of glyph advances, without kerning or ligatures:
 * PowerPoint applies neither by default, and the PDF and the editor draw the same way. Arabic and
 * text with combining marks is shaped (contextual forms, required ligatures, mark attachment) and
 * measured as shaped, which is how every renderer draws it.
 */

/** A font file: `id` is its path inside node_modules, `path` where it is on disk (the PDF embeds it). */
export type TFaceHandle = { id: string; path: string };

type TFace = TFaceHandle & {
  font: Font;
  advances: Map<number, number>;
  shaped: Map<string, number[]>;
};

type TStackEntry = {
  file: string;
  ranges?: [number, number][];
  fallback?: TFallbackFace;
  /** The entry stands in for an italic style it has no file for. */
  synthItalic: boolean;
};

type TStack = { entries: TStackEntry[]; byCodePoint: Map<number, number> };

const faces = new Map<string, TFace>();
const stacks = new Map<string, TStack>();
// Shaped widths are cached per face and string; a long-running server meets unbounded text.
const SHAPED_CACHE_LIMIT = 4000;
const NO_FACE = -1;

/**
 * OpenType features for every layout, measuring and drawing alike: no kerning or standard
 * ligatures (PowerPoint applies neither by default); required shaping (ccmp, init/medi/fina,
 * rlig, mark) stays on. Mirroring is done from the Unicode tables instead of the font's `rtlm`, as
 * Arimo and Tinos have none. A fresh object each time: fontkit writes into the one it is given.
 */
export function shapingFeatures(): Record<string, boolean> {
  return { kern: false, liga: false, rtlm: false };
}

/**
 * Runs a fontkit layout whose glyphs carry the code points they stand for in this very text.
 * fontkit caches one glyph object per glyph id with the code points of its first use, so once a
 * dotless Arabic skeleton had drawn ي, it would claim ي wherever it draws ت or ن. During the
 * layout each glyph is built afresh (the cache is left as it was).
 */
export function withOwnGlyphs<T>(font: Font, layout: () => T): T {
  type TGlyphSource = {
    _glyphs: Record<number, unknown>;
    getGlyph(id: number, codePoints?: number[]): unknown;
  };
  const target = font as unknown as TGlyphSource;
  const shared = target.getGlyph;
  target.getGlyph = function (this: TGlyphSource, id, codePoints) {
    const cached = this._glyphs[id];
    delete this._glyphs[id];
    try {
      return shared.call(this, id, codePoints);
    } finally {
      if (cached) this._glyphs[id] = cached;
      else delete this._glyphs[id];
    }
  };
  try {
    return layout();
  } finally {
    delete (target as Partial<TGlyphSource>).getGlyph;
  }
}

function loadFace(file: string): TFace {
  let face = faces.get(file);
  if (!face) {
    const path = resolvePackageFile(file);
    const font = create(readFileSync(path));
    if (!("unitsPerEm" in font)) throw new Error(`${file} is a font collection, expected a single face`);
    face = { id: file, path, font, advances: new Map(), shaped: new Map() };
    faces.set(file, face);
  }
  return face;
}

function stackOf(fontKey: string, style: TFontStyle): TStack {
  const key = `${fontKey}/${style}`;
  let stack = stacks.get(key);
  if (!stack) {
    const italic = style === "italic" || style === "boldItalic";
    const bold = style === "bold" || style === "boldItalic";
    const entries: TStackEntry[] = [
      ...getFontFamily(fontKey).files[style].map(({ file, unicodeRange }) => ({
        file,
        ranges: unicodeRange ? parseUnicodeRange(unicodeRange) : undefined,
        synthItalic: false,
      })),
      ...FALLBACK_FACES.map((fallback) => ({
        file: bold ? fallback.files.bold : fallback.files.regular,
        ranges: parseUnicodeRange(fallback.unicodeRange),
        fallback,
        synthItalic: italic,
      })),
    ];
    stack = { entries, byCodePoint: new Map() };
    stacks.set(key, stack);
  }
  return stack;
}

const inRanges = (ranges: [number, number][] | undefined, cp: number) =>
  !ranges || ranges.some(([from, to]) => cp >= from && cp <= to);

/** Index of the first stack entry that may draw `cp` and has its glyph; faces load on first need. */
function entryFor(stack: TStack, cp: number): number {
  let index = stack.byCodePoint.get(cp);
  if (index === undefined) {
    index = stack.entries.findIndex(
      (entry) => inRanges(entry.ranges, cp) && loadFace(entry.file).font.hasGlyphForCodePoint(cp),
    );
    stack.byCodePoint.set(cp, index);
  }
  return index;
}

function advanceEm(face: TFace, cp: number): number {
  let advance = face.advances.get(cp);
  if (advance === undefined) {
    advance = face.font.glyphForCodePoint(cp).advanceWidth / face.font.unitsPerEm;
    face.advances.set(cp, advance);
  }
  return advance;
}

/**
 * Advances in em of each code point of `codePoints`, shaped as one run of `face`. Glyph advances
 * go to the code point their glyph starts with (a ligature's to its first; a detached dot or mark
 * with no code point of its own to the one before), so they add up to the shaped width.
 */
function shapedAdvances(face: TFace, codePoints: string[]): number[] {
  const text = codePoints.join("");
  const cached = face.shaped.get(text);
  if (cached) return cached;
  const run = withOwnGlyphs(face.font, () => face.font.layout(text, shapingFeatures()));
  const glyphs = run.direction === "rtl" ? [...run.glyphs].reverse() : run.glyphs;
  const positions = run.direction === "rtl" ? [...run.positions].reverse() : run.positions;
  const advances = codePoints.map(() => 0);
  let next = 0;
  glyphs.forEach((glyph, index) => {
    const em = positions[index].xAdvance / face.font.unitsPerEm;
    const count = glyph.codePoints.length;
    const at = count > 0 ? Math.min(next, advances.length - 1) : Math.max(next - 1, 0);
    advances[at] += em;
    next += count;
  });
  if (face.shaped.size >= SHAPED_CACHE_LIMIT) face.shaped.clear();
  face.shaped.set(text, advances);
  return advances;
}

/** Emphasis that picks the face of a run: the box's weight combined with the run's own. */
export type TRunFace = { bold?: boolean; italic?: boolean; code?: boolean };

/** A piece of a run drawn with one face, with its width. */
export type TFaceSegment = {
  text: string;
  /** Width in em. */
  em: number;
  /** Advance of each code point of `text`, in em (they add up to `em`). */
  advances: number[];
  /**
   * The file that draws it; absent for code text in the PDF's standard Courier, and for text no
   * face holds (drawn as missing glyphs, measured one em each like PowerPoint's fallback fonts).
   */
  face?: TFaceHandle;
  /** The script fallback drawing it, if any: the PPTX names it in the run's `ea` or `cs` slot. */
  fallback?: TFallbackFace;
  /** Italic text drawn by an upright face: renderers slant it, as browsers synthesize italics. */
  synthItalic: boolean;
};

type TPiece = { entry: number; codePoints: string[]; code: boolean };

/**
 * Cuts a run into pieces by the face that draws them, in logical order. Code text is measured at
 * Courier's fixed pitch; the characters Courier lacks are drawn from the family's stack.
 */
export function faceSegments(fontKey: string, run: TRunFace & { text: string }): TFaceSegment[] {
  const style = fontStyleOf(run.bold, run.italic);
  const stack = stackOf(fontKey, style);
  const pieces: TPiece[] = [];
  for (const ch of run.text) {
    const cp = ch.codePointAt(0) ?? 0;
    const last = pieces.at(-1);
    const code = Boolean(run.code) && isCourierText(cp);
    let entry: number;
    if (code) entry = NO_FACE;
    else if (
      last &&
      !last.code &&
      (isZeroWidth(cp) || (continuesCluster(cp) && holds(stack, last.entry, cp)))
    )
      entry = last.entry;
    else entry = entryFor(stack, cp);
    if (last && last.entry === entry && last.code === code) last.codePoints.push(ch);
    else pieces.push({ entry, codePoints: [ch], code });
  }
  return pieces.map((piece) => toSegment(stack, piece, Boolean(run.code)));
}

function holds(stack: TStack, entry: number, cp: number): boolean {
  return entry !== NO_FACE && loadFace(stack.entries[entry].file).font.hasGlyphForCodePoint(cp);
}

/** Characters the PDF's standard Courier draws (its WinAnsi encoding, printable part). */
function isCourierText(cp: number): boolean {
  return (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff);
}

function toSegment(stack: TStack, piece: TPiece, code: boolean): TFaceSegment {
  const text = piece.codePoints.join("");
  const entry = piece.entry === NO_FACE ? undefined : stack.entries[piece.entry];
  const face = entry ? loadFace(entry.file) : undefined;
  const cps = piece.codePoints.map((ch) => ch.codePointAt(0) ?? 0);
  let advances: number[];
  if (code) advances = cps.map((cp) => (isZeroWidth(cp) ? 0 : isWide(cp) ? 1 : CODE_FONT.advanceEm));
  else if (!face) advances = cps.map((cp) => (isZeroWidth(cp) ? 0 : 1));
  else if (cps.some(needsShaping)) advances = shapedAdvances(face, piece.codePoints);
  else advances = cps.map((cp) => (isZeroWidth(cp) ? 0 : advanceEm(face, cp)));
  return {
    text,
    em: advances.reduce((sum, advance) => sum + advance, 0),
    advances,
    ...(face ? { face: { id: face.id, path: face.path } } : {}),
    ...(entry?.fallback ? { fallback: entry.fallback } : {}),
    synthItalic: Boolean(entry?.synthItalic),
  };
}

/** Absolute path of a family's first file for a style (the face bullets and defaults use). */
export function fontFilePath(fontKey: string, style: TFontStyle): string {
  return loadFace(stackOf(fontKey, style).entries[0].file).path;
}

/**
 * Ascent and descent (both positive) of a family's regular face, in em. Renderers centre these in
 * each line box — the CSS model, where the first font of the family sets the baseline even for
 * glyphs drawn by a fallback — so the PDF puts baselines where the editor does.
 */
export function fontVerticalMetrics(fontKey: string): { ascent: number; descent: number } {
  const { font } = loadFace(stackOf(fontKey, "regular").entries[0].file);
  return { ascent: font.ascent / font.unitsPerEm, descent: Math.abs(font.descent) / font.unitsPerEm };
}

/** Advance of one code point in em, on its own (unshaped), in the face that draws it. */
export function charAdvanceEm(fontKey: string, run: TRunFace, cp: number): number {
  return faceSegments(fontKey, { ...run, text: String.fromCodePoint(cp) })[0]?.em ?? 0;
}

/**
 * Advance of each code point of a run's text in em, shaped where the script needs it: what a line
 * wrapper adds up. Breaking inside a shaped word changes its forms, so a wrapped line's width is
 * measured again with `measureRun`.
 */
export function runAdvancesEm(fontKey: string, run: TRunFace & { text: string }): number[] {
  return faceSegments(fontKey, run).flatMap((segment) => segment.advances);
}

/** Width of a run in slide units at a font size; `boxBold` is the text box's own weight. */
export function measureRun(fontKey: string, run: TTextRun, fontSize: number, boxBold?: boolean): number {
  const segments = faceSegments(fontKey, { ...run, bold: boxBold || run.bold });
  return segments.reduce((sum, segment) => sum + segment.em, 0) * fontSize;
}
