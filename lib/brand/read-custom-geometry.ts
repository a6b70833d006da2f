import "server-only";
import type { Element } from "@xmldom/xmldom";
import { attr, child, children, is } from "./xml-dom";

/**
 * A freeform shape's outline (a:custGeom) in its own frame's fractions (0–1 across and down), as
 * SVG path commands, with whether each path is filled and stroked. Null when a path uses guide
 * formulas rather than numbers (those need the shape's geometry engine; the shape is then not
 * drawn).
 */
export type TCustomGeometry = { d: (w: number, h: number) => string; fill: boolean; stroke: boolean }[];

type TPoint = { x: number; y: number };

const num = (value: string | null): number | null =>
  value !== null && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : null;

/** Reads a:custGeom's path list; `frame` is the shape's extent, the default path size. */
export function readCustomGeometry(
  custGeom: Element,
  frame: { cx: number; cy: number },
): TCustomGeometry | null {
  const list = child(custGeom, "a", "pathLst");
  if (!list) return null;
  const out: TCustomGeometry = [];
  for (const path of children(list)) {
    if (!is(path, "a", "path")) continue;
    const pw = num(attr(path, "w")) || frame.cx || 1;
    const ph = num(attr(path, "h")) || frame.cy || 1;
    // Commands in fractions of the frame; the SVG scales them to the drawn size.
    const commands: ((w: number, h: number) => string)[] = [];
    let at: TPoint = { x: 0, y: 0 };
    const point = (el: Element | null): TPoint | null => {
      const x = num(attr(el, "x"));
      const y = num(attr(el, "y"));
      return x === null || y === null ? null : { x: x / pw, y: y / ph };
    };
    const fmt = (v: number) => Number(v.toFixed(3));
    for (const step of children(path)) {
      const pts = children(step)
        .filter((el) => is(el, "a", "pt"))
        .map(point);
      if (pts.some((p) => p === null)) return null;
      const p = pts as TPoint[];
      if (is(step, "a", "moveTo") || is(step, "a", "lnTo")) {
        const [to] = p;
        if (!to) return null;
        const letter = is(step, "a", "moveTo") ? "M" : "L";
        commands.push((w, h) => `${letter}${fmt(to.x * w)} ${fmt(to.y * h)}`);
        at = to;
      } else if (is(step, "a", "cubicBezTo") || is(step, "a", "quadBezTo")) {
        const cubic = is(step, "a", "cubicBezTo");
        if (p.length !== (cubic ? 3 : 2)) return null;
        commands.push(
          (w, h) => `${cubic ? "C" : "Q"}${p.map((q) => `${fmt(q.x * w)} ${fmt(q.y * h)}`).join(" ")}`,
        );
        at = p[p.length - 1];
      } else if (is(step, "a", "arcTo")) {
        const wR = num(attr(step, "wR"));
        const hR = num(attr(step, "hR"));
        const st = num(attr(step, "stAng"));
        const sw = num(attr(step, "swAng"));
        if (wR === null || hR === null || st === null || sw === null) return null;
        // The arc's ellipse passes through the current point at stAng; it ends swAng further on.
        const [rx, ry] = [wR / pw, hR / ph];
        const a0 = ((st / 60000) * Math.PI) / 180;
        const a1 = (((st + sw) / 60000) * Math.PI) / 180;
        const centre = { x: at.x - rx * Math.cos(a0), y: at.y - ry * Math.sin(a0) };
        const end = { x: centre.x + rx * Math.cos(a1), y: centre.y + ry * Math.sin(a1) };
        const large = Math.abs(sw / 60000) > 180 ? 1 : 0;
        const sweep = sw > 0 ? 1 : 0;
        commands.push(
          (w, h) => `A${fmt(rx * w)} ${fmt(ry * h)} 0 ${large} ${sweep} ${fmt(end.x * w)} ${fmt(end.y * h)}`,
        );
        at = end;
      } else if (is(step, "a", "close")) {
        commands.push(() => "Z");
      }
    }
    if (!commands.length) continue;
    out.push({
      d: (w, h) => commands.map((command) => command(w, h)).join(""),
      fill: attr(path, "fill") !== "none",
      stroke: attr(path, "stroke") !== "0" && attr(path, "stroke") !== "false",
    });
  }
  return out.length ? out : null;
}
