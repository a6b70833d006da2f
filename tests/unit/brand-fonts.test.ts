/**
 * Brand fonts: the metric-compatible families (Carlito for Calibri, Caladea for Cambria, Cousine
 * for Courier New, Gelasio for Georgia) and what brandFont reports, and brand fonts made from font
 * files (a presentation's embedded fonts, plain or obfuscated) measured, drawn in the PDF, named
 * in the PPTX and declared for the editor. The PDFs are checked with poppler's pdffonts and
 * pdftotext; the brand files are LibreOffice's templates converted by soffice.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { create, type Font } from "fontkit";
import JSZip from "jszip";
import ttf2eot from "ttf2eot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readBrandTemplate } from "@/lib/brand/read-brand-template";
import type { TDeck } from "@/lib/deck/schema";
import { deobfuscateFont, FontFileError, readEmbeddedFont, readFontFile } from "@/lib/fonts/font-file";
import type { TTextBox } from "@/lib/layouts/boxes";
import { brandFont } from "@/lib/layouts/brand-fonts";
import {
  FONT_FAMILIES,
  fontKeyOfPptxFace,
  getFontFamily,
  type TBrandFontKey,
} from "@/lib/layouts/font-families";
import {
  brandFamily,
  brandFontFaceCss,
  faceSegments,
  fontFaceFile,
  measureRun,
  registerBrandFont,
} from "@/lib/layouts/fonts";
import { layoutDeck, type TDeckLook } from "@/lib/layouts/layout-deck";
import { resolvePackageFile } from "@/lib/layouts/resolve-package-file";
import { TEMPLATES } from "@/lib/layouts/templates";
import { THEMES } from "@/lib/layouts/themes";
import { renderPdf } from "@/lib/render/pdf/render-pdf";
import { renderPptx } from "@/lib/render/pptx/render-pptx";
import {
  brandTemplateFiles,
  DISTINCTIVE,
  missingLibreOffice,
  type TBrandFile,
  withDistinctiveTheme,
} from "./brand-templates/brand-template-files";

const missing = missingLibreOffice();
if (missing) console.warn(`brand-fonts: LibreOffice tests skipped: ${missing}`);

const run = (tool: string, ...args: string[]) => {
  const result = spawnSync(tool, args, { encoding: "utf8", timeout: 180_000 });
  if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr}`);
  return result.stdout;
};

const DECK: TDeck = {
  version: 1,
  title: "Brand fonts",
  language: "en",
  template: "general",
  theme: "light",
  slides: [
    {
      id: "t",
      layout: "title",
      content: { title: "Quarterly Business Review", subtitle: "Results and outlook" },
    },
    {
      id: "b",
      layout: "bullets",
      content: {
        title: "Revenue grew in every region",
        bullets: ["Enterprise renewals closed *two weeks* early", "Self-serve conversion rose to 4.4\u00a0%"],
      },
    },
  ],
};

/** A look drawing headings and body text with the given font keys (the light theme otherwise). */
function lookWith(heading: string, body: string): TDeckLook {
  return {
    template: TEMPLATES.general,
    theme: { ...THEMES.light, fonts: { heading: heading as "sans", body: body as "sans" } },
  };
}

/** The PDF and PPTX of DECK drawn in a look, written to `dir`; the PPTX's slide XML. */
async function renderBoth(dir: string, look: TDeckLook) {
  const slides = layoutDeck(DECK, undefined, look);
  const pdf = path.join(dir, `deck-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(pdf, await renderPdf(DECK, slides));
  const zip = await JSZip.loadAsync(await renderPptx(DECK, slides));
  const xml = await Promise.all(
    slides.map((_, i) => zip.file(`ppt/slides/slide${i + 1}.xml`)?.async("string") ?? ""),
  );
  return { slides, pdf, xml: xml.join("\n") };
}

const pdfFontLines = (file: string) => run("pdffonts", file).split("\n").slice(2);
/** The embedded faces a PDF lists, without their subset prefix ("ABCDEF+Carlito" → "Carlito"). */
const pdfFaces = (file: string) =>
  pdfFontLines(file)
    .map((line) => line.split(/\s+/)[0].replace(/^[A-Z]{6}\+/, ""))
    .filter(Boolean);

describe("metric-compatible families for the faces company templates name", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "deckforge-brand-fonts-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reports what draws each typeface and how faithfully", () => {
    expect(brandFont("Calibri")).toEqual({
      typeface: "Calibri",
      key: "carlito",
      substitute: "Carlito",
      match: "metric-compatible",
    });
    expect(brandFont("Cambria")).toMatchObject({
      key: "caladea",
      substitute: "Caladea",
      match: "metric-compatible",
    });
    expect(brandFont("Courier New")).toMatchObject({
      key: "cousine",
      substitute: "Cousine",
      match: "metric-compatible",
    });
    expect(brandFont("Georgia")).toMatchObject({
      key: "gelasio",
      substitute: "Gelasio",
      match: "metric-compatible",
    });
    expect(brandFont("Arial")).toMatchObject({
      key: "sans",
      substitute: "Arimo",
      match: "metric-compatible",
    });
    expect(brandFont("Liberation Serif")).toMatchObject({
      key: "serif",
      substitute: "Tinos",
      match: "metric-compatible",
    });
    expect(brandFont("Carlito")).toMatchObject({ key: "carlito", substitute: null, match: "exact" });
    expect(brandFont(" arimo ")).toMatchObject({ key: "sans", substitute: null, match: "exact" });
    expect(brandFont("")).toMatchObject({ key: "sans", substitute: null, match: "exact" });
    // No twin: the closest family by class, reported as a substitute.
    expect(brandFont("Consolas")).toMatchObject({
      key: "cousine",
      substitute: "Cousine",
      match: "substitute",
    });
    expect(brandFont("Garamond")).toMatchObject({
      key: "caladea",
      substitute: "Caladea",
      match: "substitute",
    });
    expect(brandFont("Bodoni MT")).toMatchObject({ key: "serif", substitute: "Tinos", match: "substitute" });
    expect(brandFont("Segoe UI")).toMatchObject({ key: "sans", substitute: "Arimo", match: "substitute" });
    // A registered brand file draws the typeface itself.
    expect(brandFont("Acme Sans", "brand:0123456789abcdef:sans")).toMatchObject({
      key: "brand:0123456789abcdef:sans",
      substitute: null,
      match: "exact",
    });
  });

  it("measures Calibri text with Carlito, whose widths are not Arial's", () => {
    const text = "Enterprise renewals closed two weeks early";
    const carlito = measureRun("carlito", { text }, 24);
    const arimo = measureRun("sans", { text }, 24);
    // Calibri (and Carlito) set about 10% narrower than Arial: a wrong family moves line breaks.
    expect(carlito / arimo).toBeGreaterThan(0.82);
    expect(carlito / arimo).toBeLessThan(0.95);
    expect(faceSegments("carlito", { text })[0].face?.id).toBe(FONT_FAMILIES.carlito.files.regular[0].file);
    // Each family's own file draws its text, bold and italic included.
    for (const key of ["carlito", "caladea", "cousine", "gelasio"] as const)
      for (const style of [{}, { bold: true }, { italic: true }, { bold: true, italic: true }]) {
        const [segment] = faceSegments(key, { ...style, text: "Aé" });
        expect(segment.face?.id.startsWith(`@fontsource/${key}/files/`)).toBe(true);
        expect(segment.synthItalic).toBe(false);
      }
    // fontsource's Carlito and Cousine latin subsets end their glyph table with the empty glyph
    // of U+00A0, which fontkit reads past the table's end (lib/fonts/font-file.ts padGlyphTable).
    expect(measureRun("carlito", { text: "4.4\u00a0%" }, 10)).toBeGreaterThan(0);
    expect(measureRun("cousine", { text: "a\u00a0b" }, 10)).toBeCloseTo((3 * 1229 * 10) / 2048, 9);
    // Cousine is fixed-pitch at 1229/2048 em, as Courier New.
    expect(measureRun("cousine", { text: "iiiWWW" }, 10)).toBeCloseTo((6 * 1229 * 10) / 2048, 9);
    // Scripts Caladea and Gelasio lack (Cambria and Georgia have them) come from Tinos; Hebrew,
    // which Carlito lacks, from Noto Sans Hebrew.
    for (const key of ["caladea", "gelasio"])
      for (const text of ["Привет", "Αθήνα", "שלום"])
        expect(faceSegments(key, { text })[0].face?.id).toMatch(/^@fontsource\/tinos\/files\/tinos-/);
    expect(faceSegments("carlito", { text: "Привет" })[0].face?.id).toContain("carlito-cyrillic-400");
    expect(faceSegments("carlito", { text: "שלום" })[0].fallback?.name).toBe("Noto Sans Hebrew");
  });

  it("draws a Calibri/Cambria brand with Carlito and Caladea in the PDF and names Calibri and Cambria in the PPTX", async () => {
    const heading = brandFont("Cambria").key;
    const body = brandFont("Calibri").key;
    const branded = await renderBoth(dir, lookWith(heading, body));
    const faces = pdfFaces(branded.pdf);
    expect(faces.some((face) => face.startsWith("Caladea"))).toBe(true);
    expect(faces.some((face) => face.startsWith("Carlito"))).toBe(true);
    expect(faces.some((face) => face.startsWith("Arimo"))).toBe(false);
    // The italic words are Carlito's own italic.
    expect(faces).toContain("Carlito-Italic");
    for (const line of pdfFontLines(branded.pdf).filter((l) => /Carlito|Caladea/.test(l)))
      expect(line).toMatch(/CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/);
    const text = run("pdftotext", branded.pdf, "-");
    expect(text).toContain("Quarterly Business Review");
    expect(text).toContain("Enterprise renewals closed two weeks early");
    expect(branded.xml).toMatch(
      /<a:latin typeface="Cambria"[^>]*\/>(?:(?!<a:r>).)*<a:t>Quarterly Business Review<\/a:t>/s,
    );
    expect(branded.xml).toMatch(
      /<a:latin typeface="Calibri"[^>]*\/>(?:(?!<a:r>).)*<a:t>Results and outlook<\/a:t>/s,
    );
    expect(branded.xml).not.toContain('typeface="Carlito"');
    // The mapping matters: the same deck in Arial/Times sets its lines to other widths.
    const plain = await renderBoth(dir, lookWith("serif", "sans"));
    const widths = (slides: typeof plain.slides) =>
      slides
        .flatMap((slide) => slide.boxes)
        .filter((box): box is TTextBox => box.kind === "text")
        .flatMap((box) => box.paragraphs.flatMap((p) => p.lines.map((line) => Math.round(line.width))));
    expect(widths(branded.slides)).not.toEqual(widths(plain.slides));
  });

  it("has the editor load each family from the files the measurer reads (WOFF2 with the WOFF's advances)", () => {
    const layout = readFileSync(path.resolve("app/layout.tsx"), "utf8");
    for (const key of ["carlito", "caladea", "cousine", "gelasio"] as const) {
      for (const sheet of ["400", "400-italic", "700", "700-italic"])
        expect(layout).toContain(`import "@fontsource/${key}/${sheet}.css";`);
      const family = FONT_FAMILIES[key];
      expect(family.cssFamily.startsWith(key[0].toUpperCase() + key.slice(1))).toBe(true);
      const woff = create(readFileSync(resolvePackageFile(family.files.bold[0].file))) as Font;
      const woff2 = create(readFileSync(resolvePackageFile(`${family.files.bold[0].file}2`))) as Font;
      for (const ch of "Quarterly review: 1–2 €") {
        const cp = ch.codePointAt(0) ?? 0;
        expect(woff2.glyphForCodePoint(cp).advanceWidth).toBe(woff.glyphForCodePoint(cp).advanceWidth);
      }
      // The fontsource stylesheet declares the subsets with the ranges the measurer consults.
      const css = readFileSync(resolvePackageFile(`@fontsource/${key}/400.css`), "utf8");
      for (const face of family.files.regular.filter((f) => f.file.startsWith(`@fontsource/${key}/`)))
        expect(css).toContain(`unicode-range: ${face.unicodeRange};`);
    }
  });
});

describe.skipIf(missing !== null)("brand fonts of LibreOffice's templates", () => {
  it("reports a metric-compatible family or a substitute for every face the templates name", async () => {
    const { converted } = brandTemplateFiles();
    const reported = new Map<string, ReturnType<typeof brandFont>>();
    for (const file of converted) {
      const brand = await readBrandTemplate(file.bytes);
      for (const typeface of [brand.text.title.font, brand.text.body.font])
        reported.set(typeface, brandFont(typeface));
    }
    // What LibreOffice 7.4's templates name. A face another version adds must at least be
    // reported as a substitute drawn by one of our families.
    const expected: Record<string, [string, string, string]> = {
      Arial: ["sans", "Arimo", "metric-compatible"],
      "Times New Roman": ["serif", "Tinos", "metric-compatible"],
      "Noto Sans": ["sans", "Arimo", "substitute"],
      "DejaVu Sans": ["sans", "Arimo", "substitute"],
      "Source Sans Pro": ["carlito", "Carlito", "substitute"],
      "Source Sans Pro Light": ["carlito", "Carlito", "substitute"],
      "Source Sans Pro Semibold": ["carlito", "Carlito", "substitute"],
      "Source Sans Pro Black": ["carlito", "Carlito", "substitute"],
    };
    for (const typeface of ["Arial", "Times New Roman", "Noto Sans", "Source Sans Pro"])
      expect([...reported.keys()]).toContain(typeface);
    for (const [typeface, report] of reported) {
      if (!(typeface in expected)) {
        expect(report).toMatchObject({ typeface, match: "substitute", substitute: expect.any(String) });
        expect(Object.keys(FONT_FAMILIES)).toContain(report.key);
        continue;
      }
      const [key, substitute, match] = expected[typeface];
      expect(report).toEqual({ typeface, key, substitute, match });
    }
  }, 300_000);
});

describe.skipIf(missing !== null)("a brand font from a presentation's embedded font files", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "deckforge-brand-embedded-"));
  let file: TBrandFile;
  let zip: JSZip;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  beforeAll(async () => {
    const dna = brandTemplateFiles().converted.find((f) => f.name === "DNA.pptx");
    if (!dna) throw new Error("no DNA.pptx");
    file = await withDistinctiveTheme(dna);
    zip = await JSZip.loadAsync(file.bytes);
  }, 300_000);

  /** The bytes of each embedded style of the file's first embedded font, decoded. */
  async function embeddedFaces() {
    const brand = await readBrandTemplate(file.bytes);
    expect(brand.embeddedFonts.map((font) => font.typeface)).toEqual([DISTINCTIVE.embeddedFont.typeface]);
    const [font] = brand.embeddedFonts;
    const faces: Record<string, ReturnType<typeof readEmbeddedFont>> = {};
    for (const { style, part, contentType } of font.styles) {
      const bytes = await zip.file(part)?.async("nodebuffer");
      if (!bytes) throw new Error(`no part ${part}`);
      faces[style] = readEmbeddedFont(bytes, part, contentType);
    }
    return { typeface: font.typeface, faces };
  }

  it("reads the embedded fonts as the Liberation Sans files they were made from", async () => {
    const { faces } = await embeddedFaces();
    expect(Object.keys(faces).sort()).toEqual(["bold", "regular"]);
    expect(faces.regular.font.postscriptName).toBe("LiberationSans");
    expect(faces.bold.font.postscriptName).toBe("LiberationSans-Bold");
    expect(faces.regular.bytes.equals(readFileSync(DISTINCTIVE.embeddedFont.files.regular))).toBe(true);
  });

  it("de-obfuscates an obfuscated embedded font (ECMA-376 §17.8.1) with the GUID that names its part", async () => {
    const guid = "{6C3D9A41-0B7E-4F25-9D18-3A5C2E7F0B94}";
    const original = readFileSync(DISTINCTIVE.embeddedFont.files.regular);
    // Obfuscated independently, by Python's uuid module: the GUID's bytes from the last to the
    // first, XOR-ed into the font's first 32 bytes.
    const obfuscatedFile = path.join(dir, "font.odttf");
    execFileSync("python3", [
      "-c",
      [
        "import sys, uuid",
        "data = bytearray(open(sys.argv[1], 'rb').read())",
        "key = uuid.UUID(sys.argv[2]).bytes[::-1]",
        "for i in range(32): data[i] ^= key[i % 16]",
        "open(sys.argv[3], 'wb').write(data)",
      ].join("\n"),
      DISTINCTIVE.embeddedFont.files.regular,
      guid,
      obfuscatedFile,
    ]);
    const obfuscated = readFileSync(obfuscatedFile);
    expect(obfuscated.subarray(0, 32).equals(original.subarray(0, 32))).toBe(false);
    expect(() => create(obfuscated)).toThrow();
    const type = "application/vnd.openxmlformats-officedocument.obfuscatedFont";
    const read = readEmbeddedFont(obfuscated, `ppt/fonts/${guid}.fntdata`, type);
    expect(read.bytes.equals(original)).toBe(true);
    expect(read.font.postscriptName).toBe("LiberationSans");
    // Without the content type, a part named by a GUID whose bytes are no font is de-obfuscated too.
    expect(readEmbeddedFont(obfuscated, `word/fonts/${guid}.odttf`, "").font.familyName).toBe(
      "Liberation Sans",
    );
    // Another GUID leaves no readable font: a clear error, not a crash.
    const wrong = "ppt/fonts/{00000000-0000-4000-8000-000000000000}.fntdata";
    expect(() => readEmbeddedFont(obfuscated, wrong, type)).toThrow(FontFileError);
    expect(() => deobfuscateFont(obfuscated, "not-a-guid")).toThrow(/without a valid key/);
  });

  it("unwraps an Embedded OpenType font (what PowerPoint writes as .fntdata) and refuses a compressed one", () => {
    const original = readFileSync(DISTINCTIVE.embeddedFont.files.bold);
    // Wrapped by fontello's ttf2eot, an implementation of the EOT format independent of ours.
    const eot = Buffer.from(ttf2eot(original));
    const read = readEmbeddedFont(eot, "ppt/fonts/font2.fntdata", "application/x-fontdata");
    expect(read.bytes.equals(original)).toBe(true);
    expect(read.font.postscriptName).toBe("LiberationSans-Bold");
    // The header's XOR flag (0x10000000): the font data is XOR-ed with 0x50.
    const xored = Buffer.from(eot);
    xored.writeUInt32LE(xored.readUInt32LE(12) | 0x10000000, 12);
    for (let i = eot.length - original.length; i < eot.length; i++) xored[i] ^= 0x50;
    expect(readEmbeddedFont(xored, "ppt/fonts/font2.fntdata", "").bytes.equals(original)).toBe(true);
    // MicroType Express compression (flag 0x4) cannot be read: a clear refusal naming the way out.
    const compressed = Buffer.from(eot);
    compressed.writeUInt32LE(compressed.readUInt32LE(12) | 0x4, 12);
    expect(() => readEmbeddedFont(compressed, "ppt/fonts/font2.fntdata", "")).toThrow(
      /compressed Embedded OpenType font .*upload the \.ttf or \.otf file/,
    );
    // A header whose sizes do not match the file.
    const cut = eot.subarray(0, eot.length - 100);
    expect(() => readEmbeddedFont(cut, "ppt/fonts/font2.fntdata", "")).toThrow(/damaged header/);
  });

  it("measures, draws and names the embedded font, slanting the italic it lacks", async () => {
    const { typeface, faces } = await embeddedFaces();
    const family = registerBrandFont({ typeface, faces });
    expect(family.key).toMatch(/^brand:[0-9a-f]{16}:sans$/);
    expect(family.faces).toEqual([
      { style: "regular", familyName: "Liberation Sans", postscriptName: "LiberationSans" },
      { style: "bold", familyName: "Liberation Sans", postscriptName: "LiberationSans-Bold" },
    ]);
    expect(family.missing).toEqual([
      { style: "italic", drawnWith: "synthetic" },
      { style: "boldItalic", drawnWith: "synthetic" },
    ]);
    // The same files again are the same family.
    expect(registerBrandFont({ typeface, faces }).key).toBe(family.key);
    expect(brandFont(typeface, family.key)).toMatchObject({
      key: family.key,
      substitute: null,
      match: "exact",
    });
    expect(getFontFamily(family.key).pptxFace).toBe("Acme Sans");
    expect(fontKeyOfPptxFace("Acme Sans")).toBe(family.key);

    const [regular] = faceSegments(family.key, { text: "Revenue" });
    expect(regular.face?.id).toBe(`${family.key}/regular`);
    const [italic] = faceSegments(family.key, { text: "Revenue", italic: true });
    expect(italic).toMatchObject({ face: { id: `${family.key}/regular` }, synthItalic: true });
    // Liberation Sans is Arimo's design: the widths agree, which is what makes this check exact.
    expect(measureRun(family.key, { text: "Revenue grew" }, 20)).toBeCloseTo(
      measureRun("sans", { text: "Revenue grew" }, 20),
      6,
    );
    // Characters the brand's files lack come from the fallbacks (Chinese from Noto Sans SC).
    expect(faceSegments(family.key, { text: "收入" })[0].fallback?.name).toBe("Noto Sans SC");

    const drawn = await renderBoth(dir, lookWith(family.key, family.key));
    const faceNames = pdfFaces(drawn.pdf);
    expect(faceNames).toContain("LiberationSans");
    expect(faceNames).toContain("LiberationSans-Bold");
    expect(faceNames.some((face) => face.startsWith("Arimo"))).toBe(false);
    // The italic words are the brand's upright, slanted: no italic face of ours stands in.
    expect(faceNames.some((face) => /italic/i.test(face))).toBe(false);
    expect(run("pdftotext", drawn.pdf, "-")).toContain("Revenue grew in every region");
    expect(drawn.xml).toMatch(
      /<a:latin typeface="Acme Sans"[^>]*\/>(?:(?!<a:r>).)*<a:t>Quarterly Business Review<\/a:t>/s,
    );
  });

  it("writes the editor's @font-face rules for the brand family", async () => {
    const { typeface, faces } = await embeddedFaces();
    const family = registerBrandFont({ typeface, faces });
    const name = `Deckforge ${family.key.split(":")[1]}`;
    expect(getFontFamily(family.key).cssFamily.startsWith(`'${name}', var(--font-arimo, Arimo)`)).toBe(true);
    const css = brandFontFaceCss(family.key, (id) => `/fonts/${encodeURIComponent(id)}`);
    const rules = css.split("@font-face").slice(1);
    // Regular and bold from the brand's files; no italic rules: the browser slants the upright.
    expect(rules).toHaveLength(2);
    expect(css).toContain(`font-family: '${name}';`);
    expect(css).toContain(`url("/fonts/${encodeURIComponent(`${family.key}/regular`)}") format("truetype")`);
    expect(css).toMatch(/font-weight: 700;\n {2}font-style: normal;/);
    expect(css).not.toContain("italic");
    expect(
      fontFaceFile(`${family.key}/bold`)?.bytes.equals(readFileSync(DISTINCTIVE.embeddedFont.files.bold)),
    ).toBe(true);
    // The default inlines the faces as data URLs.
    expect(brandFontFaceCss(family.key)).toContain('src: url("data:font/ttf;base64,AAEAAA');

    // A regular-only brand: its bold is our fallback's bold, declared under the brand's name so
    // the browser does not fake it from the regular.
    const thin = registerBrandFont({ typeface: "Acme Light", faces: { regular: faces.regular } });
    expect(thin.missing).toContainEqual({ style: "bold", drawnWith: "fallback" });
    const thinCss = brandFontFaceCss(thin.key, (id) => id);
    expect(thinCss).toContain(`url("${FONT_FAMILIES.sans.files.bold[0].file}") format("truetype")`);
    expect(thinCss).toContain(`url("${FONT_FAMILIES.sans.files.boldItalic[0].file}") format("truetype")`);
    expect(faceSegments(thin.key, { text: "A", bold: true })[0].face?.id).toBe(
      FONT_FAMILIES.sans.files.bold[0].file,
    );
    // Only registered faces and our own files are served.
    expect(fontFaceFile("../../../etc/passwd")).toBeUndefined();
    expect(fontFaceFile("brand:0000000000000000:sans/regular")).toBeUndefined();
    expect(fontFaceFile(FONT_FAMILIES.carlito.files.regular[0].file)?.contentType).toBe("font/woff");
    expect(brandFamily(thin.key)?.typeface).toBe("Acme Light");
  });
});

describe("a font file that cannot be used", () => {
  const arimo = readFileSync(resolvePackageFile(FONT_FAMILIES.sans.files.regular[0].file));

  it("is refused with a reason, never a crash", () => {
    const refusal = (bytes: Uint8Array) => {
      try {
        readFontFile(bytes);
      } catch (error) {
        expect(error).toBeInstanceOf(FontFileError);
        return { reason: (error as FontFileError).reason, message: (error as FontFileError).message };
      }
      throw new Error("accepted");
    };
    expect(refusal(Buffer.from("%PDF-1.7 not a font at all"))).toMatchObject({ reason: "not_font" });
    expect(refusal(Buffer.alloc(0))).toMatchObject({ reason: "not_font" });
    // Cut off after its table directory: the tables it lists are not there.
    expect(refusal(arimo.subarray(0, 4096))).toMatchObject({ reason: "damaged" });
    // Glyph data overwritten in the middle of the file.
    const scribbled = Buffer.from(arimo);
    scribbled.fill(0xff, Math.floor(arimo.length / 3), Math.floor(arimo.length / 3) + 200_000);
    expect(refusal(scribbled).reason).toMatch(/damaged/);
    const woff2 = readFileSync(resolvePackageFile(`${FONT_FAMILIES.carlito.files.regular[0].file}2`));
    expect(refusal(woff2)).toMatchObject({
      reason: "unsupported",
      message: expect.stringContaining("WOFF2"),
    });
    const collection = Buffer.concat([Buffer.from("ttcf"), Buffer.alloc(64)]);
    expect(refusal(collection)).toMatchObject({ reason: "unsupported" });
    // A font whose licence bits say restricted embedding (OS/2 fsType 0x0002).
    const restricted = Buffer.from(arimo);
    const tables = restricted.readUInt16BE(4);
    for (let i = 0; i < tables; i++) {
      const record = 12 + i * 16;
      if (restricted.toString("latin1", record, record + 4) === "OS/2")
        restricted.writeUInt16BE(0x0002, restricted.readUInt32BE(record + 8) + 8);
    }
    expect(refusal(restricted)).toMatchObject({ reason: "restricted" });
    // registerBrandFont checks the bytes it is given the same way.
    expect(() =>
      registerBrandFont({ typeface: "Broken", faces: { regular: arimo.subarray(0, 4096) } }),
    ).toThrow(FontFileError);
    expect(() => brandFontFaceCss("brand:ffffffffffffffff:sans" as TBrandFontKey)).toThrow(/not registered/);
  });
});

describe("registered brand families", () => {
  it("forgets the least recently registered past 64, faces, files and PPTX name included", () => {
    const arimo = readFontFile(readFileSync(resolvePackageFile(FONT_FAMILIES.sans.files.regular[0].file)));
    const register = (n: number) => registerBrandFont({ typeface: `Limit ${n}`, faces: { regular: arimo } });
    const first = register(0);
    const second = register(1);
    for (let n = 2; n < 64; n++) register(n);
    // Registering the first again makes it the most recent: the second is the one forgotten.
    expect(register(0).key).toBe(first.key);
    register(64);
    expect(brandFamily(second.key)).toBeUndefined();
    expect(fontFaceFile(`${second.key}/regular`)).toBeUndefined();
    expect(getFontFamily(second.key).pptxFace).toBe("Arial");
    expect(() => brandFontFaceCss(second.key)).toThrow(/not registered/);
    expect(brandFamily(first.key)?.typeface).toBe("Limit 0");
    expect(faceSegments(first.key, { text: "A" })[0].face?.id).toBe(`${first.key}/regular`);
  });
});
