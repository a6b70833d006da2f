/**
 * Turns a proposal's drafts into deck slides: new slides get fresh ids, every slide is checked
 * against the Deck schema and its layout's needs, and the edited slide must be there exactly once.
 */
import crypto from "node:crypto";
import { type TSlide, ZSlide } from "@/lib/deck/schema";
import type { TEditContext } from "./edit-context";
import type { TSlideDraft } from "./offline/types";
import { slideProblems } from "./slide-problems";

/** Most slides one edit may answer (ZAiEditResponse.slides). */
export const MAX_PROPOSAL_SLIDES = 10;

/**
 * The drafts as slides. New slides get 8 hex characters of a random UUID as id, unique among the
 * deck's slides (generated decks number theirs "s1", "s2", …, so the two never meet). Throws Error when a draft is invalid: a bug in the rules, or an LLM answer
 * that was not checked first.
 */
export function finishSlides(drafts: readonly TSlideDraft[], ctx: TEditContext): TSlide[] {
  if (drafts.length === 0 || drafts.length > MAX_PROPOSAL_SLIDES)
    throw new Error(`An edit proposal has ${drafts.length} slides; 1–${MAX_PROPOSAL_SLIDES} are allowed.`);
  const kept = drafts.filter((d) => d.id === ctx.slide.id).length;
  if (kept !== 1 || drafts.some((d) => d.id !== undefined && d.id !== ctx.slide.id))
    throw new Error(`An edit proposal must hold the edited slide ${ctx.slide.id} exactly once.`);
  const taken = new Set([ctx.slide.id, ...ctx.deck.slides.map((s) => s.id)]);
  return drafts.map((draft) => {
    const id = draft.id ?? newSlideId(taken);
    taken.add(id);
    const slide = ZSlide.parse({ ...draft, id });
    const problems = slideProblems(slide.layout, slide.content);
    if (problems.length) throw new Error(`Slide ${id} (${slide.layout}): ${problems[0].message}`);
    return slide;
  });
}

/** A fresh slide id not in `taken`. */
export function newSlideId(taken: ReadonlySet<string>): string {
  for (;;) {
    const id = crypto.randomUUID().slice(0, 8);
    if (!taken.has(id)) return id;
  }
}
