import "server-only";
import { create, type Font } from "fontkit";
import { FileReadError } from "../files/file-read-error";

/**
 * A brand's font file, from an upload or from a presentation's embedded fonts: unwrapped to the
 * TrueType/OpenType font inside and checked with fontkit before anything measures or draws with
 * it, so a bad file is refused with a reason instead of failing a render later.
 */

/** Why bytes cannot be used as a brand font. */
export type TFontFileErrorReason =
  /** Not a font at all. */
  | "not_font"
  /** A font whose tables fontkit cannot read. */
  | "damaged"
  /** A font container we cannot draw from (WOFF2, a collection, compressed EOT). */
  | "unsupported"
  /** The font's licence bits forbid embedding it in documents (OS/2 fsType restricted). */
  | "restricted";

/**
 * A font file refused. Like every FileReadError its message follows the file's name
 * ("'Brand.ttf' is not a TrueType or OpenType font."); routes answer it with a 422.
 */
export class FontFileError extends FileReadError {
  readonly reason: TFontFileErrorReason;

  constructor(reason: TFontFileErrorReason, message: string) {
    super(message);
    this.name = "FontFileError";
    this.reason = reason;
  }
}

export type TFontFormat = "truetype" | "opentype" | "woff";

/** A checked font: fontkit's parse, the sfnt/WOFF bytes it was parsed from, and their format. */
export type TFontFile = { font: Font; bytes: Buffer; format: TFontFormat };

const tag = (bytes: Uint8Array) => String.fromCharCode(...bytes.subarray(0, 4));

function sfntFormat(bytes: Uint8Array): TFontFormat | "woff2" | "collection" | null {
  if (bytes.length < 12) return null;
  const head = tag(bytes);
  if (head === "\u0000\u0001\u0000\u0000" || head === "true") return "truetype";
  if (head === "OTTO") return "opentype";
  if (head === "wOFF") return "woff";
  if (head === "wOF2") return "woff2";
  if (head === "ttcf") return "collection";
  return null;
}

/** Embedded OpenType (EOT, what Office embeds as `.fntdata`): the magic number at offset 34. */
function isEot(bytes: Uint8Array): boolean {
  return bytes.length >= 82 && bytes[34] === 0x4c && bytes[35] === 0x50;
}

const EOT_COMPRESSED = 0x4;
const EOT_XOR_ENCRYPTED = 0x10000000;

/**
 * The font data of an EOT file: the last field of its header, whole when the file is not
 * MicroType-compressed, XOR-ed with 0x50 when the header says so.
 */
function unwrapEot(bytes: Buffer): Buffer {
  const eotSize = bytes.readUInt32LE(0);
  const fontDataSize = bytes.readUInt32LE(4);
  const flags = bytes.readUInt32LE(12);
  if (eotSize !== bytes.length || fontDataSize === 0 || fontDataSize > eotSize - 82)
    throw new FontFileError("damaged", "is an Embedded OpenType font with a damaged header.");
  if (flags & EOT_COMPRESSED)
    throw new FontFileError(
      "unsupported",
      "is a compressed Embedded OpenType font (MicroType Express), which cannot be read; upload the .ttf or .otf file instead.",
    );
  const data = Buffer.from(bytes.subarray(eotSize - fontDataSize));
  if (flags & EOT_XOR_ENCRYPTED) for (let i = 0; i < data.length; i++) data[i] ^= 0x50;
  return data;
}

/** The 16 key bytes of an obfuscated font's GUID ("{8C1A…}" or bare), or null if it is none. */
export function fontKeyOfGuid(guid: string): Buffer | null {
  const hex = guid.replace(/^\{|\}$/g, "");
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(hex)) return null;
  return Buffer.from(hex.replace(/-/g, ""), "hex");
}

/**
 * Reverses the font obfuscation of ECMA-376 Part 1 §17.8.1 (and Open XML Paper Specification
 * §9.1.7.3): the first 32 bytes of the font were XOR-ed with the GUID's 16 bytes taken from the
 * last to the first, twice over. XOR is its own inverse, so this also obfuscates.
 */
export function deobfuscateFont(bytes: Uint8Array, guid: string): Buffer {
  const key = fontKeyOfGuid(guid);
  if (!key) throw new FontFileError("damaged", `is an obfuscated font without a valid key ('${guid}').`);
  const out = Buffer.from(bytes);
  for (let i = 0; i < Math.min(32, out.length); i++) out[i] ^= key[15 - (i % 16)];
  return out;
}

const OBFUSCATED_TYPE = "application/vnd.openxmlformats-officedocument.obfuscatedFont";

/** The file name of a part without folder and extension ("ppt/fonts/{GUID}.odttf" → "{GUID}"). */
const baseName = (part: string) => (part.split("/").pop() ?? part).replace(/\.[^.]*$/, "");

/**
 * The font inside an embedded-font part of an Office file: an obfuscated font (its content type
 * says so, or it is an `.odttf`, as Word embeds fonts; the key is the GUID that names the part),
 * an Embedded OpenType wrapper (PowerPoint's `.fntdata`; refused when MicroType-compressed), or a
 * plain TrueType/OpenType font.
 */
export function readEmbeddedFont(bytes: Uint8Array, part: string, contentType: string): TFontFile {
  const name = baseName(part);
  const obfuscated =
    contentType === OBFUSCATED_TYPE ||
    part.toLowerCase().endsWith(".odttf") ||
    (!sfntFormat(bytes) && !isEot(bytes) && fontKeyOfGuid(name) !== null);
  return readFontFile(obfuscated ? deobfuscateFont(bytes, name) : bytes);
}

/** fontkit's access to a font's raw tables. */
type TTableStreams = {
  _getTableStream(
    tag: string,
  ): { buffer: Uint8Array; pos: number; constructor: new (buffer: Uint8Array) => unknown } | null;
  directory: { tables: Record<string, { length: number } | undefined> };
};

/**
 * fontkit reads a glyph's 10-byte header even for an empty glyph (a space), so an empty glyph
 * at the very end of the glyph table — the last table of a WOFF, e.g. U+00A0 in fontsource's
 * Carlito and Cousine latin subsets — throws a RangeError on measuring or drawing it. The font
 * is given its glyph table with 16 bytes of zeros after it (read once, shared by every glyph).
 * Returns the same font.
 */
export function padGlyphTable<T extends Font>(font: T): T {
  const tables = font as unknown as TTableStreams;
  const length = tables.directory.tables.glyf?.length;
  if (length === undefined) return font;
  const original = tables._getTableStream.bind(tables);
  let padded: Uint8Array | undefined;
  tables._getTableStream = (tag) => {
    const stream = original(tag);
    if (tag !== "glyf" || !stream) return stream;
    if (!padded) {
      const available = Math.min(length, stream.buffer.length - stream.pos);
      padded = new Uint8Array(available + 16);
      padded.set(stream.buffer.subarray(stream.pos, stream.pos + available));
    }
    return new stream.constructor(padded) as ReturnType<typeof original>;
  };
  return font;
}

/** Code points whose advances are checked (all of a font's, up to this many). */
const CHECKED_CODE_POINTS = 70_000;
/** Code points whose outlines are decoded as a check. */
const OUTLINES_CHECKED = 2_000;

/**
 * A TrueType/OpenType font (or WOFF, or uncompressed EOT) checked to be drawable: one face, a
 * sane em, a character map with glyphs, every mapped glyph's outline and advance readable, and
 * licence bits that allow embedding. Anything else is a FontFileError.
 */
export function readFontFile(input: Uint8Array): TFontFile {
  let bytes: Buffer = Buffer.from(input);
  if (isEot(bytes) && !sfntFormat(bytes)) bytes = unwrapEot(bytes);
  const format = sfntFormat(bytes);
  if (format === "woff2")
    throw new FontFileError(
      "unsupported",
      "is a WOFF2 font, which PDF embedding cannot use; upload the .ttf, .otf or .woff file.",
    );
  if (format === "collection")
    throw new FontFileError("unsupported", "is a font collection (.ttc); upload one face as .ttf or .otf.");
  if (!format) throw new FontFileError("not_font", "is not a TrueType or OpenType font.");
  let font: Font;
  try {
    const parsed = create(bytes);
    if (!("unitsPerEm" in parsed)) throw new Error("collection");
    font = padGlyphTable(parsed);
    checkTables(font);
  } catch (error) {
    if (error instanceof FontFileError) throw error;
    throw new FontFileError("damaged", "is a damaged font: its tables cannot be read.");
  }
  const fsType = (font["OS/2"] as { fsType?: Record<string, boolean> } | undefined)?.fsType;
  if (fsType?.noEmbedding && !fsType.viewOnly && !fsType.editable)
    throw new FontFileError(
      "restricted",
      "is a font whose licence forbids embedding it in documents (restricted licence embedding).",
    );
  return { font, bytes, format };
}

function checkTables(font: Font) {
  const unitsPerEm = font.unitsPerEm;
  if (!Number.isFinite(unitsPerEm) || unitsPerEm < 16 || unitsPerEm > 16384)
    throw new FontFileError("damaged", `is a damaged font: its em is ${unitsPerEm} units.`);
  const tables = (font as unknown as { directory: { tables: Record<string, unknown> } }).directory.tables;
  if (!tables.cmap || !tables.hmtx || !(tables.glyf || tables["CFF "] || tables.CFF2))
    throw new FontFileError("damaged", "is a damaged font: it lacks a character map or outlines.");
  if (tables.glyf) checkGlyphTable(font);
  const codePoints = font.characterSet.slice(0, CHECKED_CODE_POINTS);
  if (!codePoints.some((cp) => font.hasGlyphForCodePoint(cp)))
    throw new FontFileError("damaged", "is a font without any characters.");
  // fontkit reads tables lazily: read every mapped glyph's advance now, and the outlines of the
  // first OUTLINES_CHECKED (decoding all of a CJK font's 30,000 takes seconds; the glyph table's
  // structure was checked whole above).
  codePoints.forEach((cp, index) => {
    const glyph = font.glyphForCodePoint(cp);
    if (!Number.isFinite(glyph.advanceWidth)) throw new Error("advance");
    if (index < OUTLINES_CHECKED) void glyph.path;
  });
  void font.ascent;
  void font.descent;
}

/** fontkit's TrueType internals the glyph-table check reads. */
type TTrueTypeFont = {
  directory: { tables: Record<string, { length: number } | undefined> };
  loca: { offsets: number[] };
  maxp: { numGlyphs: number };
  _getTableStream(tag: string): { buffer: Uint8Array; pos: number };
};

const MAX_COMPONENTS = 1024;
const MAX_COMPONENT_DEPTH = 16;

/**
 * The structure of a TrueType glyph table, bounds-checked before fontkit decodes any glyph:
 * fontkit trusts the data, and a composite glyph read from scribbled bytes pulls in components
 * without end (it exhausted the heap in a test). Every glyph must lie inside the table, a simple
 * glyph's contour ends and instructions inside the glyph, a composite's components inside it,
 * naming existing glyphs, without cycles and no deeper than MAX_COMPONENT_DEPTH.
 */
function checkGlyphTable(font: Font) {
  const internals = font as unknown as TTrueTypeFont;
  const damaged = (what: string) => new FontFileError("damaged", `is a damaged font: ${what}.`);
  const numGlyphs = internals.maxp.numGlyphs;
  const offsets = internals.loca.offsets;
  if (!numGlyphs || offsets.length < numGlyphs + 1)
    throw damaged("its glyph index does not match its glyphs");
  const stream = internals._getTableStream("glyf");
  const base = stream.pos;
  const length = Math.min(internals.directory.tables.glyf?.length ?? 0, stream.buffer.length - base);
  const view = new DataView(stream.buffer.buffer, stream.buffer.byteOffset + base, Math.max(length, 0));
  const composites = new Map<number, number[]>();
  for (let glyph = 0; glyph < numGlyphs; glyph++) {
    const start = offsets[glyph];
    const end = offsets[glyph + 1];
    if (!(start >= 0 && start <= end && end <= length))
      throw damaged(`glyph ${glyph} lies outside its table`);
    if (end === start) continue;
    if (end - start < 10) throw damaged(`glyph ${glyph} is cut short`);
    const contours = view.getInt16(start);
    if (contours >= 0) {
      const instructionsAt = start + 10 + 2 * contours;
      if (instructionsAt + 2 > end) throw damaged(`glyph ${glyph} is cut short`);
      let previous = -1;
      for (let i = 0; i < contours; i++) {
        const endPoint = view.getUint16(start + 10 + 2 * i);
        if (endPoint <= previous && !(i === 0 && endPoint === 0))
          throw damaged(`glyph ${glyph}'s contours are out of order`);
        previous = endPoint;
      }
      if (instructionsAt + 2 + view.getUint16(instructionsAt) > end)
        throw damaged(`glyph ${glyph} is cut short`);
      continue;
    }
    const components: number[] = [];
    let at = start + 10;
    let flags: number;
    do {
      if (at + 4 > end || components.length >= MAX_COMPONENTS)
        throw damaged(`glyph ${glyph}'s components run past it`);
      flags = view.getUint16(at);
      const component = view.getUint16(at + 2);
      if (component >= numGlyphs) throw damaged(`glyph ${glyph} names a glyph that does not exist`);
      components.push(component);
      const args = flags & 0x1 ? 4 : 2;
      const scale = flags & 0x8 ? 2 : flags & 0x40 ? 4 : flags & 0x80 ? 8 : 0;
      at += 4 + args + scale;
      if (at > end) throw damaged(`glyph ${glyph}'s components run past it`);
    } while (flags & 0x20);
    composites.set(glyph, components);
  }
  // Components form a tree: no glyph may contain itself, however deep.
  const done = new Set<number>();
  const visit = (glyph: number, depth: number, path: Set<number>) => {
    if (done.has(glyph)) return;
    if (path.has(glyph)) throw damaged(`glyph ${glyph} contains itself`);
    if (depth > MAX_COMPONENT_DEPTH) throw damaged(`glyph ${glyph} nests components too deeply`);
    path.add(glyph);
    for (const component of composites.get(glyph) ?? []) visit(component, depth + 1, path);
    path.delete(glyph);
    done.add(glyph);
  };
  for (const glyph of composites.keys()) visit(glyph, 0, new Set());
}
