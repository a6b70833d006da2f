/** The offline editor's parts: a rule reads a prompt into a step; a step rewrites a slide. Pure. */
import type { TLayoutId, TSlide, TSlideContent } from "@/lib/deck/schema";
import type { TEditContext } from "../edit-context";

/** A slide of a proposal: the edited slide keeps its `id`; a new slide has none until ids are given out. */
export type TSlideDraft = { id?: string; layout: TLayoutId; content: TSlideContent; notes?: string };

/** What a step made of the slide. */
export type TEditOutcome = {
  /** The edited slide (carrying its id) and any new slides, in deck order. */
  slides: TSlideDraft[];
  /** What was done, as one clause ("shortened 5 bullets to 3"). */
  summary: string;
  warnings: string[];
};

/** An understood request, run on the edited slide. Throws EditRefusal when it cannot be done. */
export type TEditStep = (slide: TSlide, ctx: TEditContext) => TEditOutcome;

/** One family of requests the offline editor understands. */
export type TEditRule = {
  id: string;
  /** How to ask for it, for the list a not-understood prompt is answered with. */
  help: string;
  /** The step the prompt asks for, or null when this rule does not understand it. */
  parse(prompt: string): TEditStep | null;
};

/** The outcome of a step that rewrote the slide alone. */
export function single(
  slide: TSlide,
  changed: Omit<TSlideDraft, "id">,
  summary: string,
  warnings: string[] = [],
) {
  return { slides: [{ id: slide.id, ...changed }], summary, warnings } satisfies TEditOutcome;
}
