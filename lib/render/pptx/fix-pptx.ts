import "server-only";
import JSZip from "jszip";

const SLIDE_PART = /^ppt\/slides\/slide\d+\.xml$/;
const PARAGRAPH = /<a:p>([\s\S]*?)<\/a:p>/g;
const PARAGRAPH_PROPERTIES = /<a:pPr\b(?:[^>]*\/>|[\s\S]*?<\/a:pPr>)/g;
const OVERRIDE = /<Override PartName="\/([^"]+)"[^>]*\/>/g;

/**
 * Fixes pptxgenjs 4.0.1 output. Two defects make PowerPoint offer to repair a file: paragraph
 * properties written before every run of a multi-run paragraph (the schema allows one, first),
 * and a slide-master content type declared per slide though only one master is written. And a
 * bullet without a named font makes LibreOffice draw it from OpenSymbol, small and raised, so
 * each bullet gets its paragraph's face.
 */
export async function fixPptx(bytes: Buffer): Promise<Buffer> {
  const zip = await JSZip.loadAsync(bytes);
  for (const name of Object.keys(zip.files).filter((file) => SLIDE_PART.test(file))) {
    const xml = await zip.file(name)?.async("string");
    if (xml)
      zip.file(
        name,
        xml.replace(PARAGRAPH, (_, inner: string) => `<a:p>${fixParagraph(inner)}</a:p>`),
      );
  }
  const types = await zip.file("[Content_Types].xml")?.async("string");
  if (types)
    zip.file(
      "[Content_Types].xml",
      types.replace(OVERRIDE, (entry, part: string) => (zip.file(part) ? entry : "")),
    );
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
}

function fixParagraph(paragraph: string): string {
  let first = paragraph.startsWith("<a:pPr") ? (paragraph.match(PARAGRAPH_PROPERTIES)?.[0] ?? "") : "";
  const rest = paragraph.slice(first.length).replace(PARAGRAPH_PROPERTIES, "");
  const face = rest.match(/<a:latin typeface="([^"]+)"/)?.[1];
  if (face && !first.includes("<a:buFont"))
    first = first.replace("<a:buChar ", `<a:buFont typeface="${face}"/><a:buChar `);
  return first + rest;
}
