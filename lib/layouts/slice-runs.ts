/** Cutting styled runs by character offset (UTF-16, across the runs' joined text). Client-safe. */
import type { TTextRun } from "./boxes";

/** The part of `runs` between two offsets of their joined text, styles kept. */
export function sliceRuns(runs: TTextRun[], from: number, to = Number.POSITIVE_INFINITY): TTextRun[] {
  const out: TTextRun[] = [];
  let offset = 0;
  for (const run of runs) {
    const start = Math.max(from - offset, 0);
    const end = Math.min(to - offset, run.text.length);
    if (end > start) out.push({ ...run, text: run.text.slice(start, end) });
    offset += run.text.length;
  }
  return out;
}
