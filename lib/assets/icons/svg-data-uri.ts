import "server-only";
import { iconSvg } from "./icon-svg";

/** An SVG document as a base64 data URI: the `src` of an image box. */
export function svgDataUri(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg, "utf8").toString("base64")}`;
}

/** An icon (name or keywords) in one colour as a data URI, ready for an image box. */
export function iconDataUri(name: string, color: string, strokeWidth = 2): string {
  return svgDataUri(iconSvg(name, color, strokeWidth));
}
