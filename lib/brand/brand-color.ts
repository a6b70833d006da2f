/** Colour arithmetic for the brand look: sRGB hex strings, WCAG contrast, mixing. Client-safe. */

/** "#RRGGBB" from a brand colour ("RRGGBB"). */
export const hex = (color: string) => `#${color.replace("#", "").toUpperCase()}`;

export function channels(color: string): [number, number, number] {
  const value = Number.parseInt(color.replace("#", ""), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export function fromChannels(rgb: readonly number[]): string {
  return `#${rgb
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")
    .toUpperCase()}`;
}

/** `a` moved towards `b` by `amount` (0–1), as "#RRGGBB". */
export function mix(a: string, b: string, amount: number): string {
  const [ca, cb] = [channels(a), channels(b)];
  return fromChannels(ca.map((v, i) => v + (cb[i] - v) * amount));
}

/** WCAG relative luminance. */
export function luminance(color: string): number {
  const [r, g, b] = channels(color).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (1–21). */
export function contrast(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** How far a colour is from grey (0 for black, white and greys, up to 255). */
export function chroma(color: string): number {
  const rgb = channels(color);
  return Math.max(...rgb) - Math.min(...rgb);
}

/** The least contrast of a colour on any of `backgrounds` (the parts of what it is drawn on). */
export function leastContrast(color: string, backgrounds: string | readonly string[]): number {
  const all = typeof backgrounds === "string" ? [backgrounds] : backgrounds;
  return Math.min(...all.map((background) => contrast(color, background)));
}

/**
 * The colour to draw on `backgrounds` (one colour, or the parts of an uneven background: a
 * gradient, a picture) with at least `min` contrast on every one: the first of `candidates` (in
 * order of preference) that has it; when none has, the candidate whose least contrast is the most,
 * darkened or lightened just enough (towards black or white, whichever reaches `min` first).
 */
export function readableOn(
  backgrounds: string | readonly string[],
  candidates: readonly string[],
  min: number,
): string {
  const found = candidates.find((color) => leastContrast(color, backgrounds) >= min);
  if (found) return found;
  const best = candidates.reduce((a, b) =>
    leastContrast(b, backgrounds) > leastContrast(a, backgrounds) ? b : a,
  );
  for (let step = 1; step <= 10; step++) {
    const shades = [mix(best, "#000000", step / 10), mix(best, "#FFFFFF", step / 10)];
    const readable = shades.find((color) => leastContrast(color, backgrounds) >= min);
    if (readable) return readable;
  }
  return [best, "#000000", "#FFFFFF"].reduce((a, b) =>
    leastContrast(b, backgrounds) > leastContrast(a, backgrounds) ? b : a,
  );
}
