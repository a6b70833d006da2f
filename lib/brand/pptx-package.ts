/**
 * An OOXML package held in memory for rewriting: its parts by name, their relationships and
 * content types. Used by writeOnMaster to move generated slides onto an uploaded slide master.
 */
import { XMLSerializer } from "@xmldom/xmldom";
import { relsPathOf, resolvePartPath } from "@/lib/files/zip/open-zip-package";
import { readZipDirectory } from "@/lib/files/zip/read-zip-directory";
import { readZipEntry } from "@/lib/files/zip/read-zip-entry";
import { attr, children, parseXml } from "./xml-dom";

/** Far more parts than a deck of the largest size allowed writes, or a template has. */
const MAX_PARTS = 60_000;

export const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PACKAGE_RELS = "http://schemas.openxmlformats.org/package/2006/relationships";
const CONTENT_TYPES = "http://schemas.openxmlformats.org/package/2006/content-types";

/** One relationship of a part; `target` is resolved to a part name unless `external`. */
export type TRel = { id: string; type: string; target: string; external: boolean };

/** A package's parts by name (as stored, without a leading slash), in their stored order. */
export type TParts = Map<string, Buffer>;

/** Reads every part of a zip package into memory. */
export function readParts(bytes: Buffer): TParts {
  const parts: TParts = new Map();
  for (const entry of readZipDirectory(bytes, MAX_PARTS)) {
    if (entry.name.endsWith("/")) continue;
    parts.set(entry.name, readZipEntry(bytes, entry));
  }
  return parts;
}

/** The short form of a relationship type ("slide", "slideLayout", "image", …). */
export function relKind(type: string): string {
  return type.slice(type.lastIndexOf("/") + 1);
}

/** The relationships of `part` ("" for the package's own, _rels/.rels), targets resolved. */
export function readRels(parts: TParts, part: string): TRel[] {
  const name = part === "" ? "_rels/.rels" : relsPathOf(part);
  const bytes = findPart(parts, name);
  if (!bytes) return [];
  const root = parseXml(bytes.toString("utf8"), name);
  return children(root)
    .filter((el) => el.localName === "Relationship")
    .map((el) => {
      const external = attr(el, "TargetMode") === "External";
      const target = attr(el, "Target") ?? "";
      return {
        id: attr(el, "Id") ?? "",
        type: attr(el, "Type") ?? "",
        target: external ? target : resolvePartPath(part === "" ? "package" : part, decodeURI(target)),
        external,
      };
    });
}

/** A relationships part for `source` (a part name, "" for the package) holding `rels`. */
export function writeRels(source: string, rels: TRel[]): Buffer {
  const items = rels.map((rel) => {
    const target = rel.external ? rel.target : relativeTarget(source, rel.target);
    const mode = rel.external ? ' TargetMode="External"' : "";
    return `<Relationship Id="${escapeAttr(rel.id)}" Type="${escapeAttr(rel.type)}" Target="${escapeAttr(target)}"${mode}/>`;
  });
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${PACKAGE_RELS}">${items.join("")}</Relationships>`,
    "utf8",
  );
}

/** The target of a relationship from `source` to `target`, relative as Office writes it. */
export function relativeTarget(source: string, target: string): string {
  if (source === "") return encodeURI(target);
  const from = source.split("/").slice(0, -1);
  const to = target.split("/");
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
  return encodeURI([...from.slice(common).map(() => ".."), ...to.slice(common)].join("/"));
}

/** A part by name, matched case-insensitively as OPC names are. */
export function findPart(parts: TParts, name: string): Buffer | undefined {
  const exact = parts.get(name);
  if (exact) return exact;
  const lower = name.toLowerCase();
  for (const [key, value] of parts) if (key.toLowerCase() === lower) return value;
  return undefined;
}

/** [Content_Types].xml as defaults by extension and overrides by part name (lower-cased keys). */
export type TContentTypes = { defaults: Map<string, string>; overrides: Map<string, string> };

export function readContentTypes(parts: TParts): TContentTypes {
  const bytes = findPart(parts, "[Content_Types].xml");
  if (!bytes) throw new Error("the package has no [Content_Types].xml");
  const root = parseXml(bytes.toString("utf8"), "[Content_Types].xml");
  const types: TContentTypes = { defaults: new Map(), overrides: new Map() };
  for (const el of children(root)) {
    const type = attr(el, "ContentType");
    if (!type) continue;
    if (el.localName === "Default") types.defaults.set((attr(el, "Extension") ?? "").toLowerCase(), type);
    if (el.localName === "Override")
      types.overrides.set((attr(el, "PartName") ?? "").replace(/^\//, "").toLowerCase(), type);
  }
  return types;
}

/** The content type of a part: its override, else its extension's default. */
export function contentTypeOf(types: TContentTypes, part: string): string | undefined {
  return types.overrides.get(part.toLowerCase()) ?? types.defaults.get(extensionOf(part));
}

export function extensionOf(part: string): string {
  const base = part.slice(part.lastIndexOf("/") + 1);
  return base.includes(".") ? base.slice(base.lastIndexOf(".") + 1).toLowerCase() : "";
}

/** [Content_Types].xml for `names`: the defaults, and an override for every part that needs one. */
export function writeContentTypes(types: TContentTypes, names: Iterable<string>): Buffer {
  const defaults = [...types.defaults].map(
    ([ext, type]) => `<Default Extension="${escapeAttr(ext)}" ContentType="${escapeAttr(type)}"/>`,
  );
  const overrides: string[] = [];
  for (const name of names) {
    if (name === "[Content_Types].xml") continue;
    const type = types.overrides.get(name.toLowerCase());
    if (type && type !== types.defaults.get(extensionOf(name)))
      overrides.push(`<Override PartName="/${escapeAttr(name)}" ContentType="${escapeAttr(type)}"/>`);
  }
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="${CONTENT_TYPES}">${defaults.join("")}${overrides.join("")}</Types>`,
    "utf8",
  );
}

export function serializeXml(root: import("@xmldom/xmldom").Element): Buffer {
  const xml = new XMLSerializer().serializeToString(root);
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${xml}`, "utf8");
}

export function escapeAttr(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
}
