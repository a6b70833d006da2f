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
      if (Date.now() > deadline) {
        warnings.push(`Reading stopped after ${n - 1} of ${total} pages (time limit).`);
        break;
      }
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      // The budget is checked run by run: one page can hold more text than the whole limit.
      const read = toLines(
        content.items.filter((item): item is TTextItem & typeof item => "str" in item),
        limits.maxChars - chars,
      );
      page.cleanup();
      pages.push(read.lines);
      for (const line of read.lines) chars += line.text.length + 1;
      if (read.full) {
        warnings.push(
          n < total
            ? `Only the first ${formatCount(limits.maxChars)} characters are used; pages ${n + 1}–${total} were not read.`
            : `Only the first ${formatCount(limits.maxChars)} characters are used.`,
        );
        break;
      }
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

type TRun = { item: TTextItem; size: number };

/**
 * Groups positioned text runs into lines (a run ends its line, or the baseline moves) until the
 * lines hold `budget` characters; `full` when runs were left unread. Linear in the runs: a page
 * of 200,000 runs on one baseline is one pass, not a re-read of the growing line per run.
 */
function toLines(items: TTextItem[], budget: number): { lines: TPdfLine[]; full: boolean } {
  const lines: TPdfLine[] = [];
  let parts: TRun[] = [];
  let chars = 0;
  const flush = () => {
    const text = joinRuns(parts).replace(/\s+/g, " ").trim();
    if (text) {
      let right = -Infinity;
      for (const { item } of parts) right = Math.max(right, item.transform[4] + item.width);
      lines.push({
        text,
        size: dominantSize(parts),
        x: parts[0].item.transform[4],
        y: parts[0].item.transform[5],
        right,
      });
      chars += text.length + 1;
    }
    parts = [];
  };
  let pending = 0;
  for (const item of items) {
    if (chars + pending >= budget) {
      flush();
      return { lines, full: true };
    }
    const size = Math.hypot(item.transform[2], item.transform[3]) || Math.abs(item.transform[0]);
    const first = parts[0];
    if (first && Math.abs(item.transform[5] - first.item.transform[5]) > Math.max(first.size, size) * 0.5) {
      flush();
      pending = 0;
    }
    parts.push({ item, size });
    pending += item.str.length;
    if (item.hasEOL) {
      flush();
      pending = 0;
    }
  }
  flush();
  return { lines, full: chars > budget };
}

/** The size of the type carrying most of a line's characters (not a bullet glyph set larger). */
function dominantSize(parts: TRun[]): number {
  const chars = new Map<number, number>();
  for (const { item, size } of parts) chars.set(size, (chars.get(size) ?? 0) + item.str.trim().length);
  return heaviestKey(chars, parts[0].size);
}

/**
 * Runs of one line, with a space where the gap between two runs is a word space. The pieces are
 * joined once at the end (testing a growing string's last character made this quadratic).
 */
function joinRuns(parts: TRun[]): string {
  const pieces: string[] = [];
  let endsInSpace = true;
  let end = Number.NaN;
  for (const { item, size } of parts) {
    const gap = item.transform[4] - end;
    if (!endsInSpace && !/^\s/.test(item.str) && gap > size * 0.15) pieces.push(" ");
    if (item.str) {
      pieces.push(item.str);
      endsInSpace = /\s$/.test(item.str);
    }
    end = item.transform[4] + item.width;
  }
  return pieces.join("");
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, " ").slice(0, 160) || "unknown error";
}
