import { capText, formatCount } from "./cap-text";
import { detectFileType } from "./detect-file-type";
import { FileReadError } from "./file-read-error";
import { FILE_TYPE_LABELS, type TParsedFile } from "./file-types";
import { parseCsv } from "./parse/parse-csv";
import { parseDocx } from "./parse/parse-docx";
import { parsePdf } from "./parse/parse-pdf";
import { parsePptx } from "./parse/parse-pptx";
import type { TUploadLimits } from "./upload-limits";

/**
 * Reads one uploaded file into markdown (and pictures): detects the type from the bytes, checks
 * the limits, and parses it. Every failure — unsupported, corrupt, over a limit, no text — is a
 * FileReadError whose message follows the file's name ("'x.pdf' is password-protected…").
 */
export async function parseFile(
  bytes: Buffer,
  name: string,
  clientType: string,
  limits: TUploadLimits,
): Promise<TParsedFile> {
  const detected = detectFileType(bytes, name, clientType, limits);
  let parsed: TParsedFile;
  try {
    switch (detected.type) {
      case "pdf":
        parsed = await parsePdf(bytes, limits);
        break;
      case "docx":
        parsed = await parseDocx(bytes, limits);
        break;
      case "pptx":
        parsed = await parsePptx(bytes, limits);
        break;
      case "csv":
        parsed = capParsed(parseCsv(detected.text), limits);
        break;
      default:
        parsed = plainText(detected.type, detected.text, limits);
    }
  } catch (error) {
    if (error instanceof FileReadError) throw error;
    // A parser library tripping over malformed input is the file's fault, not a server error.
    const reason = error instanceof Error ? error.message.replace(/\s+/g, " ").slice(0, 160) : String(error);
    throw new FileReadError(`could not be read as ${FILE_TYPE_LABELS[detected.type]} (${reason}).`);
  }
  // A PDF's broken font encoding can yield U+0000, which no text column can hold: dropped.
  parsed = { ...parsed, text: parsed.text.replaceAll("\u0000", "") };
  if (!parsed.text.trim() && parsed.images.length === 0) {
    throw new FileReadError(
      detected.type === "pdf"
        ? "has no text to read (a scanned PDF? Text recognition is not supported)."
        : "has no text to read.",
    );
  }
  return parsed;
}

function plainText(type: "txt" | "md", text: string, limits: TUploadLimits): TParsedFile {
  const capped = capText(text.replace(/\f/g, "\n\n").trim(), limits.maxChars);
  return {
    type,
    text: capped.text,
    images: [],
    warnings: capped.cut ? [`Only the first ${formatCount(limits.maxChars)} characters are used.`] : [],
  };
}

function capParsed(parsed: TParsedFile, limits: TUploadLimits): TParsedFile {
  const capped = capText(parsed.text, limits.maxChars);
  if (!capped.cut) return parsed;
  return {
    ...parsed,
    text: capped.text,
    warnings: [...parsed.warnings, `Only the first ${formatCount(limits.maxChars)} characters are used.`],
  };
}
