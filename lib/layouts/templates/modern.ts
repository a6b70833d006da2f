import type { TBox, TShapeBox } from "../boxes";
import { rect, type TTemplateStyle } from "../slide-layouts/frame";
import { BASE_SIZES, frameOf } from "./base-sizes";

function circle(id: string, cx: number, cy: number, r: number, fill: string, opacity = 1): TShapeBox {
  return { kind: "shape", id, shape: "ellipse", x: cx - r, y: cy - r, w: 2 * r, h: 2 * r, fill, opacity };
}

/** Modern: large type, generous space, rounded cards and soft accent circles at the edges. */
export const MODERN: TTemplateStyle = {
  id: "modern",
  name: "Modern",
  description: "Large type and generous space: rounded cards, soft circles at the edges, underlined titles.",
  frame: frameOf(96, { y: 56, h: 112 }, { y: 212, h: 452 }),
  sizes: { ...BASE_SIZES, coverTitle: 72, sectionTitle: 60, header: 44, body: 28, metric: 80 },
  titleAlign: "left",
  radius: 20,
  cards: "filled",
  background: (kind, palette) => (kind === "section" ? palette.accent : palette.background),
  decor(kind, { palette }): TBox[] {
    switch (kind) {
      case "cover":
      case "closing":
        return [
          // Clear of the text column (x ≤ 1096) below y = 160, where cover titles can start.
          circle("orb", 1240, -20, 260, palette.accent, 0.9),
          circle("orb-small", 960, 70, 40, palette.accent2, 0.85),
          circle("dot", 1150, 640, 18, palette.accent2),
        ];
      case "section":
        return [
          circle("orb", 1180, 700, 340, palette.onAccent, 0.12),
          circle("dot", 1060, 150, 40, palette.onAccent, 0.2),
        ];
      default:
        return [circle("dot", 1216, 64, 14, palette.accent2)];
    }
  },
  titleMark(kind, text, { palette }): TBox[] {
    const under = (y: number, x: number): TShapeBox => ({
      ...rect("underline", x, y, 80, 6, palette.accent),
      shape: "roundRect",
      radius: 3,
    });
    if (kind === "content") return [under(text.y + text.h + 12, text.x)];
    if (kind === "closing") return [under(text.y + text.h + 28, text.x + text.w / 2 - 40)];
    return [under(text.y + text.h + 28, text.x)];
  },
  sectionText: (palette) => ({ title: palette.onAccent, lead: palette.onAccentMuted }),
};
