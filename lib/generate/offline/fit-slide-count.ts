/**
 * Makes the plan n slides long (shorter when a short text has nothing more to show). Too many sections: merge the adjacent pair that is
 * cheapest to merge (small, low-scoring, similar, siblings). Too few: split the largest section at
 * its weakest internal seam; if the text is still too short, split compound sentences, then add
 * slides that look at the material from another angle (figures, key terms, key phrases).
 */

import { hasDatedList } from "./plan-structure";
import type { TAngle, TPlan } from "./plan-types";
import { isShortList } from "./select-bullets";
import { cosine, termCounts } from "./similarity";
import type { TSection, TUnit } from "./source-types";
import { splitClauses } from "./split-clauses";
import { countWords } from "./tokenize";

/**
 * A slide cut from a section carries at least this many words of it. A section of two or three
 * sentences is not cut at all (one sentence alone is padding): a short text gets slides from other
 * angles, or fewer slides, instead.
 */
const MIN_PART_WORDS = 12;
/** …and when it carries one sentence, that sentence has at least this many words. */
const MIN_ALONE_WORDS = 20;
/** Slides a short text is split into whatever its parts' length, when that many are asked. */
const SMALL_DECK = 3;
/** A timeline split in two keeps at least this many events on each slide. */
const MIN_EVENTS_PER_PART = 5;

export type TFitContext = {
  /** Key phrases of the whole text, best first: topics for "phrase" slides. */
  phrases: string[];
  /** Slides the text's structure (timeline, steps, figures) has already: they count in a small deck. */
  structureSlides?: number;
};

/**
 * Returns `target` plans (target ≥ 1) covering the sections in order, or fewer when the text has
 * no more to show: angle plans are offered once each.
 */
export function fitSlideCount(sections: readonly TSection[], target: number, ctx: TFitContext): TPlan[] {
  let plans: TPlan[] = sections.map((s, i) => ({
    headings: s.heading ? [s.heading] : [],
    parent: s.parent,
    units: s.units.slice(),
    origin: i,
    part: 1,
  }));
  if (plans.length === 0) return [];

  if (plans.length > target) plans = mergeDown(plans, target);
  splitWhile(plans, target, 4);
  const total = plans.reduce((n, p) => n + p.units.length, 0);
  if (plans.length < target && total < target * 3) {
    for (const p of plans) p.units = splitClauses(p.units);
    splitWhile(plans, target, 4);
  }
  // A deck of two or three slides asked of one paragraph gets them, a sentence or two each.
  // (A figures or timeline slide is one of them: the rest of the paragraph stays together.)
  splitWhile(plans, Math.min(target, SMALL_DECK - (ctx.structureSlides ?? 0)), 2, true);
  if (plans.length < target) plans = addAngles(plans, target, ctx);
  numberParts(plans);
  return plans;
}

/**
 * Merges adjacent plans until `target` remain, always the cheapest pair: small, low-scoring,
 * similar, siblings under one heading. Pair costs are cached; a merge only reprices its neighbours.
 */
function mergeDown(initial: TPlan[], target: number): TPlan[] {
  const plans = initial.slice();
  const bags = plans.map((p) => termCounts(p.units.flatMap((u) => u.terms)));
  const costs = plans.slice(0, -1).map((_, i) => pairCost(plans, bags, i));
  while (plans.length > target) {
    let best = 0;
    for (let i = 1; i < costs.length; i++) if (costs[i] < costs[best]) best = i;
    const a = plans[best];
    const b = plans[best + 1];
    plans.splice(best, 2, {
      headings: [...a.headings, ...b.headings.filter((h) => !a.headings.includes(h))],
      parent: a.parent === b.parent ? a.parent : undefined,
      units: [...a.units, ...b.units],
      origin: a.origin,
      part: 1,
    });
    const merged = new Map(bags[best]);
    for (const [t, c] of bags[best + 1]) merged.set(t, (merged.get(t) ?? 0) + c);
    bags.splice(best, 2, merged);
    costs.splice(best, 1);
    if (best < costs.length) costs[best] = pairCost(plans, bags, best);
    if (best > 0) costs[best - 1] = pairCost(plans, bags, best - 1);
  }
  return plans;
}

function pairCost(plans: TPlan[], bags: Map<string, number>[], i: number): number {
  const a = plans[i];
  const b = plans[i + 1];
  const count = a.units.length + b.units.length;
  const avg = [...a.units, ...b.units].reduce((s, u) => s + u.score, 0) / Math.max(1, count);
  const sim = cosine(bags[i], bags[i + 1]);
  const siblings = a.parent !== undefined && a.parent === b.parent;
  // A slide shows one table: merging two would flatten one of them into bullets.
  const tables = hasTable(a) && hasTable(b) ? 4 : 1;
  // …and one schedule: two dated lists on one slide would mix their dates.
  const schedules = hasDatedList(a.units) && hasDatedList(b.units) ? 4 : 1;
  // …and a list of short entries (what you need, ingredients) is no part of a paragraph's slide.
  const lists = isShortList(a.units) !== isShortList(b.units) ? 3 : 1;
  return count * (0.5 + avg) * (1.2 - sim) * (siblings ? 0.6 : 1) * tables * schedules * lists;
}

/**
 * Splits the largest plan (at least `minUnits` units) until the target is reached. `singles`: a
 * part may be one short sentence (a deck of two or three slides asked of one paragraph).
 */
function splitWhile(plans: TPlan[], target: number, minUnits: number, singles = false): void {
  const unsplittable = new Set<TPlan>();
  while (plans.length < target) {
    let pick = -1;
    for (let i = 0; i < plans.length; i++) {
      const p = plans[i];
      if (p.angle || p.units.length < minUnits || unsplittable.has(p) || isShortList(p.units)) continue;
      // A schedule is one timeline: halves of a short one would be thin. A long one (a
      // chronology of a dozen events) may go on to a second slide when the deck has room.
      if (hasDatedList(p.units) && p.units.length < 2 * MIN_EVENTS_PER_PART) continue;
      if (pick < 0 || p.units.length > plans[pick].units.length) pick = i;
    }
    if (pick < 0) return;
    const p = plans[pick];
    const at = seam(p.units);
    // One table or quotation and nothing else, or a part too short to be a slide of its own
    // (splitting four short sentences into four slides is padding): try the next largest.
    const parts = [p.units.slice(0, at), p.units.slice(at)];
    // (A short sentence cut off on its own is padding, unless a deck of two or three slides asks for it.)
    const alone = !singles && parts.some((part) => part.length === 1 && wordsIn(part) < MIN_ALONE_WORDS);
    if (at < 0 || alone || Math.min(...parts.map(wordsIn)) < MIN_PART_WORDS) {
      unsplittable.add(p);
      continue;
    }
    plans.splice(pick, 1, { ...p, units: p.units.slice(0, at) }, { ...p, units: p.units.slice(at) });
  }
}

function wordsIn(units: readonly TUnit[]): number {
  return units.reduce((n, u) => n + (u.kind === "table" ? MIN_PART_WORDS : countWords(u.text)), 0);
}

function hasTable(plan: TPlan): boolean {
  return plan.units.some((u) => u.kind === "table");
}

/** A list of at most this many items is not cut across two slides. */
const SHORT_LIST_ITEMS = 5;

/** Cutting before unit k would part a table from its rows, a list from its intro or a short list, or break a quotation in two. */
function inseparable(units: readonly TUnit[], k: number): boolean {
  const u = units[k];
  const before = units[k - 1];
  // ("Here's what you will need:" stays above its list, and a list of a few items stays whole.)
  const intro = u.kind === "item" && before.kind === "sentence" && /:\s*$/.test(before.text);
  const sameList = u.kind === "item" && before.kind === "item" && u.group === before.group;
  const short =
    sameList && units.filter((x) => x.kind === "item" && x.group === u.group).length <= SHORT_LIST_ITEMS;
  return u.tableOf !== undefined || (u.quote !== undefined && u.quote === before.quote) || intro || short;
}

/**
 * Where to cut a run of units: near the middle, preferring paragraph breaks, the edges of a table
 * (so the table gets a slide of its own) and topic dips; never inside a table or a quotation.
 */
function seam(units: readonly TUnit[]): number {
  const n = units.length;
  let best = Math.floor(n / 2);
  let bestCost = Number.POSITIVE_INFINITY;
  for (let k = 1; k < n; k++) {
    if (inseparable(units, k)) continue;
    const tableEdge = units[k].kind === "table" || units[k - 1].tableOf !== undefined ? 0.25 : 0;
    const balance = Math.abs(k - n / 2) / n;
    if (balance > 0.3 && n > 3 && !tableEdge) continue;
    const left = termCounts(units.slice(Math.max(0, k - 3), k).flatMap((u) => u.terms));
    const right = termCounts(units.slice(k, k + 3).flatMap((u) => u.terms));
    const paragraphBreak = units[k].group !== units[k - 1].group ? 0.3 : 0;
    const cost = balance + cosine(left, right) - paragraphBreak - tableEdge;
    if (cost < bestCost) [best, bestCost] = [k, cost];
  }
  return bestCost === Number.POSITIVE_INFINITY ? -1 : best;
}

/**
 * Adds slides that look at the material from another angle: its figures, its key terms, then one
 * slide per key phrase. Each angle is offered once; the outline drops an angle slide that finds
 * nothing not already shown, so a short text makes a shorter deck rather than one that repeats
 * itself.
 */
function addAngles(plans: TPlan[], target: number, ctx: TFitContext): TPlan[] {
  const pool = plans.flatMap((p) => p.units).sort((a, b) => a.id - b.id);
  const hasFigures = pool.filter((u) => /\d/.test(u.text)).length >= 2;
  const angles: { angle: TAngle; phrase?: string }[] = [];
  if (hasFigures) angles.push({ angle: "numbers" });
  if (ctx.phrases.length >= 4) angles.push({ angle: "keyTerms" });
  for (const phrase of ctx.phrases) angles.push({ angle: "phrase", phrase });
  const extra = angles
    .slice(0, target - plans.length)
    .map(({ angle, phrase }): TPlan => ({ headings: [], units: pool, origin: -1, part: 1, angle, phrase }));
  return [...plans, ...extra];
}

function numberParts(plans: TPlan[]): void {
  const seen = new Map<number, number>();
  for (const p of plans) {
    if (p.origin < 0) continue;
    const n = (seen.get(p.origin) ?? 0) + 1;
    seen.set(p.origin, n);
    p.part = n;
  }
}
