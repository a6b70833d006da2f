/**
 * The editor's undo/redo steps written for sessionStorage and read back after a reload in the
 * same tab. Steps share most of their slides, so each distinct slide is stored once (a pool) and
 * a step lists its slides by index; the text is bounded by dropping the oldest undo steps (then
 * the furthest redo steps). Steps belong to the presentation version they were kept at: read
 * against another version (another tab or user saved since) they are dropped. Client-safe.
 */
import { type TDeck, type TSlide, ZDeck } from "@/lib/deck/schema";

/** One undo step: a deck and the slide selected with it. */
export type TStoredDoc = { deck: TDeck; selectedId: string };

/** Steps kept at most (undo and redo together). */
export const STORED_STEPS_LIMIT = 100;
/** Longest text kept, in UTF-16 units: sessionStorage holds about 5 MB per origin. */
export const STORED_HISTORY_MAX_CHARS = 1_500_000;

type TEncodedStep = { deck: Omit<TDeck, "slides">; slides: number[]; selectedId: string };
type TEncoded = { format: 1; version: number; pool: TSlide[]; steps: TEncodedStep[]; pastCount: number };

function encodeSteps(version: number, past: TStoredDoc[], future: TStoredDoc[]): string {
  const pool: TSlide[] = [];
  const index = new Map<string, number>();
  const steps = [...past, ...future].map(({ deck, selectedId }) => {
    const { slides, ...rest } = deck;
    const refs = slides.map((slide) => {
      const key = JSON.stringify(slide);
      let at = index.get(key);
      if (at === undefined) {
        at = pool.push(slide) - 1;
        index.set(key, at);
      }
      return at;
    });
    return { deck: rest, slides: refs, selectedId };
  });
  const encoded: TEncoded = { format: 1, version, pool, steps, pastCount: past.length };
  return JSON.stringify(encoded);
}

/**
 * The steps around the present as stored text for presentation version `version`, within
 * STORED_STEPS_LIMIT steps and `maxChars` characters; null when there is nothing to keep.
 */
export function encodeHistory(
  version: number,
  past: readonly TStoredDoc[],
  future: readonly TStoredDoc[],
  maxChars = STORED_HISTORY_MAX_CHARS,
): string | null {
  let before = past.slice(-STORED_STEPS_LIMIT);
  let after = future.slice(0, Math.max(0, STORED_STEPS_LIMIT - before.length));
  while (before.length + after.length > 0) {
    const text = encodeSteps(version, before, after);
    if (text.length <= maxChars) return text;
    if (before.length > 0) before = before.slice(Math.ceil(before.length / 4));
    else after = after.slice(0, Math.floor((after.length * 3) / 4));
  }
  return null;
}

/**
 * The steps stored by encodeHistory, when they were kept at `version`; null when they belong to
 * another version, or the text is not (or no longer) a valid history.
 */
export function decodeHistory(
  text: string | null,
  version: number,
): { past: TStoredDoc[]; future: TStoredDoc[] } | null {
  if (!text) return null;
  let encoded: TEncoded;
  try {
    encoded = JSON.parse(text) as TEncoded;
  } catch {
    return null;
  }
  if (encoded?.format !== 1 || encoded.version !== version || !Array.isArray(encoded.steps)) return null;
  const docs: TStoredDoc[] = [];
  for (const step of encoded.steps) {
    const parsed = ZDeck.safeParse({ ...step.deck, slides: step.slides.map((at) => encoded.pool[at]) });
    if (!parsed.success || typeof step.selectedId !== "string") return null;
    docs.push({ deck: parsed.data, selectedId: step.selectedId });
  }
  return { past: docs.slice(0, encoded.pastCount), future: docs.slice(encoded.pastCount) };
}
