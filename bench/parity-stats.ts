/**
 * Summary figures of a parity run: median, 90th percentile and maximum of the per-page difference.
 * Kinds and layouts are summarised on Latin-script pages only, so that a machine without CJK or
 * Arabic fonts (whose pages LibreOffice draws as empty boxes) does not blur what the layout and
 * renderer figures say; scripts get their own rows.
 */
import type { TContentKind, TPageParity, TScript } from "./compare-pdf";

export type TStats = {
  pages: number;
  /** Shares of the page (0–1). */
  median: number;
  p90: number;
  max: number;
};

/** Nearest-rank percentile of sorted values (p in 0–1). */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

/** Median, p90 and max of a set of per-page ratios. */
export function stats(ratios: number[]): TStats {
  const sorted = [...ratios].sort((a, b) => a - b);
  return {
    pages: sorted.length,
    median: percentile(sorted, 0.5),
    p90: percentile(sorted, 0.9),
    max: sorted.at(-1) ?? 0,
  };
}

/** Word placement over a set of pages. */
export type TWordStats = { pages: number; words: number; unmatched: number; maxDx: number };

export type TParitySummary = {
  /** Every page. */
  overall: TStats;
  byScript: Partial<Record<TScript, TStats>>;
  /** Latin-script pages by content kind and by layout. */
  byKind: Partial<Record<TContentKind, TStats>>;
  byLayout: Record<string, TStats>;
  /** Word placement per script. */
  wordsByScript: Partial<Record<TScript, TWordStats>>;
};

function groupStats(pages: TPageParity[], key: (page: TPageParity) => string): Record<string, TStats> {
  const groups = new Map<string, number[]>();
  for (const page of pages) groups.set(key(page), [...(groups.get(key(page)) ?? []), page.ratio]);
  return Object.fromEntries([...groups].map(([name, ratios]) => [name, stats(ratios)]));
}

/** Words, words that moved or vanished, and the largest horizontal offset over some pages. */
export function wordStats(pages: TPageParity[]): TWordStats {
  return {
    pages: pages.length,
    words: pages.reduce((sum, p) => sum + p.words, 0),
    unmatched: pages.reduce((sum, p) => sum + p.unmatchedWords.length, 0),
    maxDx: Math.max(0, ...pages.map((p) => p.maxWordDx)),
  };
}

/** Figures overall, per script, and (Latin pages) per content kind and per layout id. */
export function summariseParity(pages: TPageParity[]): TParitySummary {
  const latin = pages.filter((p) => p.script === "latin");
  const scripts = [...new Set(pages.map((p) => p.script))];
  return {
    overall: stats(pages.map((p) => p.ratio)),
    byScript: groupStats(pages, (p) => p.script),
    byKind: groupStats(latin, (p) => p.kind),
    byLayout: groupStats(latin, (p) => p.layout),
    wordsByScript: Object.fromEntries(
      scripts.map((script) => [script, wordStats(pages.filter((p) => p.script === script))]),
    ),
  };
}
