/**
 * DrawingML colours (ECMA-376 Part 1, 20.1.2.3): a base colour (srgbClr, sysClr, schemeClr,
 * prstClr, hslClr, scrgbClr) and its transforms applied in document order. Luminance and
 * saturation transforms work in HSL; tint and shade in linear RGB, as PowerPoint and LibreOffice
 * draw them.
 */
import type { Element } from "@xmldom/xmldom";
import { attr, children, isDrawingMl } from "./xml-dom";

/** A colour being transformed: sRGB channels 0–1. */
type TRgb = [number, number, number];

/** What a scheme colour name (after the master's colour map) stands for; null when unknown. */
export type TSchemeLookup = (name: string) => string | null;

const PRESET_COLORS: Record<string, string> = {
  black: "000000",
  white: "FFFFFF",
  red: "FF0000",
  green: "008000",
  lime: "00FF00",
  blue: "0000FF",
  yellow: "FFFF00",
  cyan: "00FFFF",
  aqua: "00FFFF",
  magenta: "FF00FF",
  fuchsia: "FF00FF",
  gray: "808080",
  grey: "808080",
  silver: "C0C0C0",
  maroon: "800000",
  navy: "000080",
  olive: "808000",
  purple: "800080",
  teal: "008080",
  orange: "FFA500",
  darkGray: "A9A9A9",
  dkGray: "A9A9A9",
  lightGray: "D3D3D3",
  ltGray: "D3D3D3",
};

const BASE_COLORS = new Set(["srgbClr", "sysClr", "schemeClr", "prstClr", "hslClr", "scrgbClr"]);

/** The first colour element among `parent`'s children (the content of a:solidFill, a:gs, …). */
export function findColorElement(parent: Element): Element | null {
  for (const child of children(parent)) {
    if (isDrawingMl(child) && BASE_COLORS.has(child.localName ?? "")) return child;
  }
  return null;
}

/**
 * The hex colour a colour element stands for, transforms applied; null when its base cannot be
 * resolved (an unknown preset, a scheme name the theme lacks).
 */
export function resolveColor(el: Element, scheme: TSchemeLookup): string | null {
  const base = baseHex(el, scheme);
  if (!base) return null;
  let rgb = hexToRgb(base);
  for (const t of children(el)) {
    if (!isDrawingMl(t)) continue;
    const v = Number(attr(t, "val") ?? "0");
    if (!Number.isFinite(v)) continue;
    rgb = applyTransform(rgb, t.localName ?? "", v);
  }
  return rgbToHex(rgb);
}

function baseHex(el: Element, scheme: TSchemeLookup): string | null {
  const val = attr(el, "val") ?? "";
  switch (el.localName) {
    case "srgbClr":
      return /^[0-9a-fA-F]{6}$/.test(val) ? val.toUpperCase() : null;
    case "sysClr": {
      const last = attr(el, "lastClr") ?? "";
      if (/^[0-9a-fA-F]{6}$/.test(last)) return last.toUpperCase();
      return val === "window" ? "FFFFFF" : val === "windowText" ? "000000" : null;
    }
    case "schemeClr":
      return scheme(val);
    case "prstClr":
      return PRESET_COLORS[val] ?? null;
    case "hslClr": {
      const h = Number(attr(el, "hue") ?? 0) / 60000 / 360;
      const s = Number(attr(el, "sat") ?? 0) / 100000;
      const l = Number(attr(el, "lum") ?? 0) / 100000;
      return rgbToHex(hslToRgb([h, s, l]));
    }
    case "scrgbClr": {
      const lin = ["r", "g", "b"].map((k) => Number(attr(el, k) ?? 0) / 100000);
      return rgbToHex(lin.map(fromLinear) as TRgb);
    }
    default:
      return null;
  }
}

/** One transform; `v` is the attribute in its file units (1/1000 %, 1/60000 degree). */
export function applyTransform(rgb: TRgb, name: string, v: number): TRgb {
  const f = v / 100000;
  switch (name) {
    case "lumMod":
    case "lumOff":
    case "lum": {
      const [h, s, l] = rgbToHsl(rgb);
      const next = name === "lumMod" ? l * f : name === "lumOff" ? l + f : f;
      return hslToRgb([h, s, clamp(next)]);
    }
    case "satMod":
    case "satOff":
    case "sat": {
      const [h, s, l] = rgbToHsl(rgb);
      const next = name === "satMod" ? s * f : name === "satOff" ? s + f : f;
      return hslToRgb([h, clamp(next), l]);
    }
    case "hueMod":
    case "hueOff":
    case "hue": {
      const [h, s, l] = rgbToHsl(rgb);
      const deg = v / 60000 / 360;
      const next = name === "hueMod" ? h * f : name === "hueOff" ? h + deg : deg;
      return hslToRgb([((next % 1) + 1) % 1, s, l]);
    }
    case "tint":
      // Towards white by (1 − tint), in linear light.
      return rgb.map((c) => fromLinear(1 - (1 - toLinear(c)) * clamp(f))) as TRgb;
    case "shade":
      return rgb.map((c) => fromLinear(toLinear(c) * clamp(f))) as TRgb;
    case "inv":
      return rgb.map((c) => 1 - c) as TRgb;
    case "comp": {
      const [h, s, l] = rgbToHsl(rgb);
      return hslToRgb([(h + 0.5) % 1, s, l]);
    }
    case "gray": {
      const y = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
      return [y, y, y];
    }
    case "redMod":
    case "greenMod":
    case "blueMod": {
      const i = name === "redMod" ? 0 : name === "greenMod" ? 1 : 2;
      const out = [...rgb] as TRgb;
      out[i] = fromLinear(clamp(toLinear(rgb[i]) * f));
      return out;
    }
    default:
      // alpha and gamma transforms do not change the colour drawn on an opaque background.
      return rgb;
  }
}

function clamp(x: number): number {
  return Math.min(1, Math.max(0, x));
}

function toLinear(c: number): number {
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function fromLinear(c: number): number {
  const x = clamp(c);
  return x <= 0.0031308 ? x * 12.92 : 1.055 * x ** (1 / 2.4) - 0.055;
}

export function hexToRgb(hex: string): TRgb {
  const n = Number.parseInt(hex, 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

export function rgbToHex(rgb: TRgb | number[]): string {
  return rgb
    .map((c) =>
      Math.round(clamp(c) * 255)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")
    .toUpperCase();
}

function rgbToHsl([r, g, b]: TRgb): TRgb {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h: number;
  if (max === r) h = (g - b) / d + (g < b ? 6 : 0);
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  return [h / 6, s, l];
}

function hslToRgb([h, s, l]: TRgb): TRgb {
  if (s === 0) return [l, l, l];
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const x = ((t % 1) + 1) % 1;
    if (x < 1 / 6) return p + (q - p) * 6 * x;
    if (x < 1 / 2) return q;
    if (x < 2 / 3) return p + (q - p) * (2 / 3 - x) * 6;
    return p;
  };
  return [channel(h + 1 / 3), channel(h), channel(h - 1 / 3)];
}
