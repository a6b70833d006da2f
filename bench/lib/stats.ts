/**
 * Small statistics for the benches: nearest-rank percentiles and medians over raw samples, so every
 * figure a bench prints comes from the samples it kept (no histogram rounding).
 */

/** The p-th percentile (0–100) by the nearest-rank method; NaN for no samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** The median (the mean of the two middle samples for an even count); NaN for no samples. */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Bytes → whole megabytes (MiB), the unit every bench prints memory in. */
export const mb = (bytes: number): number => Math.round(bytes / 1024 / 1024);

/** A number rounded to `digits` decimals, for JSON that stays readable. */
export const round = (value: number, digits = 1): number => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};
