/**
 * Where a gradient fill runs inside its shape, the same for the PDF, the editor's CSS and the
 * brand look's colour sampling. Client-safe.
 */
import type { TGradient } from "./boxes";

type TRect = { x: number; y: number; w: number; h: number };

/**
 * The line a linear gradient runs along: through the rectangle's centre at `angle` degrees
 * clockwise from left-to-right, as long as the rectangle's extent in that direction (CSS's
 * linear-gradient length), so the first and last stops touch opposite corners or sides.
 */
export function gradientLine(rect: TRect, angle: number): { x1: number; y1: number; x2: number; y2: number } {
  const radians = (angle * Math.PI) / 180;
  const [dx, dy] = [Math.cos(radians), Math.sin(radians)];
  const half = (Math.abs(rect.w * dx) + Math.abs(rect.h * dy)) / 2;
  const [cx, cy] = [rect.x + rect.w / 2, rect.y + rect.h / 2];
  return { x1: cx - dx * half, y1: cy - dy * half, x2: cx + dx * half, y2: cy + dy * half };
}

/** A path gradient's circle: the rectangle's centre out to its corners. */
export function gradientCircle(rect: TRect): { cx: number; cy: number; r: number } {
  return { cx: rect.x + rect.w / 2, cy: rect.y + rect.h / 2, r: Math.hypot(rect.w, rect.h) / 2 };
}

/** The gradient as a CSS background image (CSS angles start at "to top", ours at "to right"). */
export function cssGradient(gradient: TGradient): string {
  const stops = gradient.stops.map((stop) => `${stop.color} ${(stop.position * 100).toFixed(2)}%`).join(", ");
  return gradient.angle === null
    ? `radial-gradient(circle farthest-corner at 50% 50%, ${stops})`
    : `linear-gradient(${(gradient.angle + 90) % 360}deg, ${stops})`;
}
