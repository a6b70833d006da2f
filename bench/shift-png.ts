/**
 * A PNG moved by whole pixels, edges filled with the nearest row or column: the smallest visible
 * mistake a renderer can make (a line of text one pixel off), used to show that a parity threshold
 * is tight enough to catch it.
 */
import { PNG } from "pngjs";

/** Returns `png` shifted right by `dx` and down by `dy` pixels (negative: left, up). */
export function shiftPng(png: Buffer, dx: number, dy: number): Buffer {
  const source = PNG.sync.read(png);
  const { width, height } = source;
  const shifted = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    const fromY = Math.min(height - 1, Math.max(0, y - dy));
    for (let x = 0; x < width; x++) {
      const fromX = Math.min(width - 1, Math.max(0, x - dx));
      source.data.copy(
        shifted.data,
        (y * width + x) * 4,
        (fromY * width + fromX) * 4,
        (fromY * width + fromX) * 4 + 4,
      );
    }
  }
  return PNG.sync.write(shifted);
}
