/**
 * A plain look for writeOnMaster's tests: the General template in the brand's colours (the master's
 * title and body text, the theme's accents, the background's dominant colour) and none of the
 * file's own background, shapes or pictures. The tests check what the writer does to the colours,
 * backgrounds and titles of the slides it is given, whatever the product's look (brand-look.ts)
 * draws; that look has its own tests (brand-look.test.ts).
 */
import { contrast, hex, luminance, mix } from "@/lib/brand/brand-color";
import type { TBrandFill, TBrandTemplate } from "@/lib/brand/brand-template-schema";
import type { TCustomTemplateId } from "@/lib/deck/schema";
import type { TDeckLook } from "@/lib/layouts/layout-deck";
import { GENERAL } from "@/lib/layouts/templates/general";
import type { TPalette } from "@/lib/layouts/themes";

/** The one colour a fill shows most: a solid's colour, a gradient's mean, else the theme's lt1. */
function dominantColor(fill: TBrandFill, fallback: string): string {
  if (fill.kind === "solid") return hex(fill.color);
  if (fill.kind === "gradient") {
    const stops = fill.stops.map((stop) => hex(stop.color));
    return stops.slice(1).reduce((mean, color, i) => mix(mean, color, 1 / (i + 2)), stops[0]);
  }
  return fallback;
}

/** The palette of a brand: its background, text and accents, with derived surfaces and borders. */
function plainPalette(brand: TBrandTemplate): TPalette {
  const colors = brand.theme.colors;
  const background = dominantColor(brand.background, hex(colors.lt1));
  const text = hex(brand.text.body.color);
  const title = hex(brand.text.title.color);
  const themeAccent = hex(colors.accent1);
  // Office's stock accents say nothing of the brand; a title colour of its own does.
  const accent = brand.theme.generic && title !== text ? title : themeAccent;
  const accent2 = accent === themeAccent ? hex(colors.accent2) : themeAccent;
  const onAccent =
    contrast(accent, "#FFFFFF") >= contrast(accent, hex(colors.dk1)) ? "#FFFFFF" : hex(colors.dk1);
  const dark = luminance(background) < 0.4;
  return {
    background,
    surface: mix(background, text, 0.07),
    border: mix(background, text, 0.16),
    text,
    muted: mix(text, background, 0.35),
    accent,
    accent2,
    onAccent,
    onAccentMuted: mix(onAccent, accent, 0.25),
    highlight: dark ? "#854D0E" : "#FEF08A",
  };
}

/** The plain look of a deck on the brand template `id`. */
export function plainBrandLook(brand: TBrandTemplate, id: TCustomTemplateId, name: string): TDeckLook {
  const palette = plainPalette(brand);
  const c = brand.theme.colors;
  return {
    template: { ...GENERAL, id, name, description: name },
    theme: {
      id,
      name,
      mode: luminance(palette.background) < 0.4 ? "dark" : "light",
      palette,
      fonts: { heading: "sans", body: "sans" },
      chart: [c.accent1, c.accent2, c.accent3, c.accent4, c.accent5, c.accent6].map(hex),
    },
  };
}
