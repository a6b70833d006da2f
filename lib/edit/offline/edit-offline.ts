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
import { addIconsRule } from "./rules/add-icons";
import { addSlideRule } from "./rules/add-slide";
import { emphasizeRule } from "./rules/emphasize";
import { expandRule } from "./rules/expand";
import { removeImageRule } from "./rules/remove-image";
import { reshapeRule } from "./rules/reshape";
import { retitleRule } from "./rules/retitle";
import { shortenRule } from "./rules/shorten";
import { simplifyRule } from "./rules/simplify";
import { splitSlideRule } from "./rules/split-slide";
import { translateRule } from "./rules/translate";
import type { TEditOutcome, TEditRule, TEditStep, TSlideDraft } from "./types";

/**
 * In the order they are tried: requests that carry free text (a title, a topic) first, so their
 * text is not read as another request; then layouts; then rewrites of the text.
 */
export const OFFLINE_RULES: readonly TEditRule[] = [
  translateRule,
  retitleRule,
  addSlideRule,
  splitSlideRule,
  removeImageRule,
  reshapeRule,
  addIconsRule,
  emphasizeRule,
  shortenRule,
  simplifyRule,
  expandRule,
];

/** The offline editor's proposal. */
export type TOfflineEdit = { slides: TSlideDraft[]; summary: string; warnings: string[] };

/** Runs the prompt's steps on the slide; throws EditRefusal (422) when it cannot. */
export function editOffline(prompt: string, ctx: TEditContext): TOfflineEdit {
  const steps = planOffline(prompt);
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

/** What the offline editor understands, as the 422 for a prompt it does not. */
function notUnderstood(clause: string): EditRefusal {
  const asks = OFFLINE_RULES.filter((r) => r.id !== "translate").map((r) => r.help);
  return new EditRefusal(
    `The offline editor (no LLM provider is configured) does not understand "${clause.trim().slice(0, 200)}". It understands: ${asks.join("; ")}. Combine them with "and" ("make it shorter and bold the numbers"). Set LLM_PROVIDER to a language model for any other request.`,
  );
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
