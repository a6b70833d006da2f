/**
 * POST /api/v1/ppt/presentation/{id}/ai-edit: a proposal for one slide from a prompt, in the
 * context of the caller's presentation. Nothing is saved — the editor shows the proposal and
 * saves it (PUT) on accept. The proposal is charged CREDITS_PER_AI_EDIT; rejecting it
 * (lib/edit/reject-ai-edit.ts) refunds the charge, so only an accepted proposal costs credits.
 *
 * Offline (LLM_PROVIDER unset or "offline") the rules run first: a prompt they do not understand,
 * or an edit they cannot make, is a 422 that charges nothing and leaves no ledger entry. With an
 * LLM the credits are reserved before the model is called and refunded when it fails (503).
 */
import "server-only";
import type { TAiEditRequest, TAiEditResponse } from "@/lib/api/schemas/ai-edit";
import type { Db } from "@/lib/db";
import { hiddenContent, visibleContent } from "@/lib/deck/hidden-content";
import { type TSlide, ZDeck } from "@/lib/deck/schema";
import { layoutReads } from "@/lib/editor/default-content";
import { getPresentationOrThrow } from "@/lib/presentations/get-presentation-or-throw";
import { chargeAiEdit, type TEditCharge } from "./charge-ai-edit";
import { buildEditContext } from "./edit-context";
import { EditRefusal, refusalProblem } from "./edit-refusal";
import { finishSlides } from "./finish-slides";
import { editWithLlm } from "./llm/edit-with-llm";
import { getEditRuntime } from "./llm/get-edit-runtime";
import { editOffline } from "./offline/edit-offline";

/** The proposal for `input` on the user's presentation `presentationId` (404 for anyone else's). */
export async function aiEditSlide(
  db: Db,
  userId: string,
  presentationId: string,
  input: TAiEditRequest,
): Promise<TAiEditResponse> {
  const presentation = await getPresentationOrThrow(db, userId, presentationId);
  // The edit works on what the slide shows; content it keeps undrawn (from a layout switch) is
  // carried over to the proposal untouched.
  const drawn = { ...input.slide, content: visibleContent(input.slide.layout, input.slide.content) };
  const ctx = buildEditContext(ZDeck.parse(JSON.parse(presentation.deck)), drawn);
  const finish = (drafts: Parameters<typeof finishSlides>[0]) =>
    withKeptContent(finishSlides(drafts, ctx), input.slide);
  // Misconfigured LLM settings are a 503 before anything is charged.
  const runtime = getEditRuntime();

  if (!runtime) {
    let edit: ReturnType<typeof editOffline>;
    try {
      edit = editOffline(input.prompt, ctx);
    } catch (error) {
      throw error instanceof EditRefusal ? refusalProblem(error) : error;
    }
    const slides = finish(edit.slides);
    const { charge } = await chargeAiEdit(db, userId, presentation.id, async () => slides);
    return respond(slides, edit.summary, "offline", edit.warnings, charge);
  }

  const { result, charge } = await chargeAiEdit(db, userId, presentation.id, async () => {
    const edit = await editWithLlm(runtime, input.prompt, ctx);
    return { ...edit, slides: finish(edit.slides) };
  });
  return respond(result.slides, result.summary, runtime.config.provider, result.warnings, charge);
}

/**
 * The proposal with the undrawn content of the edited slide `from` carried over to its new
 * version: fields its new layout does not draw either and the proposal does not set.
 */
function withKeptContent(slides: TSlide[], from: TSlide): TSlide[] {
  return slides.map((slide) => {
    if (slide.id !== from.id) return slide;
    const kept = Object.fromEntries(
      hiddenContent(from.layout, from.content)
        .filter(({ field }) => !layoutReads(slide.layout, field) && slide.content[field] === undefined)
        .map(({ field }) => [field, from.content[field]]),
    );
    return { ...slide, content: { ...kept, ...slide.content } };
  });
}

function respond(
  slides: TAiEditResponse["slides"],
  summary: string,
  provider: string,
  warnings: string[],
  charge: TEditCharge,
): TAiEditResponse {
  return {
    proposal_id: charge.entryId,
    slides,
    summary,
    provider,
    credits_consumed: charge.credits,
    balance_before: charge.balanceBefore,
    balance_after: charge.balanceAfter,
    ...(warnings.length ? { warnings } : {}),
  };
}
