import "server-only";
import type { TPresentationResult } from "@/lib/api/schemas/common";
import type { TCreateFromJsonRequest } from "@/lib/api/schemas/generate";
import type { Db } from "@/lib/db";
import { DECK_VERSION, type TDeck } from "@/lib/deck/schema";
import { stripInline } from "@/lib/layouts/parse-inline";
import type { TGenerationContext } from "./generation-context";
import { mapSlideText } from "./map-slide-text";
import { savePresentation } from "./save-presentation";

/** POST /api/v1/ppt/presentation/create/from-json: the caller's structured slides, drawn as given. */
export async function createFromJson(
  db: Db,
  userId: string,
  input: TCreateFromJsonRequest,
  ctx: TGenerationContext,
): Promise<TPresentationResult> {
  const slides = input.slides.map((slide, i) => {
    const built = { id: `s${i + 1}`, layout: slide.layout, content: slide.content, notes: slide.notes };
    return input.markdown_emphasis ? built : mapSlideText(built, stripInline);
  });
  const firstTitle = slides.find((slide) => slide.content.title)?.content.title;
  const deck: TDeck = {
    version: DECK_VERSION,
    title: input.title ?? (firstTitle ? stripInline(firstTitle) : "Presentation"),
    author: input.author,
    language: input.language,
    template: input.template,
    theme: input.theme,
    slides,
  };
  await ctx.progress?.("Exporting", 50);
  return savePresentation(db, userId, deck, {
    format: input.export_as,
    origin: ctx.origin,
    charge: ctx.charge,
  });
}
