/**
 * Splits a character budget over texts: each gets up to an equal share of what is left, shortest
 * first, so a short text's unused share goes to the longer ones.
 */
export function shareBudget(lengths: number[], budget: number): number[] {
  const shares = new Array<number>(lengths.length).fill(0);
  const order = lengths.map((length, i) => ({ length, i })).sort((a, b) => a.length - b.length);
  let left = budget;
  order.forEach(({ length, i }, k) => {
    const share = Math.min(length, Math.floor(left / (order.length - k)));
    shares[i] = share;
    left -= share;
  });
  return shares;
}
