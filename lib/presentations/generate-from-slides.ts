import "server-only";
import type { TPresentationResult } from "@/lib/api/schemas/common";
import type { TGenerateFromSlidesRequest } from "@/lib/api/schemas/generate";
import type { Db } from "@/lib/db";
import { DECK_VERSION, type TDeck, type TLayoutId, type TSlide } from "@/lib/deck/schema";
import { slideFromOutlineInput } from "@/lib/generate/slides-from-inputs";
import { stripInline } from "@/lib/layouts/parse-inline";
import type { TGenerationContext } from "./generation-context";
import { savePresentation } from "./save-presentation";

/** POST /api/v3/presentation/generate: one slide per reviewed outline item, layout as given or chosen. */
export async function generateFromSlides(
  db: Db,
  userId: string,
  input: TGenerateFromSlidesRequest,
  ctx: TGenerationContext,
): Promise<TPresentationResult> {
  const progress = ctx.progress ?? (async () => {});
  const total = input.slides.length;
  const slides: TSlide[] = [];
  const previous: TLayoutId[] = [];
  // One slide at a time, so an async task's status can show "Generating slides 3/10".
  for (let i = 0; i < total; i++) {
    await progress(`Generating slides ${i + 1}/${total}`, 10 + Math.round((50 * i) / total));
    slides.push(
      slideFromOutlineInput(input.slides, i, previous, { markdownEmphasis: input.markdown_emphasis }),
    );
  }
  const deck: TDeck = {
    version: DECK_VERSION,
    title: input.title ?? stripInline(slides[0]?.content.title ?? "Presentation"),
    language: input.language,
    template: input.standard_template,
    theme: input.theme,
    slides,
  };
  await progress("Exporting", 70);
  return savePresentation(db, userId, deck, {
    format: input.export_as,
    origin: ctx.origin,
    charge: ctx.charge,
  });
}
