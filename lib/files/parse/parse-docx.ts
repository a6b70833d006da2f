import JSZip from "jszip";
import mammoth from "mammoth";
import { capText, formatCount } from "../cap-text";
import { extractImages, type TImageRef } from "../extract-images";
import { FileReadError } from "../file-read-error";
import type { TParsedFile } from "../file-types";
import type { TUploadLimits } from "../upload-limits";
import { readRelationships, type TRelationship } from "../xml/read-relationships";
import { localName, xmlTokens } from "../xml/xml-tokens";
import { openZipPackage, relsPathOf, type TZipPackage } from "../zip/open-zip-package";
import { htmlToMarkdown } from "./html-to-markdown";
import { trimDocxBody } from "./trim-docx-body";

/**
 * Mammoth holds the whole document tree (about 80 bytes of memory per byte of XML), while only
 * MAX_CONTENT_CHARS of text are kept: the body is cut after the block that passes this many XML
 * bytes per kept character (Word XML runs 5–15 bytes per character of text).
 */
const XML_PER_CHAR = 16;
const MIN_XML_BUDGET = 2 * 1024 * 1024;

const STYLE_MAP = ["p[style-name='Title'] => h1:fresh", "p[style-name='Subtitle'] => p:fresh"];
/** With a Title paragraph, Word's headings start one level down so the title stays the only H1. */
const UNDER_TITLE = [1, 2, 3, 4, 5, 6].flatMap((n) => [
  `p.Heading${n} => h${Math.min(6, n + 1)}:fresh`,
  `p[style-name='Heading ${n}'] => h${Math.min(6, n + 1)}:fresh`,
  `p[style-name='heading ${n}'] => h${Math.min(6, n + 1)}:fresh`,
]);

/**
 * Reads a DOCX with mammoth (headings, lists, tables kept as markdown). Mammoth only ever sees a
 * copy of the XML parts it needs, each inflated within its declared size (the body cut to what
 * the character limit can use), so neither a zip bomb nor the pictures reach it; pictures are
 * taken separately with their alt text.
 */
export async function parseDocx(bytes: Buffer, limits: TUploadLimits): Promise<TParsedFile> {
  const pkg = openZipPackage(bytes, limits);
  const main = mainDocumentPart(pkg);
  const mainRels = readRelationships(pkg.readXml(relsPathOf(main)), main);
  const trimmed = trimDocxBody(pkg.readXml(main), Math.max(MIN_XML_BUDGET, limits.maxChars * XML_PER_CHAR));
  const documentXml = trimmed.xml;
  const hasTitle = /<w:pStyle\s+w:val="Title"\s*\/>/.test(documentXml);
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: await mammothCopy(pkg, main, mainRels, documentXml) },
      {
        styleMap: hasTitle ? [...STYLE_MAP, ...UNDER_TITLE] : STYLE_MAP,
        externalFileAccess: false,
        // Pictures are not inlined (that would inflate them); extractImages reads them once.
        convertImage: mammoth.images.imgElement(async () => ({ src: "" })),
      },
    );
    html = result.value;
  } catch (error) {
    if (error instanceof FileReadError) throw error;
    throw new FileReadError(
      `could not be read as a Word document (${(error as Error).message?.slice(0, 160)}).`,
    );
  }
  const warnings: string[] = [];
  const capped = capText(htmlToMarkdown(html), limits.maxChars);
  if (capped.cut || trimmed.cut)
    warnings.push(`Only the first ${formatCount(limits.maxChars)} characters are used.`);
  const images =
    limits.maxImages > 0
      ? await extractImages(pkg, pictureRefs(mainRels, documentXml), limits, warnings)
      : [];
  return { type: "docx", text: capped.text, images, warnings };
}

/** The main document part named by the package relationships (word/document.xml in practice). */
function mainDocumentPart(pkg: TZipPackage): string {
  const rels = readRelationships(pkg.readXml("_rels/.rels"), "");
  for (const rel of rels.values()) if (rel.type === "officeDocument" && !rel.external) return rel.target;
  return "word/document.xml";
}

/** The parts mammoth reads besides the main document, by relationship type (docx-reader.js). */
const MAMMOTH_PARTS = ["styles", "numbering", "footnotes", "endnotes", "comments"];

/**
 * A stored (uncompressed) package holding only the parts mammoth reads — content types, the
 * main document (possibly trimmed) and its styles, numbering, notes and comments, with their
 * relationships — so no other part is ever inflated for it.
 */
async function mammothCopy(
  pkg: TZipPackage,
  main: string,
  mainRels: Map<string, TRelationship>,
  mainXml: string,
): Promise<Buffer> {
  const parts = new Set(["[Content_Types].xml", "_rels/.rels", relsPathOf(main)]);
  for (const name of MAMMOTH_PARTS) parts.add(`word/${name}.xml`);
  for (const rel of mainRels.values()) {
    if (rel.external || !MAMMOTH_PARTS.includes(rel.type)) continue;
    parts.add(rel.target);
    parts.add(relsPathOf(rel.target));
  }
  const zip = new JSZip();
  zip.file(pkg.entry(main)?.name ?? main, mainXml);
  for (const part of parts) {
    const entry = pkg.entry(part);
    if (entry) zip.file(entry.name, pkg.readXml(entry.name));
  }
  return zip.generateAsync({ type: "nodebuffer", compression: "STORE" });
}

/** Pictures drawn in the body, in order, with the description Word keeps as alt text. */
function pictureRefs(rels: Map<string, TRelationship>, documentXml: string): TImageRef[] {
  const refs: TImageRef[] = [];
  let alt = "";
  let inDrawing = 0;
  for (const token of xmlTokens(documentXml)) {
    if (token.kind === "text") continue;
    const name = localName(token.name);
    if (token.kind === "close") {
      if (name === "drawing" || name === "pict") inDrawing = Math.max(0, inDrawing - 1);
      continue;
    }
    if ((name === "drawing" || name === "pict") && !token.selfClosing) {
      inDrawing++;
      alt = "";
    } else if (inDrawing && (name === "docPr" || name === "cNvPr")) {
      alt ||= (token.attrs.descr || token.attrs.title || "").trim();
    } else if (inDrawing && (name === "blip" || name === "imagedata")) {
      const id = token.attrs["r:embed"] ?? token.attrs["r:id"];
      const rel = id ? rels.get(id) : undefined;
      if (rel && !rel.external) refs.push({ part: rel.target, alt });
    }
  }
  return refs;
}
