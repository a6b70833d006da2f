import "server-only";
import type { TGenerateOutlinesRequest } from "@/lib/api/schemas/generate";
import { getProvider } from "@/lib/generate/get-provider";
import { outlineToMarkdown } from "@/lib/generate/outline-markdown";

/** POST /api/v3/presentation/outlines/generate: exactly n_slides markdown strings (`## Title` + bullets). */
export async function generateOutlines(input: TGenerateOutlinesRequest): Promise<string[]> {
  const outline = await getProvider().generateOutline({
    ...input,
    include_title_slide: false,
    include_table_of_contents: false,
    markdown_emphasis: true,
  });
  return outlineToMarkdown(outline);
}
