/**
 * The offline editor: deterministic rules for the common requests of an editor's AI box. The
 * prompt is read into steps (one rule each; "make it shorter and bold the numbers" is two), every
 * step rewrites the edited slide in turn, and new slides (a split, an added slide) stand where the
 * step put them. A prompt no rule understands, or an edit that cannot be made, is an EditRefusal.
 * Server-only (the icon set).
 */
import "server-only";
import type { TSlide } from "@/lib/deck/schema";
import type { TEditContext } from "../edit-context";
import { EditRefusal } from "../edit-refusal";
import { nearestEdit } from "./nearest-edit";
import { addIconsRule } from "./rules/add-icons";
import { addSlideRule } from "./rules/add-slide";
import { emphasizeRule } from "./rules/emphasize";
import { expandRule } from "./rules/expand";
import { frameSlideRule } from "./rules/frame-slide";
import { removeImageRule } from "./rules/remove-image";
import { reshapeRule } from "./rules/reshape";
import { retitleRule } from "./rules/retitle";
import { shortenRule } from "./rules/shorten";
import { simplifyRule } from "./rules/simplify";
import { splitSlideRule } from "./rules/split-slide";
import { translateRule } from "./rules/translate";
import { visualizeRule } from "./rules/visualize";
import type { TEditOutcome, TEditRule, TEditStep, TSlideDraft } from "./types";

/**
 * In the order they are tried: requests that carry free text (a title, a topic) first, so their
 * text is not read as another request; then layouts; then rewrites of the text.
 */
export const OFFLINE_RULES: readonly TEditRule[] = [
  translateRule,
  retitleRule,
  frameSlideRule,
  addSlideRule,
  splitSlideRule,
  removeImageRule,
  reshapeRule,
  visualizeRule,
  addIconsRule,
  emphasizeRule,
  shortenRule,
  simplifyRule,
  expandRule,
];

/** The offline editor's proposal. */
export type TOfflineEdit = { slides: TSlideDraft[]; summary: string; warnings: string[] };

/**
 * Runs the prompt's steps on the slide; throws EditRefusal (422) when it cannot. A request no rule
 * reads word for word is mapped to the nearest edits (nearestEdit), tried in turn, and the summary
 * says how it was read.
 */
export function editOffline(prompt: string, ctx: TEditContext): TOfflineEdit {
  let steps: TEditStep[];
  try {
    steps = planOffline(prompt);
  } catch (error) {
    const nearest = error instanceof NotUnderstood ? nearestEdit(normalizePrompt(prompt), ctx.slide) : null;
    if (!nearest) throw error;
    return runNearest(prompt, nearest.prompts, nearest.why, ctx);
  }
  return runSteps(steps, ctx);
}

function runNearest(
  prompt: string,
  candidates: readonly string[],
  why: string,
  ctx: TEditContext,
): TOfflineEdit {
  const asked = normalizePrompt(prompt).slice(0, 120);
  const refusals: string[] = [];
  for (const candidate of candidates) {
    try {
      const done = runSteps(planOffline(candidate), ctx);
      return {
        ...done,
        summary: `Read “${asked}” as “${candidate}” (${why}): ${lowerFirst(done.summary)}`,
        warnings: [
          ...done.warnings,
          "Without an LLM provider (LLM_PROVIDER) the editor maps a free-form request to the nearest edit it can make; name an edit to choose it yourself.",
        ],
      };
    } catch (error) {
      if (!(error instanceof EditRefusal)) throw error;
      refusals.push(`“${candidate}”: ${error.message}`);
    }
  }
  throw new EditRefusal(
    `Read “${asked}” as ${candidates.map((c) => `“${c}”`).join(" or ")} (${why}), and that cannot be done here — ${refusals.join(" ")} Name another edit, or set LLM_PROVIDER to a language model for free-form requests.`.slice(
      0,
      2000,
    ),
  );
}

function runSteps(steps: readonly TEditStep[], ctx: TEditContext): TOfflineEdit {
  let slides: TSlideDraft[] = [{ ...ctx.slide }];
  const summaries: string[] = [];
  const warnings: string[] = [];
  const refusals: EditRefusal[] = [];
  for (const step of steps) {
    const at = slides.findIndex((s) => s.id === ctx.slide.id);
    const current = slides[at] as TSlide;
    let outcome: TEditOutcome;
    try {
      outcome = step(current, { ...ctx, slide: current });
    } catch (error) {
      // One part of a combined request that cannot be done does not sink the others.
      if (!(error instanceof EditRefusal) || steps.length === 1) throw error;
      refusals.push(error);
      continue;
    }
    slides = [...slides.slice(0, at), ...outcome.slides, ...slides.slice(at + 1)];
    summaries.push(outcome.summary);
    warnings.push(...outcome.warnings);
  }
  if (summaries.length === 0) throw refusals[0];
  warnings.push(...refusals.map((r) => `Not done: ${r.message}`));
  const summary = summaries.join("; ");
  return { slides, summary: `${summary[0].toUpperCase()}${summary.slice(1)}.`, warnings };
}

/** The steps a prompt asks for; throws EditRefusal listing what is understood when a part is not. */
export function planOffline(prompt: string): TEditStep[] {
  const text = normalizePrompt(prompt);
  if (!text) throw notUnderstood(prompt);
  // Finest split first: "shorter and simpler" is two requests, but "compare pros and cons" and
  // "title: Costs and risks" are one — a split is used only when every part is understood.
  let unread: string | undefined;
  for (const clauses of [splitClauses(text, true), splitClauses(text, false), [text]]) {
    const steps = clauses.map(readStep);
    if (steps.every((s): s is TEditStep => s !== null)) return steps;
    // Name the first clause of the finest split nothing understood: "… does not understand 'foo'".
    unread ??= clauses[steps.indexOf(null)];
  }
  throw notUnderstood(unread ?? text);
}

function readStep(clause: string): TEditStep | null {
  for (const rule of OFFLINE_RULES) {
    const step = rule.parse(clause);
    if (step) return step;
  }
  return null;
}

/** A prompt no rule reads: the 422 names it and gives examples of what the rules read. */
class NotUnderstood extends EditRefusal {}

function notUnderstood(clause: string): EditRefusal {
  return new NotUnderstood(
    `The offline editor (no LLM provider is configured) does not understand "${clause.trim().slice(0, 200)}". Try "make it shorter", "simpler", "make it visual", "turn into a table" (or a chart, a timeline, two columns…), "split into two slides", "add a slide about <topic>", "add a summary slide", "remove the image" or "title: <new title>". Set LLM_PROVIDER to a language model for any other request.`,
  );
}

function lowerFirst(text: string): string {
  return /^\p{Lu}\p{Ll}/u.test(text) ? `${text[0].toLowerCase()}${text.slice(1)}` : text;
}

const POLITE =
  /^(?:(?:please|pls|kindly|ok(?:ay)?|hey|hi)[,!]?\s+|(?:can|could|would|will)\s+you\s+(?:please\s+)?|i\s+(?:want|would\s+like|'d\s+like|need)\s+(?:you\s+)?to\s+|let'?s\s+|try\s+to\s+)+/i;
const TRAILING = /(?:[,\s]+(?:please|pls|thanks|thank\s+you|for\s+me))+[.!?]*$|[.!?…]+$/i;

/** The prompt without courtesy words, trailing punctuation or extra spaces. */
export function normalizePrompt(prompt: string): string {
  let text = prompt.replace(/\s+/g, " ").trim();
  for (let i = 0; i < 3; i++) text = text.replace(POLITE, "").replace(TRAILING, "").trim();
  return text;
}

/** The prompt's clauses, split at ";", ". ", ", then", "then" — and at "and" when `atAnd`. */
function splitClauses(text: string, atAnd: boolean): string[] {
  const strong = /\s*(?:;|\.\s+|,?\s+and\s+then\s+|,?\s+then\s+|,\s+also\s+|,\s+and\s+|,\s+)\s*/i;
  const parts = text.split(strong).flatMap((p) => (atAnd ? p.split(/\s+(?:and|&|plus|also)\s+/i) : [p]));
  return parts.map((p) => normalizePrompt(p)).filter(Boolean);
}
