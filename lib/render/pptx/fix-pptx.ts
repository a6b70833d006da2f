import "server-only";
import { decodeXmlEntities } from "@/lib/files/xml/xml-tokens";
import { readZipDirectory } from "@/lib/files/zip/read-zip-directory";
import { readZipEntry } from "@/lib/files/zip/read-zip-entry";
import { writeZip } from "@/lib/files/zip/write-zip";
import { DEFAULT_FONT, fontKeyOfPptxFace } from "@/lib/layouts/font-families";
import { faceSegments } from "@/lib/layouts/fonts";
import type { PptxMedia } from "./pptx-media";

/** Far more parts than a deck of the largest size allowed writes (about 6 per slide). */
const MAX_PARTS = 60_000;
const SLIDE_PART = /^ppt\/slides\/slide\d+\.xml$/;
const PARAGRAPH = /<a:p>([\s\S]*?)<\/a:p>/g;
const PARAGRAPH_PROPERTIES = /<a:pPr\b(?:[^>]*\/>|[\s\S]*?<\/a:pPr>)/g;
const OVERRIDE = /<Override PartName="\/([^"]+)"[^>]*\/>/g;
// A run with font elements: its opening rPr tag, the elements, its text (never across runs).
const RUN = /<a:r>(<a:rPr\b[^>]*[^/>]>)((?:(?!<\/?a:r>)[\s\S])*?)<\/a:rPr><a:t>([^<]*)<\/a:t><\/a:r>/g;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const ARABIC = /\p{Script=Arabic}/u;
const HEBREW = /\p{Script=Hebrew}/u;

/**
 * Fixes pptxgenjs 4.0.1 output. Two defects make PowerPoint offer to repair a file: paragraph
 * properties written before every run of a multi-run paragraph (the schema allows one, first),
 * and a slide-master content type declared per slide though only one master is written. And a
 * bullet without a named font makes LibreOffice draw it from OpenSymbol, small and raised, so
 * each bullet gets its paragraph's face. And pptxgenjs names one face in all three of a run's font
 * slots: runs with East Asian or complex-script text get the faces the layout measured that text
 * with (Noto Sans SC, Noto Sans Arabic…), which PowerPoint draws those characters from.
 * The pictures' stand-ins (`media`) become the real pictures, and the package is written again with
 * Node's zlib: XML deflated, pictures and embedded workbooks stored (compressed already).
 */
export function fixPptx(bytes: Buffer, media?: PptxMedia): Buffer {
  const parts = readZipDirectory(bytes, MAX_PARTS).map((entry) => ({
    name: entry.name,
    data: readZipEntry(bytes, entry),
  }));
  const names = new Set(parts.map((part) => part.name));
  let swapped = 0;
  for (const part of parts) {
    if (SLIDE_PART.test(part.name)) {
      const xml = part.data.toString("utf8");
      part.data = Buffer.from(
        xml
          .replace(PARAGRAPH, (_, inner: string) => `<a:p>${fixParagraph(inner)}</a:p>`)
          .replace(RUN, (run, open: string, fonts: string, text: string) => {
            const fixed = scriptFonts(fonts, decodeXmlEntities(text));
            return fixed === fonts ? run : `<a:r>${open}${fixed}</a:rPr><a:t>${text}</a:t></a:r>`;
          }),
        "utf8",
      );
    } else if (part.name === "[Content_Types].xml") {
      part.data = Buffer.from(
        part.data.toString("utf8").replace(OVERRIDE, (entry, name: string) => (names.has(name) ? entry : "")),
        "utf8",
      );
    } else if (media && part.name.startsWith("ppt/media/")) {
      const real = media.realBytes(part.data);
      if (real) {
        part.data = real;
        swapped++;
      }
    }
  }
  if (media && swapped !== media.count)
    throw new Error(`PPTX media: ${media.count} pictures handed to pptxgenjs, ${swapped} written`);
  return writeZip(parts, (name) => name.startsWith("ppt/media/") || name.startsWith("ppt/embeddings/"));
}

function fixParagraph(paragraph: string): string {
  let first = paragraph.startsWith("<a:pPr") ? (paragraph.match(PARAGRAPH_PROPERTIES)?.[0] ?? "") : "";
  const rest = paragraph.slice(first.length).replace(PARAGRAPH_PROPERTIES, "");
  const face = rest.match(/<a:latin typeface="([^"]+)"/)?.[1];
  if (face && !first.includes("<a:buFont"))
    first = first.replace("<a:buChar ", `<a:buFont typeface="${face}"/><a:buChar `);
  return first + rest;
}

/**
 * A run's font elements with the `ea` and `cs` slots naming the faces that draw its East Asian and
 * complex-script characters: the script fallbacks of the run's family (read back from its latin
 * face), or the family face itself where it holds the script (Arial and Times New Roman have
 * Hebrew). The charset tells PowerPoint which script to look for if the face is missing.
 */
function scriptFonts(fonts: string, text: string): string {
  const latin = fonts.match(/<a:latin typeface="([^"]+)"/)?.[1];
  if (!latin) return fonts;
  const fallbacks = faceSegments(fontKeyOfPptxFace(latin) ?? DEFAULT_FONT, { text }).flatMap((segment) =>
    segment.fallback ? [segment] : [],
  );
  const ea = fallbacks.find((segment) => segment.fallback?.slot === "ea");
  const cs = fallbacks.find((segment) => segment.fallback?.slot === "cs");
  let out = fonts;
  if (ea?.fallback)
    out = setSlot(out, "ea", ea.fallback.name, KANA.test(text) ? SHIFTJIS_CHARSET : GB2312_CHARSET);
  const complex = ARABIC.test(text) ? ARABIC_CHARSET : HEBREW.test(text) ? HEBREW_CHARSET : undefined;
  if (complex) out = setSlot(out, "cs", cs?.fallback?.name ?? latin, complex);
  return out;
}

// Windows charset numbers as DrawingML writes them (signed bytes).
const SHIFTJIS_CHARSET = "-128";
const GB2312_CHARSET = "-122";
const ARABIC_CHARSET = "-78";
const HEBREW_CHARSET = "-79";

function setSlot(fonts: string, slot: "ea" | "cs", typeface: string, charset: string): string {
  const element = `<a:${slot} typeface="${escapeXml(typeface)}" charset="${charset}"/>`;
  const pattern = new RegExp(`<a:${slot}\\b[^>]*/>`);
  return pattern.test(fonts) ? fonts.replace(pattern, element) : fonts;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
}
