/**
 * Reads one PresentationML slide (or notes page) into its shapes, in document order: text shapes
 * with their placeholder role, position and paragraphs; tables; pictures.
 */
import { localName, xmlTokens } from "../xml/xml-tokens";

/** `size` is the largest run size in points, when the runs set one. */
export type TParagraph = { text: string; level: number; bullet: boolean | null; size: number | null };
export type TSlideShape =
  | { kind: "text"; role: string | null; y: number | null; paragraphs: TParagraph[] }
  | { kind: "table"; rows: string[][] }
  | { kind: "picture"; rId: string; alt: string }
  | { kind: "chart"; rId: string };

/** Placeholders that carry no content of their own. */
const FURNITURE = new Set(["sldNum", "dt", "ftr", "hdr", "sldImg"]);

/** The shapes of a slide's XML. Text in slide-number fields and furniture placeholders is left out. */
export function readSlideXml(xml: string): TSlideShape[] {
  const shapes: TSlideShape[] = [];
  let shape: Extract<TSlideShape, { kind: "text" }> | null = null;
  let paragraph: TParagraph | null = null;
  let table: string[][] | null = null;
  let row: string[] | null = null;
  let cell: string[] | null = null;
  let picture: { rId: string; alt: string } | null = null;
  let inText = false;
  let skipField = false;

  for (const token of xmlTokens(xml)) {
    if (token.kind === "text") {
      if (inText && !skipField && paragraph) paragraph.text += token.text;
      continue;
    }
    const name = localName(token.name);
    if (token.kind === "open") {
      const { attrs } = token;
      switch (name) {
        case "sp":
          if (!token.selfClosing) shape = { kind: "text", role: null, y: null, paragraphs: [] };
          break;
        case "ph":
          if (shape) shape.role = attrs.type ?? "body";
          break;
        case "off":
          if (shape && shape.y === null) shape.y = Number(attrs.y) || 0;
          break;
        case "tbl":
          table = [];
          break;
        case "tr":
          if (table) row = [];
          break;
        case "tc":
          if (row) cell = [];
          break;
        case "pic":
          if (!token.selfClosing) picture = { rId: "", alt: "" };
          break;
        case "cNvPr":
          if (picture) picture.alt = (attrs.descr || attrs.title || "").trim();
          break;
        case "blip":
          if (picture && attrs["r:embed"]) picture.rId = attrs["r:embed"];
          break;
        case "p":
          if (token.selfClosing) break;
          paragraph = { text: "", level: 0, bullet: null, size: null };
          break;
        case "pPr":
          if (paragraph) paragraph.level = Number(attrs.lvl) || 0;
          break;
        case "buNone":
          if (paragraph) paragraph.bullet = false;
          break;
        case "buChar":
        case "buAutoNum":
        case "buBlip":
          if (paragraph) paragraph.bullet = true;
          break;
        case "rPr":
          if (paragraph && attrs.sz)
            paragraph.size = Math.max(paragraph.size ?? 0, Number(attrs.sz) / 100 || 0);
          break;
        case "chart":
          if (attrs["r:id"]) shapes.push({ kind: "chart", rId: attrs["r:id"] });
          break;
        case "t":
          inText = !token.selfClosing;
          break;
        case "br":
          if (paragraph) paragraph.text += " ";
          break;
        case "fld":
          skipField = attrs.type === "slidenum";
          break;
        default:
          break;
      }
      continue;
    }
    switch (name) {
      case "t":
        inText = false;
        break;
      case "fld":
        skipField = false;
        break;
      case "p": {
        const text = paragraph?.text.replace(/\s+/g, " ").trim();
        if (paragraph && text) {
          paragraph.text = text;
          if (cell) cell.push(text);
          else if (shape) shape.paragraphs.push(paragraph);
        }
        paragraph = null;
        break;
      }
      case "sp":
        if (shape?.paragraphs.length && !FURNITURE.has(shape.role ?? "")) shapes.push(shape);
        shape = null;
        break;
      case "tc":
        if (row && cell) row.push(cell.join(" "));
        cell = null;
        break;
      case "tr":
        if (table && row?.some(Boolean)) table.push(row);
        row = null;
        break;
      case "tbl":
        if (table?.length) shapes.push({ kind: "table", rows: table });
        table = null;
        break;
      case "pic":
        if (picture?.rId) shapes.push({ kind: "picture", ...picture });
        picture = null;
        break;
      default:
        break;
    }
  }
  return shapes;
}
