/**
 * Pixel difference of two equally sized PNGs with pixelmatch, the measure every parity check uses.
 */
import { writeFileSync } from "node:fs";
import pixelmatch from "pixelmatch";
import { PNG } from "pngjs";

/** pixelmatch's per-pixel colour threshold (YIQ distance, 0–1): its default, kept explicit. */
export const PIXEL_THRESHOLD = 0.1;

export type TPixelDiff = {
  width: number;
  height: number;
  /** Pixels whose colours differ beyond PIXEL_THRESHOLD (anti-aliased edge pixels excluded). */
  differing: number;
  /** differing / (width × height), 0–1. */
  ratio: number;
};

/**
 * Compares two PNG images of the same size, pixel by pixel. Anti-aliased pixels are not counted
 * (pixelmatch's default), so two renderers smoothing the same edge differently do not score as a
 * difference; a glyph, bar or box in a different place does. With `diffPath`, writes the diff image
 * (differences red, anti-aliasing yellow, over a faded copy of the first image).
 */
export function comparePng(a: Buffer, b: Buffer, diffPath?: string): TPixelDiff {
  const first = PNG.sync.read(a);
  const second = PNG.sync.read(b);
  if (first.width !== second.width || first.height !== second.height) {
    throw new Error(
      `Images differ in size: ${first.width}×${first.height} vs ${second.width}×${second.height}.`,
    );
  }
  const { width, height } = first;
  const diff = diffPath ? new PNG({ width, height }) : undefined;
  const differing = pixelmatch(first.data, second.data, diff?.data, width, height, {
    threshold: PIXEL_THRESHOLD,
  });
  if (diff && diffPath) writeFileSync(diffPath, PNG.sync.write(diff));
  return { width, height, differing, ratio: differing / (width * height) };
}
