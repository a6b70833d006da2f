import "server-only";
import { readFileSync } from "node:fs";
import { create, type Font } from "fontkit";
import { padGlyphTable } from "@/lib/fonts/font-file";
import { hasRtlLetter, mirrorText, visualPieces } from "@/lib/layouts/bidi";
import type { TTextRun } from "@/lib/layouts/boxes";
import { CODE_FONT, fontStyleOf, type TFontStyle } from "@/lib/layouts/font-families";
import {
  brandFaceFont,
  faceSegments,
  fontFilePath,
  isBrandFace,
  type TFaceSegment,
  withOwnGlyphs,
} from "@/lib/layouts/fonts";

/** A piece of text drawn with one PDF font, and its measured width in slide units. */
export type TSegment = {
  font: string;
  /** The string to hand pdfkit: shaped by fontkit, it comes out in visual order. */
  text: string;
  width: number;
  /** Italic text drawn by an upright face (the script fallbacks): slant it, as browsers do. */
  oblique?: boolean;
  /** Hyperlink target of the run the piece belongs to. */
  link?: string;
  /** The run's marks (underline, its theme colour and highlighter fill, resolved by the layout). */
  underline?: boolean;
  fill?: string;
  highlightFill?: string;
};

/** How a line's runs are drawn: the family, size and weight of its box, and its direction. */
export type TLineStyle = {
  fontKey: string;
  fontSize: number;
  bold?: boolean;
  rtl?: boolean;
  /** The box's text colour, drawn where a run has no colour of its own. */
  color?: string;
};

/** The parts of pdfkit's embedded font that map glyphs to text (pdfkit 0.20 internals). */
type TEmbeddedFont = {
  font: Font;
  scale: number;
  widths: number[];
  unicode: number[][];
  subset: { glyphs: number[]; includeGlyph(glyph: number): number };
  layout(
    text: string,
    features?: unknown,
  ): { glyphs: { id: number; codePoints: number[]; advanceWidth: number }[]; positions: unknown[] };
  encode(text: string, features?: unknown): [string[], unknown[]];
};

/**
 * The fonts of one PDF document. Every face a line uses — the family's, or a script fallback's —
 * is embedded (subset) on first use under its package path (a brand face under its id). Code runs use the standard Courier,
 * whose 0.6 em advances are what the layout measured; characters outside its WinAnsi encoding
 * are drawn from the family's stack.
 */
export class PdfFonts {
  private readonly registered = new Set<string>();

  constructor(private readonly doc: PDFKit.PDFDocument) {}

  /** The registered name of a family's first face for a style (bullets), embedding it on use. */
  face(fontKey: string, style: TFontStyle): string {
    return this.register(fontFilePath(fontKey, style));
  }

  /** A run cut into pieces by the font that draws them, in logical order, with their widths. */
  segments(run: TTextRun, fontKey: string, fontSize: number, boxBold?: boolean): TSegment[] {
    const style = fontStyleOf(boxBold || run.bold, run.italic);
    return faceSegments(fontKey, { ...run, bold: boxBold || run.bold }).map((segment) =>
      this.toSegment(segment, segment.text, style, fontSize),
    );
  }

  /**
   * A measured line's runs as drawn, left to right: bidi pieces in visual order, each cut by the
   * font that draws it. Right-to-left pieces are handed over so that glyphs come out reversed,
   * with mirrored characters ("(" ↔ ")") swapped: fontkit reverses text holding a right-to-left
   * letter itself, so only neutral-only pieces (spaces, punctuation) are reversed here.
   */
  line(runs: readonly TTextRun[], style: TLineStyle): TSegment[] {
    const out: TSegment[] = [];
    const offsets = runs.map((_, index) =>
      runs.slice(0, index).reduce((sum, run) => sum + run.text.length, 0),
    );
    for (const piece of visualPieces(runs, Boolean(style.rtl))) {
      const run = runs[piece.run];
      const text = run.text.slice(piece.start - offsets[piece.run], piece.end - offsets[piece.run]);
      const bold = style.bold || run.bold;
      const fontStyle = fontStyleOf(bold, run.italic);
      const segments = faceSegments(style.fontKey, { ...run, bold, text });
      if (piece.rtl) segments.reverse();
      for (const segment of segments) {
        const drawn = piece.rtl ? rightToLeft(segment.text) : segment.text;
        const drawnSegment = this.toSegment(segment, drawn, fontStyle, style.fontSize);
        out.push({
          ...drawnSegment,
          ...(run.link ? { link: run.link } : {}),
          ...(run.underline ? { underline: true } : {}),
          ...(run.fill ? { fill: run.fill } : {}),
          ...(run.highlightFill ? { highlightFill: run.highlightFill } : {}),
        });
      }
    }
    return out;
  }

  private toSegment(segment: TFaceSegment, text: string, style: TFontStyle, fontSize: number): TSegment {
    const font = segment.face ? this.register(segment.face.path) : CODE_FONT.pdfStandard[style];
    return { font, text, width: segment.em * fontSize, ...(segment.synthItalic ? { oblique: true } : {}) };
  }

  private register(path: string): string {
    if (!this.registered.has(path)) {
      // pdfkit takes a parsed fontkit font as well as a file (PDFFontFactory.open): handing it the
      // one parsed for this process spares every document re-parsing the same font tables, which
      // was the largest JavaScript cost of a PDF (bench/profile-generate.ts). Each document still
      // makes its own subset; glyph objects are taken fresh for every layout (withOwnGlyphs).
      this.doc.registerFont(path, parsedFont(path) as unknown as string);
      this.registered.add(path);
      // Selecting the font creates pdfkit's embedded font object (callers select theirs before
      // drawing anyway), which the fix below wraps.
      this.doc.font(path);
      giveEachTextItsGlyph((this.doc as unknown as { _font: TEmbeddedFont })._font);
    }
    return path;
  }
}

const parsedFonts = new Map<string, Font>();

/**
 * The font file at `path`, parsed once per process; a brand face (registered from bytes, its id
 * in place of a path) is the font the measurer parsed.
 */
function parsedFont(path: string): Font {
  if (isBrandFace(path)) return brandFaceFont(path);
  let font = parsedFonts.get(path);
  if (!font) {
    const parsed = create(readFileSync(path));
    if (!("unitsPerEm" in parsed)) throw new Error(`${path} is a font collection, expected a single face`);
    font = padGlyphTable(parsed);
    parsedFonts.set(path, font);
  }
  return font;
}

function rightToLeft(text: string): string {
  const mirrored = mirrorText(text);
  return hasRtlLetter(text) ? mirrored : Array.from(mirrored).reverse().join("");
}

/**
 * pdfkit maps each subset glyph to the text of its first use. Arabic fonts draw several letters
 * with one dotless skeleton plus separate dots, so once ي had used the skeleton, ت would copy and
 * search as ي. Each (glyph, text) pair gets a subset glyph of its own — a duplicate outline when
 * the glyph already stands for other text — so every glyph's ToUnicode entry is its own text
 * (taken from a layout with fresh glyph objects, see withOwnGlyphs).
 */
function giveEachTextItsGlyph(font: TEmbeddedFont) {
  const ids = new Map<string, number>();
  font.encode = (text, features) => {
    const { glyphs, positions } = withOwnGlyphs(font.font, () => font.layout(text, features));
    const codes = glyphs.map((glyph) => {
      const key = `${glyph.id}:${glyph.codePoints.join(",")}`;
      let gid = ids.get(key);
      if (gid === undefined) {
        gid = font.subset.includeGlyph(glyph.id);
        const taken = font.unicode[gid];
        if (taken && taken.join(",") !== glyph.codePoints.join(",")) {
          font.subset.glyphs.push(glyph.id);
          gid = font.subset.glyphs.length - 1;
        }
        ids.set(key, gid);
        font.widths[gid] ??= glyph.advanceWidth * font.scale;
        font.unicode[gid] ??= glyph.codePoints;
      }
      return gid.toString(16).padStart(4, "0");
    });
    return [codes, positions];
  };
}
