/**
 * Decides what an uploaded file is from its bytes (magic numbers, the parts inside a ZIP
 * package) and, for text, its extension — never from the client's content type alone.
 */
import { decodeText } from "./decode-text";
import { FileReadError } from "./file-read-error";
import type { TFileType } from "./file-types";
import type { TUploadLimits } from "./upload-limits";
import { looksLikeZip, readZipDirectory } from "./zip/read-zip-directory";

export type TDetectedFile = { type: "pdf" | "docx" | "pptx" } | { type: "txt" | "md" | "csv"; text: string };

const SUPPORTED = "PDF, DOCX, PPTX, TXT, MD or CSV";

const TEXT_EXTENSIONS: Record<string, "txt" | "md" | "csv"> = {
  txt: "txt",
  text: "txt",
  md: "md",
  markdown: "md",
  mdown: "md",
  csv: "csv",
  tsv: "csv",
};

const BINARY_EXTENSIONS: Record<string, TFileType> = { pdf: "pdf", docx: "docx", pptx: "pptx" };

/** Signatures of formats people upload by mistake, so the refusal can say what the file is. */
const KNOWN_BINARIES: { name: string; test: (b: Uint8Array) => boolean }[] = [
  { name: "a PNG image", test: (b) => starts(b, [0x89, 0x50, 0x4e, 0x47]) },
  { name: "a JPEG image", test: (b) => starts(b, [0xff, 0xd8, 0xff]) },
  { name: "a GIF image", test: (b) => ascii(b, 0, "GIF8") },
  { name: "a WebP image", test: (b) => ascii(b, 0, "RIFF") && ascii(b, 8, "WEBP") },
  {
    name: "an old binary Office file (.doc/.ppt/.xls) or a password-protected document; save it as DOCX or PPTX without a password",
    test: (b) => starts(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  },
  { name: "an RTF document; save it as DOCX", test: (b) => ascii(b, 0, "{\\rtf") },
  { name: "a gzip archive", test: (b) => starts(b, [0x1f, 0x8b]) },
  { name: "a RAR archive", test: (b) => ascii(b, 0, "Rar!") },
  { name: "a 7-Zip archive", test: (b) => starts(b, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]) },
  { name: "a PostScript file", test: (b) => ascii(b, 0, "%!PS") },
];

/**
 * The file's type, or a FileReadError saying why it cannot be read. Text files come back decoded.
 * `clientType` (the part's Content-Type) only breaks ties for text without a known extension.
 */
export function detectFileType(
  bytes: Buffer,
  name: string,
  clientType: string,
  limits: TUploadLimits,
): TDetectedFile {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? "";
  if (bytes.length === 0) throw new FileReadError("is empty.");
  // PDF readers accept the header anywhere in the first kilobyte, after junk some tools prepend;
  // a text file that merely mentions "%PDF-" is only taken for a PDF when it is named one.
  if (ascii(bytes, 0, "%PDF-") || (extension === "pdf" && bytes.subarray(0, 1024).includes("%PDF-")))
    return { type: "pdf" };
  if (looksLikeZip(bytes)) return { type: detectPackage(bytes, extension, limits) };
  const expected = BINARY_EXTENSIONS[extension];
  if (expected)
    throw new FileReadError(`is not a valid ${expected.toUpperCase()} file (${whatItIs(bytes)}).`);
  const known = KNOWN_BINARIES.find((k) => k.test(bytes));
  if (known) throw new FileReadError(`is ${known.name}; upload ${SUPPORTED}.`);

  const textType =
    TEXT_EXTENSIONS[extension] ?? (extension === "" ? textTypeFromClient(clientType) : undefined);
  if (!textType) {
    throw new FileReadError(`has an unsupported type (.${extension}); upload ${SUPPORTED}.`);
  }
  const text = decodeText(bytes);
  if (text === null)
    throw new FileReadError(`is not a text file, so it cannot be read as ${textType.toUpperCase()}.`);
  return { type: textType, text };
}

/** DOCX and PPTX are ZIP packages told apart by their main part. */
function detectPackage(bytes: Buffer, extension: string, limits: TUploadLimits): "docx" | "pptx" {
  const names = new Set(readZipDirectory(bytes, limits.maxZipEntries).map((e) => e.name.toLowerCase()));
  if (names.has("word/document.xml")) return "docx";
  if (names.has("ppt/presentation.xml")) return "pptx";
  if (names.has("xl/workbook.xml"))
    throw new FileReadError(`is an Excel workbook; export the sheet as CSV and upload ${SUPPORTED}.`);
  if (names.has("content.xml") && names.has("mimetype"))
    throw new FileReadError(`is an OpenDocument file; save it as DOCX or PPTX.`);
  if (extension === "docx" || extension === "pptx")
    throw new FileReadError(`is not a valid ${extension.toUpperCase()} file (a ZIP without its main part).`);
  throw new FileReadError(`is a ZIP archive; upload ${SUPPORTED}.`);
}

function textTypeFromClient(clientType: string): "txt" | "md" | "csv" {
  const type = clientType.split(";")[0].trim().toLowerCase();
  if (type === "text/csv" || type === "text/tab-separated-values") return "csv";
  if (type === "text/markdown" || type === "text/x-markdown") return "md";
  return "txt";
}

function whatItIs(bytes: Uint8Array): string {
  const known = KNOWN_BINARIES.find((k) => k.test(bytes));
  return known ? `it is ${known.name.split(";")[0]}` : "its content does not match the extension";
}

function starts(bytes: Uint8Array, magic: number[]): boolean {
  return magic.every((b, i) => bytes[i] === b);
}

function ascii(bytes: Uint8Array, at: number, text: string): boolean {
  for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false;
  return true;
}
