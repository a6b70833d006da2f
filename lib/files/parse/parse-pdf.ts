import { getDocumentProxy } from "unpdf";
import { capText, formatCount } from "../cap-text";
import { FileReadError } from "../file-read-error";
import type { TParsedFile } from "../file-types";
import type { TUploadLimits } from "../upload-limits";
import { heaviestKey } from "./heaviest-key";
import { pdfLinesToMarkdown, type TPdfLine } from "./pdf-lines-to-markdown";

type TPdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;
type TTextItem = { str: string; transform: number[]; width: number; hasEOL: boolean };

/**
 * Reads a PDF's text page by page (unpdf's PDF.js build), refusing more than MAX_PDF_PAGES pages
 * and stopping once the character limit is reached, then rebuilds headings and paragraphs.
 */
export async function parsePdf(bytes: Buffer, limits: TUploadLimits): Promise<TParsedFile> {
  const pdf = await openPdf(bytes);
  const warnings: string[] = [];
  const pages: TPdfLine[][] = [];
  try {
    const total = pdf.numPages;
    if (total > limits.maxPdfPages) {
      throw new FileReadError(
        `has ${formatCount(total)} pages; a PDF may have at most ${formatCount(limits.maxPdfPages)}.`,
      );
    }
    const deadline = Date.now() + limits.pdfDeadlineMs;
    let chars = 0;
    for (let n = 1; n <= total; n++) {
      if (chars > limits.maxChars) {
        warnings.push(
          `Only the first ${formatCount(limits.maxChars)} characters are used; pages ${n}–${total} were not read.`,
        );
        break;
      }
      if (Date.now() > deadline) {
        warnings.push(`Reading stopped after ${n - 1} of ${total} pages (time limit).`);
        break;
      }
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      const lines = toLines(content.items.filter((item): item is TTextItem & typeof item => "str" in item));
      page.cleanup();
      pages.push(lines);
      for (const line of lines) chars += line.text.length + 1;
    }
  } catch (error) {
    if (error instanceof FileReadError) throw error;
    throw new FileReadError(`could not be read as a PDF (${describe(error)}).`);
  } finally {
    await pdf.loadingTask.destroy().catch(() => {});
  }
  const capped = capText(pdfLinesToMarkdown(pages), limits.maxChars);
  if (capped.cut && warnings.length === 0)
    warnings.push(`Only the first ${formatCount(limits.maxChars)} characters are used.`);
  return { type: "pdf", text: capped.text, pages: pdf.numPages, images: [], warnings };
}

async function openPdf(bytes: Buffer): Promise<TPdfDocument> {
  try {
    // A copy: PDF.js may take ownership of the buffer it is given, and the caller still stores it.
    return await getDocumentProxy(new Uint8Array(bytes), {
      verbosity: 0,
      stopAtErrors: false,
      disableFontFace: true,
    });
  } catch (error) {
    const name = (error as Error)?.name;
    if (name === "PasswordException") {
      throw new FileReadError("is password-protected; remove the password and upload it again.");
    }
    throw new FileReadError(`is not a readable PDF (${describe(error)}).`);
  }
}

/** Groups positioned text runs into lines: a run ends its line, or the baseline moves. */
function toLines(items: TTextItem[]): TPdfLine[] {
  const lines: TPdfLine[] = [];
  let parts: { item: TTextItem; size: number }[] = [];
  const flush = () => {
    const text = joinRuns(parts).replace(/\s+/g, " ").trim();
    if (text) {
      lines.push({
        text,
        size: dominantSize(parts),
        x: parts[0].item.transform[4],
        y: parts[0].item.transform[5],
        right: Math.max(...parts.map((p) => p.item.transform[4] + p.item.width)),
      });
    }
    parts = [];
  };
  for (const item of items) {
    const size = Math.hypot(item.transform[2], item.transform[3]) || Math.abs(item.transform[0]);
    const first = parts[0];
    if (first && Math.abs(item.transform[5] - first.item.transform[5]) > Math.max(first.size, size) * 0.5)
      flush();
    parts.push({ item, size });
    if (item.hasEOL) flush();
  }
  flush();
  return lines;
}

/** The size of the type carrying most of a line's characters (not a bullet glyph set larger). */
function dominantSize(parts: { item: TTextItem; size: number }[]): number {
  const chars = new Map<number, number>();
  for (const { item, size } of parts) chars.set(size, (chars.get(size) ?? 0) + item.str.trim().length);
  return heaviestKey(chars, parts[0].size);
}

/** Runs of one line, with a space where the gap between two runs is a word space. */
function joinRuns(parts: { item: TTextItem; size: number }[]): string {
  let text = "";
  let end = Number.NaN;
  for (const { item, size } of parts) {
    const gap = item.transform[4] - end;
    if (text && !/\s$/.test(text) && !/^\s/.test(item.str) && gap > size * 0.15) text += " ";
    text += item.str;
    end = item.transform[4] + item.width;
  }
  return text;
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, " ").slice(0, 160) || "unknown error";
}
