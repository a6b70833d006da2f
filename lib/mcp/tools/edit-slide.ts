import "server-only";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ApiError } from "@/lib/api/errors";
import { ZAiEditRequest } from "@/lib/api/schemas/ai-edit";
import { ZDeck } from "@/lib/deck/schema";
import { aiEditSlide } from "@/lib/edit/ai-edit-slide";
import { replaceWithSlides } from "@/lib/editor/deck-ops";
import { getPresentationOrThrow } from "@/lib/presentations/get-presentation-or-throw";
import { saveDeck } from "@/lib/presentations/save-deck";
import type { TMcpContext } from "../mcp-context";
import { runTool } from "../tool-result";
import { type TEditSlideOutput, ZEditSlideInput, ZEditSlideOutput } from "../tool-schemas";

const DESCRIPTION = [
  'Rewrite one slide from a prompt — "make it shorter", "turn into a table", "add a slide about risks" — as the web editor\'s AI box does (POST /api/v1/ppt/presentation/{id}/ai-edit), in the context of the whole deck. Answers the proposed slides (the edited one keeps its id; added ones follow it), a one-sentence summary and the credits charged.',
  "By default the proposal is saved as the deck's next version, as if accepted in the editor, so export_presentation shows it; with `apply: false` nothing is saved.",
  "Without an LLM provider on the server a fixed set of requests is understood (shorter, simpler, more detail from the notes, turn into a table / chart / timeline / two columns / comparison / quote / icons grid / metrics / bullets, change the layout, a new title, emphasise the numbers, split into two slides, add a slide about a topic, add an agenda / summary / thank-you slide made from the deck, make it visual, remove the image, add icons); a free-form prompt is mapped to the nearest of them and the summary says how it was read; a prompt with no word to map is an invalid_field error with examples, and charges nothing.",
].join("\n\n");

/** edit_slide: the REST AI prompt edit on a slide named by number or id, then saved like an accepted proposal. */
export function registerEditSlide(server: McpServer, ctx: TMcpContext): void {
  server.registerTool(
    "edit_slide",
    {
      title: "Rewrite a slide with AI",
      description: DESCRIPTION,
      inputSchema: ZEditSlideInput,
      outputSchema: ZEditSlideOutput,
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false },
    },
    (input, extra) =>
      runTool(ctx.requestId, extra, async () => {
        const presentation = await getPresentationOrThrow(ctx.db, ctx.userId, input.presentation_id);
        const deck = ZDeck.parse(JSON.parse(presentation.deck));
        const slide =
          typeof input.slide === "number"
            ? deck.slides[input.slide - 1]
            : deck.slides.find((candidate) => candidate.id === input.slide);
        if (!slide) {
          const message =
            typeof input.slide === "number"
              ? `The deck has ${deck.slides.length} slides; there is no slide ${input.slide}.`
              : `The deck has no slide with id '${input.slide}'.`;
          throw new ApiError("invalid_field", `slide: ${message}`, { errors: [{ path: "slide", message }] });
        }
        // The REST request exactly: its checks (the prompt, the slide against its layout) and its charge.
        const request = ZAiEditRequest.parse({ prompt: input.prompt, slide });
        const proposal = await aiEditSlide(ctx.db, ctx.userId, presentation.id, request);
        const answer = (applied: boolean, version: number, slideCount: number): TEditSlideOutput => ({
          ...proposal,
          presentation_id: presentation.id,
          applied,
          version,
          slide_count: slideCount,
        });
        if (!input.apply) return answer(false, presentation.version, deck.slides.length);
        // What the editor's Accept does, saved over the version the proposal was made from (409 if
        // someone saved in between: the proposal is then answered by nobody, its charge stands).
        const edited = replaceWithSlides(deck, slide.id, proposal.slides);
        const saved = await saveDeck(ctx.db, ctx.userId, presentation.id, {
          version: presentation.version,
          deck: edited,
          checkpoint: "ai_edit",
        });
        return answer(true, saved.version, edited.slides.length);
      }),
  );
}
