import { FileReadError } from "../file-read-error";
import type { TUploadLimits } from "../upload-limits";
import { checkZipLimits } from "./check-zip-limits";
import { readZipDirectory, type TZipEntry } from "./read-zip-directory";
import { readZipEntry } from "./read-zip-entry";

/** An OOXML package opened for reading, part by part, within the upload limits. */
export type TZipPackage = {
  entries: TZipEntry[];
  /** Whether a part exists (OPC part names are case-insensitive). */
  has(name: string): boolean;
  entry(name: string): TZipEntry | undefined;
  /** A part's bytes, inflated with its declared size as the cap. */
  read(name: string): Buffer;
  /** An XML part as text; refused past the XML part limit. Missing parts read as "". */
  readXml(name: string): string;
};

/**
 * Opens a DOCX/PPTX: reads the directory, applies the zip-bomb checks to the declared sizes, and
 * returns a reader that inflates one part at a time.
 */
export function openZipPackage(buf: Buffer, limits: TUploadLimits): TZipPackage {
  const entries = readZipDirectory(buf, limits.maxZipEntries);
  checkZipLimits(entries, buf.length, limits);
  const byName = new Map<string, TZipEntry>();
  for (const entry of entries) byName.set(normalize(entry.name), entry);
  const entry = (name: string) => byName.get(normalize(name));
  return {
    entries,
    has: (name) => byName.has(normalize(name)),
    entry,
    read(name) {
      const found = entry(name);
      if (!found) throw new FileReadError(`has no part '${name}'.`);
      return readZipEntry(buf, found);
    },
    readXml(name) {
      const found = entry(name);
      if (!found) return "";
      if (found.uncompressedSize > limits.maxXmlPartBytes) {
        throw new FileReadError(
          `has a part '${found.name}' of ${found.uncompressedSize} bytes, more than the ${limits.maxXmlPartBytes} read from one part.`,
        );
      }
      return readZipEntry(buf, found).toString("utf8");
    },
  };
}

function normalize(name: string): string {
  return name.replace(/\\/g, "/").replace(/^\/+/, "").toLowerCase();
}

/**
 * Resolves a relationship target against the part that holds it ("ppt/slides/slide1.xml" +
 * "../media/image1.png" → "ppt/media/image1.png"); absolute targets start at the package root.
 */
export function resolvePartPath(source: string, target: string): string {
  if (target.startsWith("/")) return target.slice(1);
  const parts = source.split("/").slice(0, -1);
  for (const segment of target.split("/")) {
    if (segment === "..") parts.pop();
    else if (segment !== "." && segment !== "") parts.push(segment);
  }
  return parts.join("/");
}

/** The relationships part of a part: "ppt/slides/slide1.xml" → "ppt/slides/_rels/slide1.xml.rels". */
export function relsPathOf(part: string): string {
  const slash = part.lastIndexOf("/");
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}
