/** Overlap measures between bags of terms, used by ranking and topic segmentation. */

/** Term frequencies of a bag of terms. */
export function termCounts(bag: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const t of bag) m.set(t, (m.get(t) ?? 0) + 1);
  return m;
}

/** Cosine similarity of two term-frequency vectors; 0 when either is empty. */
export function cosine(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  if (a.size === 0 || b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [t, v] of small) dot += v * (large.get(t) ?? 0);
  if (dot === 0) return 0;
  return dot / (norm(a) * norm(b));
}

function norm(v: ReadonlyMap<string, number>): number {
  let s = 0;
  for (const x of v.values()) s += x * x;
  return Math.sqrt(s);
}

/** Jaccard overlap of two term sets: used to spot near-duplicate bullets. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let inter = 0;
  for (const t of a) if (b.has(t)) inter++;
  return inter / (a.size + b.size - inter);
}

/** Share of the smaller set found in the larger: catches a bullet that is a cut of another. */
export function containment(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  if (small.size === 0) return 0;
  let inter = 0;
  for (const t of small) if (large.has(t)) inter++;
  return inter / small.size;
}
