/**
 * The request's writing options (language, tone, verbosity, emphasis, instructions) as prompt
 * lines, shared by the outline and the slide prompts so both ask for the same voice.
 */
import type { TGenerateOptions, TTone, TVerbosity } from "../types";

const TONE: Record<TTone, string> = {
  default: "clear and neutral, like a well-edited report",
  casual: "friendly and conversational: plain words, short sentences, contractions are fine",
  professional: "formal and precise business language: no jokes, no exclamation marks",
  funny: "light and witty, with a playful remark where it fits; the facts stay accurate",
  educational: "like a good teacher: define terms, give a concrete example, build step by step",
  sales_pitch:
    "persuasive and benefit-led: say what each point gains the audience, end with a call to action",
};

/** Words per bullet and bullets per slide for each verbosity. */
export const VERBOSITY_BUDGET: Record<TVerbosity, { words: number; bullets: string; style: string }> = {
  concise: { words: 8, bullets: "3–4", style: "short fragments, no full stops" },
  standard: { words: 15, bullets: "3–5", style: "short phrases or brief sentences" },
  "text-heavy": { words: 30, bullets: "4–6", style: "complete, informative sentences" },
};

/** The verbosity as a sentence. */
export function verbosityLine(verbosity: TVerbosity): string {
  const b = VERBOSITY_BUDGET[verbosity];
  return `Verbosity "${verbosity}": ${b.bullets} bullets per slide, each at most ${b.words} words (${b.style}).`;
}

/** Language, tone, verbosity, emphasis and the caller's instructions, one rule per line. */
export function writingRules(opts: TGenerateOptions & { author?: string }): string[] {
  const rules = [
    `Language: write every title, bullet, note and label in ${opts.language}, even when the source is in another language.`,
    `Tone "${opts.tone}": ${TONE[opts.tone]}.`,
    verbosityLine(opts.verbosity),
    opts.markdown_emphasis
      ? "You may mark a key term or figure with **bold**; no other markdown (no headings, no lists inside strings)."
      : "Plain text only: no markdown, no asterisks.",
  ];
  // Only present when the request allows the account's details to be used (allow_access_to_user_info).
  const author = opts.author?.trim();
  if (author) rules.push(`The presenter, named on the cover as its author, is ${author}.`);
  const instructions = opts.instructions?.trim();
  if (instructions)
    rules.push(
      `The requester's instructions (follow them unless they contradict the JSON format): <instructions>${instructions}</instructions>`,
    );
  return rules;
}
