/**
 * TextRank over sentences: a graph whose edges are cosine similarities of content terms,
 * scored by personalised PageRank. The personalisation vector is the caller's prior (position,
 * focus terms), so ranking stays deterministic and explainable.
 */
import { termCounts } from "./similarity";

const DAMPING = 0.85;
const MAX_ITERATIONS = 100;
const TOLERANCE = 1e-9;

/**
 * Scores each sentence (given as its content terms); higher is more central. `prior` biases the
 * random jump (defaults to uniform). Scores are scaled so their mean is 1.
 */
export function rankSentences(
  termLists: readonly (readonly string[])[],
  prior?: readonly number[],
): number[] {
  const n = termLists.length;
  if (n === 0) return [];
  const p = normalise(prior && prior.length === n ? prior : new Array(n).fill(1));
  const vectors = termLists.map((t) => termCounts(t));
  const edges = buildEdges(vectors);

  let rank = p.slice();
  for (let iter = 0; iter < MAX_ITERATIONS; iter++) {
    const next = p.map((x) => (1 - DAMPING) * x);
    let dangling = 0;
    for (let i = 0; i < n; i++) {
      const out = edges[i];
      if (out.total === 0) {
        dangling += rank[i];
        continue;
      }
      for (const [j, w] of out.links) next[j] += (DAMPING * rank[i] * w) / out.total;
    }
    // A sentence with no neighbours hands its rank back through the prior, not uniformly.
    for (let i = 0; i < n; i++) next[i] += DAMPING * dangling * p[i];
    let delta = 0;
    for (let i = 0; i < n; i++) delta += Math.abs(next[i] - rank[i]);
    rank = next;
    if (delta < TOLERANCE) break;
  }
  return rank.map((r) => r * n);
}

type TEdges = { links: [number, number][]; total: number };

// Large documents: only terms rarer than this share of sentences find neighbours, and each
// sentence keeps its strongest links. Small documents keep the full graph.
const FULL_GRAPH_LIMIT = 300;
const MAX_LINKS = 40;

/** Sparse similarity graph via an inverted index, so long documents stay cheap. */
function buildEdges(vectors: Map<string, number>[]): TEdges[] {
  const n = vectors.length;
  const index = new Map<string, number[]>();
  vectors.forEach((v, i) => {
    for (const t of v.keys()) {
      const list = index.get(t);
      if (list) list.push(i);
      else index.set(t, [i]);
    }
  });
  const norms = vectors.map((v) => Math.sqrt([...v.values()].reduce((a, x) => a + x * x, 0)));
  const maxDf = n <= FULL_GRAPH_LIMIT ? n : Math.max(30, Math.floor(n / 10));
  return vectors.map((v, i) => {
    // Dot products accumulated through the index: one pass over shared terms only.
    const dots = new Map<number, number>();
    for (const [t, x] of v) {
      const list = index.get(t) ?? [];
      if (list.length > maxDf) continue;
      for (const j of list) if (j !== i) dots.set(j, (dots.get(j) ?? 0) + x * (vectors[j].get(t) ?? 0));
    }
    let links: [number, number][] = [];
    for (const [j, dot] of dots)
      if (dot > 0 && norms[i] > 0 && norms[j] > 0) links.push([j, dot / (norms[i] * norms[j])]);
    links.sort((a, b) => a[0] - b[0]);
    if (n > FULL_GRAPH_LIMIT && links.length > MAX_LINKS) {
      links = links
        .slice()
        .sort((a, b) => b[1] - a[1] || a[0] - b[0])
        .slice(0, MAX_LINKS)
        .sort((a, b) => a[0] - b[0]);
    }
    const total = links.reduce((a, [, w]) => a + w, 0);
    return { links, total };
  });
}

function normalise(values: readonly number[]): number[] {
  const sum = values.reduce((a, b) => a + Math.max(0, b), 0);
  if (sum <= 0) return values.map(() => 1 / values.length);
  return values.map((v) => Math.max(0, v) / sum);
}
