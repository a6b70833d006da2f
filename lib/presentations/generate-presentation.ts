import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { TPresentationResult } from "@/lib/api/schemas/common";
import type { TGeneratePresentationRequest } from "@/lib/api/schemas/generate";
import type { Db } from "@/lib/db";
import { generateDeck } from "@/lib/generate/generate-deck";
import { getProvider } from "@/lib/generate/get-provider";
import { parseSlideMarkdown } from "@/lib/generate/parse-outline";
import { savePresentation } from "./save-presentation";

export type TProgress = (message: string, progress: number) => Promise<void>;

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
    // No upload endpoint exists yet, so no reference can belong to this account.
    throw new ApiError("invalid_field", `Unknown file reference '${input.files[0]}'.`, {
      errors: input.files.map((file, i) => ({
        path: `files.${i}`,
        message: `Unknown file reference '${file}'.`,
      })),
    });
  }
  const provider = getProvider();
  await progress(input.slides_markdown ? "Reading the outline" : "Generating outline", 10);
  const outline = input.slides_markdown?.map((md) =>
    parseSlideMarkdown(md, { stripEmphasis: !input.markdown_emphasis }),
  );
  const { deck, warnings } = await generateDeck(
    provider,
    {
      content: input.content,
      instructions: input.instructions,
      tone: input.tone,
      verbosity: input.verbosity,
      language: input.language,
      n_slides: outline?.length ?? input.n_slides,
      include_title_slide: input.include_title_slide,
      include_table_of_contents: input.include_table_of_contents,
      markdown_emphasis: input.markdown_emphasis,
      template: input.template,
      theme: input.theme,
    },
    outline,
  );
  const messages = warnings.map((warning) => warning.message);
  if (deck.slides.some((slide) => slide.layout === "image-left" || slide.layout === "image-right")) {
    messages.push(
      `image_type '${input.image_type}' was requested but no image provider is configured; pictures are offline illustrations drawn from each slide's topic.`,
    );
  }
  if (input.web_search) {
    messages.push(
      "web_search was requested but no search provider is configured; only the given content was used.",
    );
  }
  await progress("Exporting", 70);
  return savePresentation(db, userId, deck, { format: input.export_as, origin, warnings: messages, taskId });
}
