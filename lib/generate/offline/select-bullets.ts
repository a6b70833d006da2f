/**
 * Picks and writes a slide's bullets: the best-ranked units that shorten cleanly and do not
 * repeat a bullet already used in the deck, shown in document order.
 */
import type { TVerbosity } from "../types";
import type { TPlan } from "./plan-types";
import { isMeta } from "./rank-units";
import type { TUnit } from "./source-types";
import { stem } from "./tokenize";
import { BULLET_CAPS, bulletKey, isNearDuplicate, writeBullet } from "./write-bullet";

export type TBulletContext = {
  verbosity: TVerbosity;
  /** Term sets of every bullet used so far in the deck. */
  usedKeys: Set<string>[];
  /** How often each unit has been shown. */
  uses: Map<number, number>;
};

export type TPicked = { bullets: string[]; sources: TUnit[] };

type TCandidate = { unit: TUnit; text: string; key: Set<string>; quality: number; value: number };

// Below this a shortened bullet is probably broken; it is shown only when nothing cleaner exists.
const MIN_QUALITY = 0.5;

/** Chooses up to the verbosity's bullet cap; never returns an empty list when the plan has units. */
export function selectBullets(plan: TPlan, ctx: TBulletContext): TPicked {
  const cap = BULLET_CAPS[ctx.verbosity];
  const verbosity = ctx.verbosity;
  const pool = anglePool(plan);
  const candidates: TCandidate[] = pool.map((unit) => {
    const b = writeBullet(unit.text, verbosity, unit.kind);
    // Quality counts twice: a clean bullet from a slightly weaker sentence beats a broken one.
    return {
      unit,
      text: b.text,
      key: bulletKey(b.text),
      quality: b.quality,
      value: unit.score * b.quality ** 2,
    };
  });
  candidates.sort((a, b) => b.value - a.value || a.unit.id - b.unit.id);
  const clean = candidates.filter((c) => c.quality >= MIN_QUALITY).length;

  // Angle slides look again at material shown elsewhere: a few points are enough. A summary
  // gets one point per slide it sums up, within the cap.
  const limit = plan.angle === "summary" ? cap : plan.angle ? Math.min(cap, 4) : cap;
  const picked: TCandidate[] = [];
  for (const c of candidates) {
    if (picked.length >= limit) break;
    if (!c.text || c.key.size === 0) continue;
    if ((ctx.uses.get(c.unit.id) ?? 0) > 0 || isMeta(c.unit.text)) continue;
    if (c.quality < MIN_QUALITY && (clean >= 2 || picked.length >= 1)) continue;
    if (
      isNearDuplicate(c.key, ctx.usedKeys) ||
      isNearDuplicate(
        c.key,
        picked.map((p) => p.key),
      )
    )
      continue;
    picked.push(c);
  }
  // Short input: nothing new is left. Repeat the least-shown units rather than leave the slide
  // empty (angle slides, which exist only to look again, may take a few).
  const want = plan.angle ? Math.min(limit, 3) : 1;
  if (picked.length < want) {
    const rest = candidates
      .filter((c) => c.text && !picked.includes(c))
      .sort(
        (a, b) =>
          Number(b.quality >= MIN_QUALITY) - Number(a.quality >= MIN_QUALITY) ||
          (ctx.uses.get(a.unit.id) ?? 0) - (ctx.uses.get(b.unit.id) ?? 0) ||
          b.value - a.value,
      );
    for (const c of rest) {
      if (picked.length >= want) break;
      if (
        isNearDuplicate(
          c.key,
          picked.map((p) => p.key),
        )
      )
        continue;
      picked.push(c);
    }
  }
  if (plan.angle !== "takeaways") picked.sort((a, b) => a.unit.id - b.unit.id);
  for (const p of picked) {
    ctx.usedKeys.push(p.key);
    ctx.uses.set(p.unit.id, (ctx.uses.get(p.unit.id) ?? 0) + 1);
  }
  return { bullets: picked.map((p) => p.text), sources: picked.map((p) => p.unit) };
}

/** The units an angle slide draws on, in preference order where the angle implies one. */
function anglePool(plan: TPlan): TUnit[] {
  switch (plan.angle) {
    case "numbers":
      return plan.units.filter((u) => /\d/.test(u.text));
    case "phrase": {
      const stems = (plan.phrase ?? "").split(/\s+/).map((w) => stem(w));
      const hits = plan.units.filter((u) => stems.every((s) => u.terms.includes(s)));
      return hits.length ? hits : plan.units;
    }
    case "overview": {
      // One opening sentence per paragraph gives the broadest view.
      const firsts = plan.units.filter((u) => u.posInGroup === 0);
      return firsts.length ? firsts : plan.units;
    }
    default:
      return plan.units;
  }
}
