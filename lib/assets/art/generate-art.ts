import "server-only";
import type { TPalette } from "@/lib/layouts/themes";
import { findIcon } from "../icons/find-icon";
import { iconElements, xmlAttribute } from "../icons/icon-svg";
import { luminance, mixColor } from "./mix-color";
import { seededRandom } from "./seeded-random";

export type TArtOptions = {
  /** Width and height of the picture's coordinate space; its aspect is the picture's. */
  width?: number;
  height?: number;
  /**
   * A Lucide icon (name or keywords) drawn as the picture's motif; false for none. Default: the
   * icon findIcon picks for the seed, so the picture echoes the slide's topic.
   */
  motif?: string | false;
};

type TStyle = "waves" | "orbits" | "facets";

/** The colours of one picture, derived from the theme. */
type TTones = {
  /** Background gradient stops. */
  base: [string, string, string];
  /** Soft light and deep glows laid over the background. */
  glows: string[];
  /** Lines, dots and the motif. */
  ink: string;
  /** Scales the opacity of everything drawn in ink. */
  inkAlpha: number;
};

/**
 * An offline illustration for a slide: a deterministic abstract graphic in the theme's colours —
 * a gradient ground, soft glows, waves, orbits or facets, a dot grid and a medallion holding a
 * topic icon. The seed (a slide's image query or title) picks the composition, so the same seed
 * and palette always give the same SVG and different topics get different pictures. Works on
 * light and dark themes: dark themes get a deeper ground and quieter ink.
 */
export function generateArt(seed: string, palette: TPalette, options: TArtOptions = {}): string {
  const w = options.width ?? 1200;
  const h = options.height ?? 900;
  const random = seededRandom(seed);
  const between = (a: number, b: number) => a + (b - a) * random();
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];

  const style = pick<TStyle>(["waves", "orbits", "facets"]);
  const soft = random() < 0.3;
  const tones = tonesOf(palette, soft);
  const short = Math.min(w, h);
  const long = Math.max(w, h);
  const ink = (alpha: number) =>
    `fill="${tones.ink}" fill-opacity="${num(Math.min(1, alpha * tones.inkAlpha))}"`;
  const inkStroke = (alpha: number, width: number) =>
    `fill="none" stroke="${tones.ink}" stroke-opacity="${num(Math.min(1, alpha * tones.inkAlpha))}" stroke-width="${num(width)}"`;

  const defs: string[] = [];
  const layers: string[] = [];

  // Ground: a three-stop gradient along a seeded direction.
  const angle = between(0, Math.PI * 2);
  const reach = (Math.abs(w * Math.cos(angle)) + Math.abs(h * Math.sin(angle))) / 2;
  const [dx, dy] = [Math.cos(angle) * reach, Math.sin(angle) * reach];
  defs.push(
    `<linearGradient id="ground" gradientUnits="userSpaceOnUse" x1="${num(w / 2 - dx)}" y1="${num(h / 2 - dy)}" ` +
      `x2="${num(w / 2 + dx)}" y2="${num(h / 2 + dy)}">` +
      `<stop offset="0" stop-color="${tones.base[0]}"/><stop offset="${num(between(0.4, 0.6))}" stop-color="${tones.base[1]}"/>` +
      `<stop offset="1" stop-color="${tones.base[2]}"/></linearGradient>`,
  );
  layers.push(`<rect width="${w}" height="${h}" fill="url(#ground)"/>`);

  // Glows: large radial fades that give the ground depth, like a mesh gradient.
  const glowCount = 3 + Math.floor(random() * 2);
  for (let i = 0; i < glowCount; i++) {
    const color = tones.glows[i % tones.glows.length];
    defs.push(
      `<radialGradient id="glow${i}"><stop offset="0" stop-color="${color}" stop-opacity="${num(between(0.45, 0.7))}"/>` +
        `<stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`,
    );
    const r = between(0.35, 0.65) * long;
    layers.push(
      `<circle cx="${num(between(-0.1, 1.1) * w)}" cy="${num(between(-0.1, 1.1) * h)}" r="${num(r)}" fill="url(#glow${i})"/>`,
    );
  }

  const flip = random() < 0.5;
  if (style === "waves") layers.push(waves(w, h, short, flip, between, ink, inkStroke));
  if (style === "orbits") layers.push(orbits(w, h, short, between, pick, ink, inkStroke));
  if (style === "facets") layers.push(facets(w, h, short, between, ink));

  // A dot grid in one corner: the detail that makes the ground read as designed.
  const gap = short * 0.045;
  defs.push(
    `<pattern id="dots" width="${num(gap)}" height="${num(gap)}" patternUnits="userSpaceOnUse">` +
      `<circle cx="${num(gap / 2)}" cy="${num(gap / 2)}" r="${num(short * 0.0055)}" ${ink(0.4)}/></pattern>`,
  );
  const gridW = Math.round(between(4, 7)) * gap;
  const gridH = Math.round(between(3, 5)) * gap;
  const gridX = random() < 0.5 ? short * 0.07 : w - short * 0.07 - gridW;
  const gridY = flip ? h - short * 0.08 - gridH : short * 0.08;
  layers.push(
    `<rect x="${num(gridX)}" y="${num(gridY)}" width="${num(gridW)}" height="${num(gridH)}" fill="url(#dots)"/>`,
  );

  // Sparkles: a few small stars and dots around the motif.
  for (let i = 0; i < 3; i++) {
    const x = between(0.1, 0.9) * w;
    const y = between(0.1, 0.9) * h;
    layers.push(
      i === 0
        ? sparkle(x, y, short * between(0.025, 0.04), ink(0.75))
        : `<circle cx="${num(x)}" cy="${num(y)}" r="${num(short * between(0.006, 0.012))}" ${ink(0.6)}/>`,
    );
  }

  const motif = options.motif === false ? undefined : (options.motif ?? findIcon(seed));
  if (motif) layers.push(medallion(motif, w, h, short, between, tones, ink, inkStroke));

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" ` +
    `preserveAspectRatio="xMidYMid slice"><defs>${defs.join("")}</defs>${layers.join("")}</svg>`
  );
}

function tonesOf(palette: TPalette, soft: boolean): TTones {
  const dark = luminance(palette.background) < 0.2;
  const { accent, accent2, surface, background } = palette;
  if (soft && dark)
    return {
      base: [
        mixColor(background, surface, 0.6),
        mixColor(surface, accent, 0.18),
        mixColor(surface, accent2, 0.3),
      ],
      glows: [accent, accent2, mixColor(accent, "#FFFFFF", 0.3)],
      ink: mixColor(accent2, "#FFFFFF", 0.5),
      inkAlpha: 0.85,
    };
  if (soft)
    return {
      base: [surface, mixColor(surface, accent, 0.16), mixColor(surface, accent2, 0.3)],
      glows: [mixColor(accent, "#FFFFFF", 0.35), mixColor(accent2, "#FFFFFF", 0.3), accent],
      ink: mixColor(accent, "#000000", 0.1),
      inkAlpha: 0.8,
    };
  if (dark)
    return {
      base: [
        mixColor(accent, background, 0.65),
        mixColor(accent, background, 0.3),
        mixColor(accent2, background, 0.35),
      ],
      glows: [accent2, mixColor(background, "#000000", 0.2), accent],
      ink: "#FFFFFF",
      inkAlpha: 0.8,
    };
  return {
    base: [mixColor(accent, "#000000", 0.2), accent, mixColor(accent2, "#FFFFFF", 0.1)],
    glows: [mixColor(accent2, "#FFFFFF", 0.45), mixColor(accent, "#000000", 0.35), accent2],
    ink: "#FFFFFF",
    inkAlpha: 1,
  };
}

type TInk = (alpha: number) => string;
type TInkStroke = (alpha: number, width: number) => string;
type TBetween = (a: number, b: number) => number;

/** Layered translucent waves rising from one edge, with a fine line riding the top one. */
function waves(
  w: number,
  h: number,
  short: number,
  flip: boolean,
  between: TBetween,
  ink: TInk,
  inkStroke: TInkStroke,
): string {
  const bands: string[] = [];
  const count = 3;
  for (let k = 0; k < count; k++) {
    const base = h * (0.5 + 0.14 * k + between(-0.04, 0.04));
    const amplitude = h * between(0.05, 0.11);
    const phase = between(0, Math.PI * 2);
    const top = wavePath(w, base, amplitude, phase, between(1, 1.8));
    const path = `${top} L${num(w)},${num(h)} L0,${num(h)} Z`;
    bands.push(`<path d="${path}" ${ink(0.1 + 0.06 * k)}/>`);
    if (k === 0)
      bands.push(
        `<path d="${wavePath(w, base - h * 0.06, amplitude, phase + 0.6, 1.3)}" ${inkStroke(0.45, short * 0.004)}/>`,
      );
  }
  const group = bands.join("");
  return flip ? `<g transform="matrix(1 0 0 -1 0 ${num(h)})">${group}</g>` : group;
}

/** A smooth wave across the width: `cycles` periods through cubic segments. */
function wavePath(w: number, base: number, amplitude: number, phase: number, cycles: number): string {
  const steps = 8;
  const points = Array.from({ length: steps + 1 }, (_, i) => {
    const x = (w * i) / steps;
    return { x, y: base + amplitude * Math.sin(phase + (cycles * 2 * Math.PI * i) / steps) };
  });
  let d = `M${num(points[0].x)},${num(points[0].y)}`;
  for (let i = 1; i < points.length; i++) {
    const prev = points[i - 1];
    const next = points[i];
    const midX = (prev.x + next.x) / 2;
    d += ` C${num(midX)},${num(prev.y)} ${num(midX)},${num(next.y)} ${num(next.x)},${num(next.y)}`;
  }
  return d;
}

/** Concentric rings around a point near an edge, with small moons on some of them. */
function orbits(
  w: number,
  h: number,
  short: number,
  between: TBetween,
  pick: <T>(items: readonly T[]) => T,
  ink: TInk,
  inkStroke: TInkStroke,
): string {
  const [cx, cy] = pick([
    [w * between(0.75, 1), h * between(0, 0.25)],
    [w * between(0, 0.25), h * between(0.75, 1)],
    [w * between(0.75, 1), h * between(0.75, 1)],
    [w * between(0, 0.25), h * between(0, 0.25)],
  ] as const);
  const parts: string[] = [`<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(short * 0.22)}" ${ink(0.12)}/>`];
  const step = short * between(0.1, 0.14);
  for (let i = 1; i <= 6; i++) {
    const r = short * 0.22 + step * i;
    parts.push(
      `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r)}" ${inkStroke(0.34 - 0.04 * i, short * 0.004)}/>`,
    );
    if (i % 2 === 0) {
      const t = between(0, Math.PI * 2);
      parts.push(
        `<circle cx="${num(cx + r * Math.cos(t))}" cy="${num(cy + r * Math.sin(t))}" r="${num(short * 0.014)}" ${ink(0.7)}/>`,
      );
    }
  }
  return parts.join("");
}

/** Broad translucent diagonal bands, like light through blinds. */
function facets(w: number, h: number, short: number, between: TBetween, ink: TInk): string {
  const slope = between(0.5, 1.2) * (between(0, 1) < 0.5 ? -1 : 1);
  const parts: string[] = [];
  let x = between(-0.2, 0.1) * w;
  for (let i = 0; i < 4; i++) {
    const width = between(0.08, 0.2) * w;
    const shift = slope * h;
    parts.push(
      `<path d="M${num(x)},0 L${num(x + width)},0 L${num(x + width - shift)},${num(h)} L${num(x - shift)},${num(h)} Z" ${ink(between(0.06, 0.16))}/>`,
    );
    x += width + between(0.08, 0.22) * w;
  }
  // Two short pills along the bands' direction.
  const angle = (Math.atan2(h, -slope * h) * 180) / Math.PI;
  for (let i = 0; i < 2; i++) {
    const len = short * between(0.18, 0.3);
    const thick = short * 0.035;
    parts.push(
      `<rect x="${num(-len / 2)}" y="${num(-thick / 2)}" width="${num(len)}" height="${num(thick)}" rx="${num(thick / 2)}" ` +
        `transform="translate(${num(between(0.1, 0.9) * w)} ${num(between(0.1, 0.9) * h)}) rotate(${num(angle)})" ${ink(0.3 + 0.25 * i)}/>`,
    );
  }
  return parts.join("");
}

/** A four-pointed star. */
function sparkle(x: number, y: number, r: number, fill: string): string {
  const k = r * 0.22;
  return (
    `<path d="M${num(x)},${num(y - r)} Q${num(x + k)},${num(y - k)} ${num(x + r)},${num(y)} ` +
    `Q${num(x + k)},${num(y + k)} ${num(x)},${num(y + r)} Q${num(x - k)},${num(y + k)} ${num(x - r)},${num(y)} ` +
    `Q${num(x - k)},${num(y - k)} ${num(x)},${num(y - r)} Z" ${fill}/>`
  );
}

/** The topic icon, large, in a translucent disc with a ring: the picture's focal point. */
function medallion(
  icon: string,
  w: number,
  h: number,
  short: number,
  between: TBetween,
  tones: TTones,
  ink: TInk,
  inkStroke: TInkStroke,
): string {
  const r = short * between(0.2, 0.26);
  // Off-centre on the long axis, as a photographer would frame a subject.
  const wide = w >= h;
  const cx = wide ? w * between(0.36, 0.64) : w / 2;
  const cy = wide ? h / 2 : h * between(0.38, 0.62);
  const size = r * 1.2;
  const scale = size / 24;
  return (
    `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r * 1.35)}" ${inkStroke(0.3, short * 0.004)}/>` +
    `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r)}" ${ink(0.16)}/>` +
    `<g transform="translate(${num(cx - size / 2)} ${num(cy - size / 2)}) scale(${num(scale, 4)})" fill="none" ` +
    `stroke="${xmlAttribute(tones.ink)}" stroke-opacity="${num(Math.min(1, 0.95 * tones.inkAlpha))}" stroke-width="1.75" ` +
    `stroke-linecap="round" stroke-linejoin="round">${iconElements(icon, tones.ink)}</g>`
  );
}

function num(value: number, digits = 1): string {
  return String(Number(value.toFixed(digits)));
}
