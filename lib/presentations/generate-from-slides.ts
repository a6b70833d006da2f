import "server-only";
import type { TPresentationResult } from "@/lib/api/schemas/common";
import type { TGenerateFromSlidesRequest } from "@/lib/api/schemas/generate";
import type { Db } from "@/lib/db";
import { DECK_VERSION, type TDeck } from "@/lib/deck/schema";
import { slidesFromOutlineInputs } from "@/lib/generate/build-deck";
import { stripInline } from "@/lib/layouts/parse-inline";
import type { TProgress } from "./generate-presentation";
import { savePresentation } from "./save-presentation";

/** POST /api/v3/presentation/generate: one slide per reviewed outline item, layout as given or chosen. */
export async function generateFromSlides(
  db: Db,
  userId: string,
  input: TGenerateFromSlidesRequest,
  origin: string,
  progress: TProgress = async () => {},
  taskId?: string,
): Promise<TPresentationResult> {
  await progress(`Generating slides 1/${input.slides.length}`, 20);
  const slides = slidesFromOutlineInputs(input.slides, { markdownEmphasis: input.markdown_emphasis });
  const deck: TDeck = {
    version: DECK_VERSION,
    title: input.title ?? stripInline(slides[0]?.content.title ?? "Presentation"),
    language: input.language,
    template: input.standard_template,
    theme: input.theme,
    slides,
  };
  await progress("Exporting", 70);
  return savePresentation(db, userId, deck, { format: input.export_as, origin, taskId });
}
