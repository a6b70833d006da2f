import "server-only";
import { findIcon } from "./find-icon";
import { iconCatalog } from "./icon-catalog";

/** Escapes a value for an XML attribute. */
export function xmlAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * The drawing elements of an icon (on its 24×24 grid), without the <svg> wrapper, for embedding
 * in a larger picture: strokes come from the enclosing group, and Lucide's solid dots
 * (fill="currentColor") take `color` when given. `name` may be keywords (resolved with findIcon).
 */
export function iconElements(name: string, color?: string): string {
  const { icons, aliases } = iconCatalog();
  const icon = icons.get(name) ?? icons.get(aliases.get(name) ?? findIcon(name));
  if (!icon) throw new Error(`Icon "${name}" is not in the icon set`);
  return icon.nodes
    .map(([tag, attributes]) => {
      const attrs = Object.entries(attributes)
        .map(([key, value]) => `${key}="${xmlAttribute(value === "currentColor" && color ? color : value)}"`)
        .join(" ");
      return `<${tag} ${attrs}/>`;
    })
    .join("");
}

/**
 * A standalone SVG of a Lucide icon stroked in `color` ("#RRGGBB"), on Lucide's 24×24 grid.
 * `name` is an icon name, an alias or keywords (resolved with findIcon).
 */
export function iconSvg(name: string, color: string, strokeWidth = 2): string {
  const stroke = xmlAttribute(color);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" ` +
    `stroke="${stroke}" stroke-width="${strokeWidth}" stroke-linecap="round" stroke-linejoin="round">` +
    `${iconElements(name, color)}</svg>`
  );
}
