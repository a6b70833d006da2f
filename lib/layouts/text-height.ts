/** Height of laid-out text, the one formula the fitter and every renderer share. Client-safe. */

/** Lines × line height plus the gaps between paragraphs (none after the last). */
export function textHeight(
  paragraphs: readonly { lines: readonly unknown[] }[],
  fontSize: number,
  lineHeight: number,
  paragraphGap: number,
): number {
  const lines = paragraphs.reduce((count, paragraph) => count + paragraph.lines.length, 0);
  return lines * fontSize * lineHeight + Math.max(paragraphs.length - 1, 0) * paragraphGap;
}
