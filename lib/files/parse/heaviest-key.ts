/** The key with the largest weight (the first such key on a tie); `fallback` when there is none. */
export function heaviestKey<K>(weights: ReadonlyMap<K, number>, fallback: K): K {
  let best = fallback;
  let most = -1;
  for (const [key, weight] of weights) {
    if (weight > most) {
      best = key;
      most = weight;
    }
  }
  return best;
}
