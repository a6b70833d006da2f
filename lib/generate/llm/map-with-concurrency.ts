/** A bounded worker pool: at most `limit` tasks run at once, results keep the input order. */

/**
 * Maps `items` through `fn` with at most `limit` calls in flight. On the first failure `abort`
 * fires (so running calls can stop), no new call starts, and once the running ones settle the
 * first error is thrown; later errors (often the abort itself) are dropped.
 */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
  abort?: AbortController,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | null = null;

  const worker = async () => {
    while (failure === null && next < items.length) {
      const i = next++;
      try {
        results[i] = await fn(items[i], i);
      } catch (error) {
        if (failure === null) {
          failure = { error };
          abort?.abort(error);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failure !== null) throw (failure as { error: unknown }).error;
  return results;
}
