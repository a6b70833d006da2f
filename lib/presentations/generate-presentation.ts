import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { TPresentationResult } from "@/lib/api/schemas/common";
import type { TGeneratePresentationRequest } from "@/lib/api/schemas/generate";
import type { Db } from "@/lib/db";
import { buildDeck } from "@/lib/generate/build-deck";
import { getProvider } from "@/lib/generate/get-provider";
import { parseSlideMarkdown } from "@/lib/generate/parse-outline";
import type { TGenerateOptions } from "@/lib/generate/types";
import { savePresentation } from "./save-presentation";

export type TProgress = (message: string, progress: number) => Promise<void>;

/** Options the generator reads, from a v1 request. */
export function toGenerateOptions(input: TGeneratePresentationRequest): TGenerateOptions {
  return {
    content: input.content,
    instructions: input.instructions,
    tone: input.tone,
    verbosity: input.verbosity,
    language: input.language,
    n_slides: input.n_slides,
    include_title_slide: input.include_title_slide,
    include_table_of_contents: input.include_table_of_contents,
    markdown_emphasis: input.markdown_emphasis,
  };
}

/**
 * POST /api/v1/ppt/presentation/generate: content (or the caller's slides_markdown) → outline →
 * deck → exported file. Requested behaviour that cannot be carried out is reported in `warnings`.
 */
export async function generatePresentation(
  db: Db,
  userId: string,
  input: TGeneratePresentationRequest,
  origin: string,
  progress: TProgress = async () => {},
  taskId?: string,
): Promise<TPresentationResult> {
  if (input.files && input.files.length > 0) {
    // No upload has been stored yet, so any reference is unknown to this account.
    throw new ApiError("invalid_field", `Unknown file reference '${input.files[0]}'.`, {
      errors: input.files.map((file, i) => ({ path: `files.${i}`, message: `Unknown file reference '${file}'.` })),
    });
  }
  const options = toGenerateOptions(input);
  const provider = getProvider();
  const warnings: string[] = [];
  if (input.web_search) {
    warnings.push("web_search was requested but no search provider is configured; only the given content was used.");
  }
  await progress("Generating outline", 10);
  const generated = input.slides_markdown
    ? { slides: input.slides_markdown.map(parseSlideMarkdown), unhonoured: [] as string[] }
    : await provider.generateOutline(options);
  warnings.push(...generated.unhonoured.map((instruction) => `Instruction not applied: ${instruction}`));
  await progress(`Generating slides 1/${generated.slides.length}`, 40);
  const deck = buildDeck(generated.slides, {
    ...options,
    template: input.template,
    theme: input.theme,
  });
  await progress("Exporting", 75);
  return savePresentation(db, userId, deck, { format: input.export_as, origin, warnings, taskId });
}
