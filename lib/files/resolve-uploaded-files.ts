import "server-only";
import type { Db } from "@/lib/db";
import { capText, formatCount } from "./cap-text";
import { documentTitle, fileSection } from "./file-section";
import { shareBudget } from "./share-budget";
import { unknownFileRefs } from "./unknown-file-refs";
import { getUploadLimits } from "./upload-limits";
import { type TStoredImage, ZStoredImage } from "./upload-schema";

/** A picture from an uploaded document; read its bytes with getStorage().get(key). */
export type TResolvedImage = TStoredImage & { file: string };

/** The uploaded files of one generation request, ready for the generator. */
export type TResolvedFiles = {
  /**
   * Each file's text as a markdown section under one H1: the document's own title when it has a
   * single top-level heading first, else its file name ("q3-results.csv" → "Q3 results"), with
   * the document's headings moved one level down. Sections follow the order of `refs`.
   */
  text: string;
  images: TResolvedImage[];
  /** What was cut or skipped, each naming its file. */
  warnings: string[];
  /** The first file's own title (its lone top-level heading), for the deck title; absent when it has none. */
  title?: string;
};

/**
 * Loads the account's uploaded files for `refs` (generate's `files`) in the order given; a
 * reference given twice is used once. Throws ApiError invalid_field with one `files.N` entry per
 * reference that is unknown or belongs to another account. The texts share `maxChars` (default
 * MAX_CONTENT_CHARS): a file shorter than its share leaves the rest to the others.
 */
export async function resolveUploadedFiles(
  db: Db,
  userId: string,
  refs: string[],
  options: { maxChars?: number } = {},
): Promise<TResolvedFiles> {
  if (refs.length === 0) return { text: "", images: [], warnings: [] };
  const unique = [...new Set(refs)];
  const rows = await db.uploadedFile.findMany({
    where: { userId, id: { in: unique } },
    select: { id: true, name: true, text: true, images: true, warnings: true },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const error = unknownFileRefs(refs, new Set(byId.keys()));
  if (error) throw error;

  const files = unique.map((ref) => byId.get(ref) as (typeof rows)[number]);
  const shares = shareBudget(
    files.map((f) => f.text.length),
    options.maxChars ?? getUploadLimits().maxChars,
  );
  const warnings: string[] = [];
  const images: TResolvedImage[] = [];
  const sections = files.map((file, i) => {
    for (const warning of parseJson<string[]>(file.warnings, [])) warnings.push(`'${file.name}': ${warning}`);
    const capped = capText(file.text, shares[i]);
    if (capped.cut) {
      warnings.push(
        `'${file.name}': only ${formatCount(capped.text.length)} of its ${formatCount(file.text.length)} characters are used, to keep all files within the content limit.`,
      );
    }
    for (const image of parseJson<unknown[]>(file.images, [])) {
      const parsed = ZStoredImage.safeParse(image);
      if (parsed.success) images.push({ ...parsed.data, file: file.name });
    }
    return fileSection(file.name, capped.text);
  });
  const title = documentTitle(files[0].text);
  return { text: sections.join("\n\n"), images, warnings, ...(title ? { title } : {}) };
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
