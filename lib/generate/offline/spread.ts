/** At most `max` items of a list, in order: the first, the last and evenly spaced ones between. */
export function spread<T>(items: readonly T[], max: number): T[] {
  if (items.length <= max) return items.slice();
  if (max <= 1) return items.slice(0, max);
  return Array.from({ length: max }, (_, i) => items[Math.round((i * (items.length - 1)) / (max - 1))]);
}
