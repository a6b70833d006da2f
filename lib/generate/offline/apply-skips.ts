/**
 * The instructions that depend on the text: "skip the risks section" drops the sections whose
 * heading names it (or, with no such heading, the sentences that mention it), and a focus or skip
 * on something the text never mentions is reported rather than silently ignored.
 */
import type { TInstructionPlan } from "./interpret-instructions";
import type { TSection, TSource } from "./source-types";
import { terms } from "./tokenize";

export type TSkipResult = {
  source: TSource;
  /** Instruction clauses that could not be applied to this text, verbatim. */
  unhonoured: string[];
};

/** Applies the plan's skips to the source and lists focus and skip clauses that found nothing. */
export function applySkips(source: TSource, plan: TInstructionPlan): TSkipResult {
  const unhonoured: string[] = [];
  const mentions = (stems: string[]) => source.units.some((u) => stems.some((s) => u.terms.includes(s)));
  for (const focus of plan.focuses) if (!mentions(terms(focus.phrase))) unhonoured.push(focus.clause);

  let sections = source.sections;
  for (const skip of plan.skips) {
    const stems = terms(skip.phrase);
    const named = sections.filter((s) => s.heading && stems.every((t) => terms(s.heading ?? "").includes(t)));
    let next: TSection[];
    if (named.length) next = sections.filter((s) => !named.includes(s));
    else {
      next = sections
        .map((s) => ({ ...s, units: s.units.filter((u) => !stems.every((t) => u.terms.includes(t))) }))
        .filter((s) => s.units.length > 0);
    }
    const removed = count(sections) - count(next);
    // Leaving nothing to show is not what anyone asked for: keep the text and say so.
    if (removed === 0 || count(next) === 0) unhonoured.push(skip.clause);
    else sections = next;
  }
  if (sections === source.sections) return { source, unhonoured };
  const kept = new Set(sections.flatMap((s) => s.units));
  return { source: { ...source, sections, units: source.units.filter((u) => kept.has(u)) }, unhonoured };
}

function count(sections: readonly TSection[]): number {
  return sections.reduce((n, s) => n + s.units.length, 0);
}
