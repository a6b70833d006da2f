import "server-only";
import type { TGenerateOutlinesRequest } from "@/lib/api/schemas/generate";
import { getConfig } from "@/lib/config";
import type { Db } from "@/lib/db";
import { resolveUploadedFiles } from "@/lib/files/resolve-uploaded-files";
import { getProvider } from "@/lib/generate/get-provider";
import { outlineToMarkdown } from "@/lib/generate/outline-markdown";

/**
 * POST /api/v3/presentation/outlines/generate: n_slides markdown strings (fewer for a short text) (`## Title` +
 * bullets), from the request's text and the account's uploaded documents.
 */
export async function generateOutlines(
  db: Db,
  userId: string,
  input: TGenerateOutlinesRequest,
): Promise<string[]> {
  const { files: refs, ...options } = input;
  // Files share the content limit with the request's own text, as in one-step generation.
  const files = await resolveUploadedFiles(db, userId, refs ?? [], {
    maxChars: Math.max(1000, getConfig().MAX_CONTENT_CHARS - options.content.length),
  });
  const outline = await getProvider().generateOutline({
    ...options,
    content: [options.content.trim(), files.text].filter(Boolean).join("\n\n"),
    include_title_slide: false,
    include_table_of_contents: false,
    markdown_emphasis: true,
  });
  return outlineToMarkdown(outline);
}
