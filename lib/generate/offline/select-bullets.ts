/**
 * Picks and writes a slide's bullets: the best-ranked units that shorten cleanly and do not
 * repeat a bullet already used in the deck, shown in document order. A slide whose material is
 * mostly dated steps or figures gets them as timeline events or metrics (see shape-bullets.ts),
 * so the layout chooser can draw a timeline, metrics or a chart.
 */
import { MONTHS, readEvent, readMetrics, readTimeline } from "../content-shape";
import type { TVerbosity } from "../types";
import type { TPlan } from "./plan-types";
import { isFiller } from "./rank-units";
import { datedText, hasFigure, writeEventBullet, writeFigureBullet } from "./shape-bullets";
import type { TUnit } from "./source-types";
import { spread } from "./spread";
import { countWords, plainText, stem } from "./tokenize";
import { BULLET_CAPS, bulletKey, isNearDuplicate, WORD_CAPS, writeBullet } from "./write-bullet";

export type TBulletContext = {
  verbosity: TVerbosity;
  /** Term sets of every bullet used so far in the deck. */
  usedKeys: Set<string>[];
  /** How often each unit has been shown. */
  uses: Map<number, number>;
  /** Words a bullet may have at most, below the verbosity's budget ("use simple language"). */
  maxWords?: number;
  /** How the previous regular slide's bullets were written: two figure slides in a row need a list of figures. */
  lastShape?: TBulletShape;
};

/** What the bullets were written as: plain points, dated steps or figures. */
export type TBulletShape = "points" | "timeline" | "figures";

/** `lead`: a sentence shown above a timeline (what the schedule is), from `sources`' first unit. */
export type TPicked = { bullets: string[]; sources: TUnit[]; shape: TBulletShape; lead?: string };

export type TSelectOptions = {
  /** At most this many bullets (a table slide has room for a line or two). */
  limit?: number;
  /** Allow timeline and figure shapes (regular slides only). */
  shapes?: boolean;
};

type TCandidate = { unit: TUnit; text: string; key: Set<string>; quality: number; value: number };

// Below this a shortened bullet is probably broken; it is shown only when nothing cleaner exists.
const MIN_QUALITY = 0.5;
/** How a sentence that introduces a list rates as a bullet of its own: below MIN_QUALITY. */
const INTRO_QUALITY = 0.45;
// A shape is used when this share of the slide's material has it, and at least SHAPE_MIN units do.
// Figures need more: a metric slide drops every point that has none.
const TIMELINE_SHARE = 0.6;
const FIGURES_SHARE = 0.8;
const SHAPE_MIN = 3;
const MAX_EVENTS = 8;
const MAX_METRICS = 6;
const SHORT_LIST = { items: 10, words: 6 };
/** A sentence beside a schedule leads its timeline when it is this short. */
const LEAD_WORDS = 24;
// "1904", "2020-05-18", "March 2024", "May 12, 2015", "12 May 2026".
const WHOLE_DATE = new RegExp(
  `^(?:\\d{4}|\\d{4}-\\d{2}-\\d{2}|(?:${MONTHS})\\.?\\s+(?:\\d{1,2},?\\s+)?\\d{4}|\\d{1,2}\\s+(?:${MONTHS})\\.?\\s+\\d{4})$`,
  "i",
);

/**
 * Chooses up to the verbosity's bullet cap. Empty when every point of the plan is already shown
 * (the outline then drops the slide), except on a summary or next-steps slide the caller asked for.
 */
export function selectBullets(plan: TPlan, ctx: TBulletContext, opts: TSelectOptions = {}): TPicked {
  const pool = anglePool(plan).filter((u) => u.kind !== "table");
  // A list of short entries (ingredients, names, parts) is shown whole: two columns hold it.
  const whole = !plan.angle && isShortList(pool);
  const cap = Math.min(
    whole ? pool.length : BULLET_CAPS[ctx.verbosity],
    opts.limit ?? Number.POSITIVE_INFINITY,
  );
  if (opts.shapes && !plan.angle && opts.limit === undefined && !(whole && pool.length > MAX_METRICS)) {
    const shaped = shapedPick(pool, ctx);
    ctx.lastShape = shaped?.shape ?? "points";
    if (shaped) {
      const picked = commit(shaped.picked, ctx, shaped.shape);
      for (const u of shaped.covered ?? []) if (!ctx.uses.has(u.id)) ctx.uses.set(u.id, 1);
      if (!shaped.lead) return picked;
      markShown(ctx, shaped.lead);
      return {
        ...picked,
        sources: [shaped.lead, ...picked.sources],
        lead: plainText(shaped.lead.text).trim(),
      };
    }
  }
  const cards = !plan.angle && opts.limit === undefined ? labelledList(pool, ctx) : null;
  if (cards) {
    ctx.lastShape = "points";
    return commit(cards, ctx, "points");
  }
  const candidates = pool.map((unit) => candidate(unit, ctx));
  // Slides the caller asked for (a summary, next steps) may show points shown elsewhere; a
  // summary gets one per slide it sums up, within the cap.
  const asked = plan.angle === "summary" || plan.angle === "nextSteps";
  const limit = plan.angle === "summary" ? cap : plan.angle ? Math.min(cap, 4) : cap;
  // Other slides get only points no slide shows yet: one with none left is dropped by the outline.
  const want = opts.limit === undefined && asked ? Math.min(limit, 3) : 0;
  const picked = pick(candidates, ctx, limit, want);
  picked.sort((a, b) => a.unit.id - b.unit.id);
  return commit(picked, ctx, "points");
}

/**
 * Events in date order when every date is a whole date or a year ("2020-05-18", "March 2024",
 * "1904"); otherwise (quarters, phases, steps) in the order the text gives them.
 */
function chronological(events: TCandidate[]): TCandidate[] {
  const inOrder = events.slice().sort((a, b) => a.unit.id - b.unit.id);
  const times = inOrder.map((e) => whenOf(readEvent(e.text)?.date ?? ""));
  if (times.some((t) => t === null)) return inOrder;
  return inOrder
    .map((e, i) => ({ e, t: times[i] ?? 0 }))
    .sort((a, b) => a.t - b.t)
    .map(({ e }) => e);
}

/** A whole date or a year as a time, else null (Date.parse alone reads "Step 2" as 2001). */
function whenOf(date: string): number | null {
  const d = date.trim();
  if (!WHOLE_DATE.test(d)) return null;
  const t = Date.parse(/^\d{4}$/.test(d) ? `${d}-01-01` : d);
  return Number.isNaN(t) ? null : t;
}

/** "Integrity: We are present, transparent, and honest…": a label of a few words, then its text. */
const LABELLED_ITEM = /^([^:.!?]{2,48}?):\s+(\S.*)$/u;
const LABELLED_LIST = { min: 3, max: 6, labelWords: 5, bodyWords: 14 };

/**
 * A slide's whole material is one list of three to six labelled entries ("Integrity: …",
 * "Impact: …"): every entry is shown, its label whole and its text shortened to a card's line, so
 * none of the set is left out and the slide can show them as cards. Null otherwise.
 */
function labelledList(pool: readonly TUnit[], ctx: TBulletContext): TCandidate[] | null {
  const open = pool.filter((u) => (ctx.uses.get(u.id) ?? 0) === 0);
  const { min, max, labelWords, bodyWords } = LABELLED_LIST;
  if (open.length < min || open.length > max || open.length !== pool.length) return null;
  if (!open.every((u) => u.kind === "item" && u.group === open[0].group)) return null;
  const entries = open.map((u) => LABELLED_ITEM.exec(u.text));
  if (!entries.every((m): m is RegExpExecArray => !!m && countWords(m[1]) <= labelWords)) return null;
  // One label over every entry ("Success Metrics: …") names the list, not each entry.
  if (new Set(entries.map((m) => m[1].trim().toLowerCase())).size < entries.length) return null;
  const written = open.map((unit, i) => {
    const [, label, rest] = entries[i];
    // A concise or plain-language slide keeps its word cap, the label included.
    const cap = Math.min(
      ctx.verbosity === "concise" ? WORD_CAPS.concise : bodyWords,
      ctx.maxWords ?? bodyWords,
    );
    const budget = ctx.verbosity === "concise" || ctx.maxWords ? Math.max(2, cap - countWords(label)) : cap;
    const body = writeBullet(rest, ctx.verbosity === "concise" ? "concise" : "standard", "item", budget);
    const text = `${label.trim()}: ${body.text}`;
    return { unit, text, key: bulletKey(text), quality: body.quality, value: unit.score };
  });
  // Entries shortened until they read alike, or said elsewhere already, are chosen one by one.
  const alike = written.some(
    (w, i) =>
      isNearDuplicate(w.key, ctx.usedKeys) ||
      isNearDuplicate(
        w.key,
        written.slice(0, i).map((x) => x.key),
      ),
  );
  return alike ? null : written;
}

/** Three to ten list entries of a few words each: one slide shows them all. */
export function isShortList(units: readonly TUnit[]): boolean {
  return (
    units.length >= 3 &&
    units.length <= SHORT_LIST.items &&
    units.every((u) => u.kind === "item" && countWords(u.text) <= SHORT_LIST.words)
  );
}

function candidate(unit: TUnit, ctx: TBulletContext): TCandidate {
  const b = writeBullet(
    unit.text,
    ctx.verbosity,
    unit.kind === "sentence" ? "sentence" : "item",
    ctx.maxWords,
  );
  // "Some signs the project should be paused include:" promises the list it introduces: alone it
  // is shown only when nothing cleaner is left.
  const quality =
    unit.kind === "sentence" && /:\s*$/.test(unit.text) ? Math.min(b.quality, INTRO_QUALITY) : b.quality;
  // Quality counts twice: a clean bullet from a slightly weaker sentence beats a broken one.
  return {
    unit,
    text: b.text,
    key: bulletKey(b.text),
    quality,
    value: unit.score * quality ** 2,
  };
}

/**
 * Dated steps or figures, when they make up most of the material: every dated step (up to a
 * timeline's worth) in order, or the best figures. Null when the result would not read as one.
 */
function shapedPick(
  pool: TUnit[],
  ctx: TBulletContext,
): { picked: TCandidate[]; shape: TBulletShape; covered?: TUnit[]; lead?: TUnit } | null {
  const material = pool.filter((u) => !isFiller(u.text) && (ctx.uses.get(u.id) ?? 0) === 0);
  if (material.length < SHAPE_MIN) return null;
  const enough = (n: number, share = FIGURES_SHARE) => n >= SHAPE_MIN && n >= share * material.length;

  const dated = material.filter((u) => datedText(u.text) !== null);
  if (enough(dated.length, TIMELINE_SHARE)) {
    const events = dated.flatMap((unit) => {
      const b = writeEventBullet(unit.text, ctx.verbosity);
      return b ? [{ unit, text: b.text, key: bulletKey(b.text), quality: b.quality, value: unit.score }] : [];
    });
    // A schedule longer than a timeline holds keeps its first and last dates and steps evenly between.
    const span = spread(events, MAX_EVENTS);
    const picked = chronological(pick(span, ctx, MAX_EVENTS, SHAPE_MIN));
    if (picked.length >= SHAPE_MIN && readTimeline(picked.map((p) => p.text))) {
      // The schedule is on the slide, spread over its span: its other entries are no slide's points.
      // The one short sentence beside a schedule ("Provided irregularly on an as-needed basis
      // until October 2028.") says what it is: it leads the timeline rather than standing alone.
      const others = material.filter((u) => datedText(u.text) === null);
      const lead =
        others.length === 1 && others[0].kind === "sentence" && countWords(others[0].text) <= LEAD_WORDS
          ? others[0]
          : undefined;
      return { picked, shape: "timeline", covered: dated.filter((u) => u.kind === "item"), lead };
    }
  }

  // Text-heavy asks for whole sentences; a metric shows a figure and a few words.
  if (ctx.verbosity === "text-heavy") return null;
  const figures = material.filter((u) => hasFigure(u.text));
  if (!enough(figures.length)) return null;
  // A run of metric slides reads like a spreadsheet: after one, only a list of figures is another.
  if (ctx.lastShape === "figures" && !material.every((u) => u.kind === "item" && hasFigure(u.text)))
    return null;
  const written = figures.flatMap((unit) => {
    const b = writeFigureBullet(unit.text, ctx.verbosity);
    return b
      ? [{ unit, text: b.text, key: bulletKey(b.text), quality: b.quality, value: unit.score * b.quality }]
      : [];
  });
  if (!enough(written.length)) return null;
  written.sort((a, b) => b.value - a.value || a.unit.id - b.unit.id);
  const limit = Math.min(MAX_METRICS, BULLET_CAPS[ctx.verbosity]);
  const picked = pick(written, ctx, limit, SHAPE_MIN).sort((a, b) => a.unit.id - b.unit.id);
  if (picked.length >= SHAPE_MIN && readMetrics(picked.map((p) => p.text)))
    return { picked, shape: "figures" };
  return null;
}

/**
 * The best candidates up to `limit` that are new to the deck and not near-duplicates; when fewer
 * than `want` are new (a summary asked of a short text), the least-shown ones are repeated.
 */
function pick(all: TCandidate[], ctx: TBulletContext, limit: number, want: number): TCandidate[] {
  const candidates = all.slice().sort((a, b) => b.value - a.value || a.unit.id - b.unit.id);
  // Clean candidates that can still be shown: a filler line or a point shown already is no
  // reason to pass over a weaker sentence.
  const open = (c: TCandidate) => (ctx.uses.get(c.unit.id) ?? 0) === 0 && !isFiller(c.unit.text);
  const clean = candidates.filter((c) => c.quality >= MIN_QUALITY && open(c)).length;
  const picked: TCandidate[] = [];
  const keys = () => picked.map((p) => p.key);
  for (const c of candidates) {
    if (picked.length >= limit) break;
    if (!c.text || c.key.size === 0) continue;
    if (!open(c)) continue;
    if (c.quality < MIN_QUALITY && (clean >= 2 || picked.length >= 1)) continue;
    if (isNearDuplicate(c.key, ctx.usedKeys) || isNearDuplicate(c.key, keys())) continue;
    picked.push(c);
  }
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
      if (isNearDuplicate(c.key, keys())) continue;
      picked.push(c);
    }
  }
  return picked;
}

/** Counts one more showing of the unit: slides after this one make no point of it again. */
export function markShown(ctx: Pick<TBulletContext, "uses">, unit: TUnit): void {
  ctx.uses.set(unit.id, (ctx.uses.get(unit.id) ?? 0) + 1);
}

function commit(picked: TCandidate[], ctx: TBulletContext, shape: TBulletShape): TPicked {
  for (const p of picked) {
    ctx.usedKeys.push(p.key);
    markShown(ctx, p.unit);
  }
  return { bullets: picked.map((p) => p.text), sources: picked.map((p) => p.unit), shape };
}

/** The units an angle slide draws on, in preference order where the angle implies one. */
function anglePool(plan: TPlan): TUnit[] {
  switch (plan.angle) {
    case "numbers":
      return plan.units.filter((u) => /\d/.test(u.text));
    case "phrase": {
      const stems = (plan.phrase ?? "").split(/\s+/).map((w) => stem(w));
      // Only sentences that speak of it: a slide titled by a phrase its points do not name
      // ("בעולם במספר" over a sentence on the licence) would be about something else.
      return plan.units.filter((u) => stems.every((s) => u.terms.includes(s)));
    }
    default:
      return plan.units;
  }
}
