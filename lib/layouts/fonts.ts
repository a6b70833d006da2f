import "server-only";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { create, type Font } from "fontkit";
import { padGlyphTable, readFontFile, type TFontFile } from "../fonts/font-file";
import type { TTextRun } from "./boxes";
import { brandFont } from "./brand-fonts";
import { continuesCluster, isWide, isZeroWidth, needsShaping } from "./char-classes";
import {
  brandCssName,
  brandFontKey,
  CODE_FONT,
  defineRuntimeFamily,
  FALLBACK_FACES,
  FONT_FAMILIES,
  fontStyleOf,
  forgetRuntimeFamily,
  getFontFamily,
  parseUnicodeRange,
  type TBrandFontKey,
  type TFaceFile,
  type TFallbackFace,
  type TFontFamily,
  type TFontKey,
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
    const brand = brandFaces.get(file);
    if (brand) {
      // A brand face has no file on disk: its id stands for it (the PDF asks brandFaceFont).
      face = { id: file, path: file, font: brand.font, advances: new Map(), shaped: new Map() };
      faces.set(file, face);
      return face;
    }
    const path = resolvePackageFile(file);
    const font = create(readFileSync(path));
    if (!("unitsPerEm" in font)) throw new Error(`${file} is a font collection, expected a single face`);
    face = { id: file, path, font: padGlyphTable(font), advances: new Map(), shaped: new Map() };
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
      ...getFontFamily(fontKey).files[style].map(({ file, unicodeRange, synthItalic }) => ({
        file,
        ranges: unicodeRange ? parseUnicodeRange(unicodeRange) : undefined,
        synthItalic: Boolean(synthItalic),
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

/*
 * Brand fonts: families made at run time from a brand's own font files (an upload, or the fonts a
 * presentation embeds), measured and drawn like ours. Each style the brand has a file for is
 * drawn from it; an italic it lacks is its upright slanted (as browsers synthesize italics); a
 * style it has no face for at all, and every character its files lack, come from the family of
 * ours it falls back to, then the script fallbacks. Families are keyed by a hash of their files,
 * so registering the same files again is free; the least recently registered are forgotten past
 * BRAND_FAMILY_LIMIT.
 */

type TBrandFace = TFontFile & { key: TBrandFontKey; style: TFontStyle };

/** A brand family as registered: what draws each style, for the API's report. */
export type TBrandFamily = {
  key: TBrandFontKey;
  /** The typeface the brand names: the PPTX names it, and the editor's CSS declares it. */
  typeface: string;
  /** Our family for styles and characters the brand's files lack. */
  fallback: TFontKey;
  /** The faces drawn from the brand's own files, as their name tables call them. */
  faces: { style: TFontStyle; familyName: string; postscriptName: string }[];
  /** Styles without a file: slanted from the upright ("synthetic"), or drawn with the fallback. */
  missing: { style: TFontStyle; drawnWith: "synthetic" | "fallback" }[];
};

export type TBrandFontInput = {
  typeface: string;
  /** Font bytes per style (checked here), or files already read with readFontFile. */
  faces: Partial<Record<TFontStyle, Uint8Array | TFontFile>>;
  /** Our family for what the files lack; the closest by class to the typeface when absent. */
  fallback?: TFontKey;
};

const STYLES: readonly TFontStyle[] = ["regular", "bold", "italic", "boldItalic"];
const UPRIGHT: Record<TFontStyle, TFontStyle> = {
  regular: "regular",
  bold: "bold",
  italic: "regular",
  boldItalic: "bold",
};
const BRAND_FAMILY_LIMIT = 64;
const brandFaces = new Map<string, TBrandFace>();
const brandFamilies = new Map<TBrandFontKey, TBrandFamily>();

const brandFaceId = (key: TBrandFontKey, style: TFontStyle) => `${key}/${style}`;

/** Whether a face id or path names a brand face (no file on disk). */
export function isBrandFace(id: string): boolean {
  return id.startsWith("brand:");
}

/**
 * Makes a brand's font files a family the measurer, the PDF and the PPTX use (its key goes where
 * a font key goes: a theme's heading or body font). Throws a FontFileError for a file that is not
 * a drawable font.
 */
export function registerBrandFont(input: TBrandFontInput): TBrandFamily {
  const typeface = input.typeface.trim();
  if (!typeface) throw new Error("A brand font needs the typeface it stands for");
  const files = STYLES.flatMap((style) => {
    const face = input.faces[style];
    if (!face) return [];
    const file = face instanceof Uint8Array ? readFontFile(face) : face;
    return [{ style, file }];
  });
  if (files.length === 0) throw new Error(`The brand font '${typeface}' has no font files`);
  const fallback = input.fallback ?? closestOurs(typeface);
  const hash = createHash("sha256").update(typeface).update("\0");
  for (const { style, file } of files) hash.update(style).update("\0").update(file.bytes);
  const key = brandFontKey(hash.digest("hex").slice(0, 16), fallback);

  const known = brandFamilies.get(key);
  if (known) {
    brandFamilies.delete(key);
    brandFamilies.set(key, known);
    return known;
  }
  for (const { style, file } of files) brandFaces.set(brandFaceId(key, style), { ...file, key, style });
  const own = new Set(files.map(({ style }) => style));
  const ours = FONT_FAMILIES[fallback];
  const familyFiles = {} as Record<TFontStyle, TFaceFile[]>;
  const missing: TBrandFamily["missing"] = [];
  for (const style of STYLES) {
    let first: TFaceFile[] = [];
    if (own.has(style)) first = [{ file: brandFaceId(key, style) }];
    else if (own.has(UPRIGHT[style])) {
      first = [{ file: brandFaceId(key, UPRIGHT[style]), synthItalic: true }];
      missing.push({ style, drawnWith: "synthetic" });
    } else missing.push({ style, drawnWith: "fallback" });
    familyFiles[style] = [...first, ...ours.files[style]];
  }
  const family: TFontFamily = {
    pptxFace: typeface,
    cssFamily: `'${brandCssName(key)}', ${ours.cssFamily}`,
    bulletAdvanceEm: ours.bulletAdvanceEm,
    files: familyFiles,
  };
  defineRuntimeFamily(key, family);
  // Bullets are drawn with the regular style's first face: the brand's, when it has the glyph.
  const bullet = faceSegments(key, { text: "\u2022" })[0];
  if (bullet?.face?.id === familyFiles.regular[0].file) family.bulletAdvanceEm = bullet.em;

  const registered: TBrandFamily = {
    key,
    typeface,
    fallback,
    faces: files.map(({ style, file }) => ({
      style,
      familyName: file.font.familyName,
      postscriptName: file.font.postscriptName,
    })),
    missing,
  };
  brandFamilies.set(key, registered);
  while (brandFamilies.size > BRAND_FAMILY_LIMIT) {
    const oldest = brandFamilies.keys().next().value;
    if (oldest) forgetBrandFont(oldest);
  }
  return registered;
}

/** The registered brand family of a key, if any. */
export function brandFamily(key: string): TBrandFamily | undefined {
  return brandFamilies.get(key as TBrandFontKey);
}

/** Drops a brand family and everything cached for it. */
export function forgetBrandFont(key: TBrandFontKey) {
  brandFamilies.delete(key);
  forgetRuntimeFamily(key);
  for (const style of STYLES) {
    const id = brandFaceId(key, style);
    brandFaces.delete(id);
    faces.delete(id);
    stacks.delete(`${key}/${style}`);
  }
}

function closestOurs(typeface: string): TFontKey {
  const { key } = brandFont(typeface);
  return key in FONT_FAMILIES ? (key as TFontKey) : "sans";
}

/** The parsed font of a brand face (the PDF embeds it; it has no file to read). */
export function brandFaceFont(id: string): Font {
  const face = brandFaces.get(id);
  if (!face) throw new Error(`The brand font face ${id} is not registered`);
  return face.font;
}

const CONTENT_TYPES = { truetype: "font/ttf", opentype: "font/otf", woff: "font/woff" } as const;

function staticFormat(file: string): keyof typeof CONTENT_TYPES {
  if (file.endsWith(".woff")) return "woff";
  return file.endsWith(".otf") ? "opentype" : "truetype";
}

/** Every file our families and script fallbacks draw with (the only static files served). */
const STATIC_FILES = new Set<string>([
  ...Object.values(FONT_FAMILIES).flatMap((family: TFontFamily) =>
    Object.values(family.files).flatMap((faces) => faces.map((face) => face.file)),
  ),
  ...FALLBACK_FACES.flatMap((face) => [face.files.regular, face.files.bold]),
]);

/**
 * The bytes of a face the editor may load, by the id `brandFontFaceCss` hands its `urlOf`: a
 * registered brand face, or a file of our families. Undefined for anything else (a route answers
 * 404), so ids cannot reach other files.
 */
export function fontFaceFile(id: string): { bytes: Buffer; contentType: string } | undefined {
  const brand = brandFaces.get(id);
  if (brand) return { bytes: brand.bytes, contentType: CONTENT_TYPES[brand.format] };
  if (!STATIC_FILES.has(id)) return undefined;
  return { bytes: readFileSync(resolvePackageFile(id)), contentType: CONTENT_TYPES[staticFormat(id)] };
}

function dataUrl(id: string): string {
  const file = fontFaceFile(id);
  if (!file) throw new Error(`No font face ${id}`);
  return `data:${file.contentType};base64,${file.bytes.toString("base64")}`;
}

/**
 * The CSS that lets the editor draw a brand family as the measurer does: @font-face rules under
 * `brandCssName(key)` (the first name of the family's cssFamily) for each style the brand has a
 * face for; nothing for an italic slanted from the upright (the browser slants it); for a style
 * drawn wholly with our fallback, that family's files with their unicode-ranges (the browser
 * would otherwise fake it from the brand's other weight). Characters a face lacks fall through to
 * the next family of the stack, our fallback, as in the measurer. `urlOf` turns a face id into
 * the URL the browser loads (a route serving `fontFaceFile`); data URLs when absent.
 */
export function brandFontFaceCss(key: TBrandFontKey, urlOf: (faceId: string) => string = dataUrl): string {
  if (!brandFamilies.has(key)) throw new Error(`The brand font ${key} is not registered`);
  const { files } = getFontFamily(key);
  const name = brandCssName(key);
  const rules: string[] = [];
  for (const style of STYLES) {
    const stack: readonly TFaceFile[] = files[style];
    const [first] = stack;
    if (first?.synthItalic) continue;
    const declared = isBrandFace(first.file) ? [first] : stack.filter((face) => STATIC_FILES.has(face.file));
    const weight = style === "bold" || style === "boldItalic" ? 700 : 400;
    const italic = style === "italic" || style === "boldItalic";
    // The last rule declared is consulted first for a character (CSS Fonts 4, §4.5).
    for (const face of [...declared].reverse()) {
      const format = isBrandFace(face.file)
        ? (brandFaces.get(face.file)?.format ?? "truetype")
        : staticFormat(face.file);
      rules.push(
        [
          "@font-face {",
          `  font-family: '${name}';`,
          `  src: url("${urlOf(face.file)}") format("${format}");`,
          `  font-weight: ${weight};`,
          `  font-style: ${italic ? "italic" : "normal"};`,
          "  font-display: block;",
          ...(face.unicodeRange ? [`  unicode-range: ${face.unicodeRange};`] : []),
          "}",
        ].join("\n"),
      );
    }
  }
  return rules.join("\n");
}
