/**
 * The text cut to at most `max` characters at a paragraph boundary when one is near the end
 * (within 5,000 characters, or the second half of a short limit), else at a line or word break.
 */
export function capText(text: string, max: number): { text: string; cut: boolean } {
  if (text.length <= max) return { text, cut: false };
  const head = text.slice(0, max);
  const floors: [string, number][] = [
    ["\n\n", Math.max(max * 0.5, max - 5000)],
    ["\n", max * 0.8],
    [" ", max * 0.8],
  ];
  for (const [boundary, floor] of floors) {
    const at = head.lastIndexOf(boundary);
    if (at >= floor) return { text: head.slice(0, at).trimEnd(), cut: true };
  }
  return { text: head, cut: true };
}

/** "12,345" for messages. */
export function formatCount(n: number): string {
  return n.toLocaleString("en-US");
}
