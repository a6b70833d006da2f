import type { TBox, TShapeBox } from "../boxes";
import type { TTemplateStyle } from "../slide-layouts/frame";
import { BASE_SIZES, frameOf } from "./base-sizes";

function pill(id: string, x: number, y: number, w: number, h: number, fill: string, opacity = 1): TShapeBox {
  return { kind: "shape", id, shape: "roundRect", x, y, w, h, fill, radius: Math.min(w, h) / 2, opacity };
}

function ring(id: string, cx: number, cy: number, r: number, color: string, width: number): TShapeBox {
  return {
    kind: "shape",
    id,
    shape: "ellipse",
    x: cx - r,
    y: cy - r,
    w: 2 * r,
    h: 2 * r,
    fill: "none",
    stroke: { color, width },
  };
}

/** Swift: energetic and centred — pills and rings in two accents, centred titles, pill-round cards. */
export const SWIFT: TTemplateStyle = {
  id: "swift",
  name: "Swift",
  description: "Energetic: centred titles, pill shapes and rings in two accent colours, very round cards.",
  frame: frameOf(88, { y: 60, h: 110 }, { y: 208, h: 452 }),
  sizes: { ...BASE_SIZES, coverTitle: 68, header: 42, closingTitle: 64 },
  titleAlign: "center",
  radius: 28,
  cards: "filled",
  background: (kind, palette) => (kind === "section" ? palette.accent : palette.background),
  decor(kind, { palette }): TBox[] {
    switch (kind) {
      case "cover":
      case "closing":
        return [
          pill("pill-1", -80, 70, 300, 56, palette.accent),
          pill("pill-2", -60, 146, 200, 56, palette.accent2, 0.9),
          pill("pill-3", 1060, 594, 320, 56, palette.accent),
          pill("pill-4", 1140, 518, 200, 56, palette.accent2, 0.9),
          ring("ring", 1180, 110, 60, palette.accent2, 10),
        ];
      case "section":
        return [
          pill("pill-1", -80, 80, 360, 64, palette.onAccent, 0.18),
          pill("pill-2", 1000, 580, 360, 64, palette.onAccent, 0.18),
          ring("ring", 1150, 140, 70, palette.onAccent, 10),
        ];
      default:
        return [
          pill("pill", -40, 40, 120, 28, palette.accent),
          pill("pill-2", 1200, 40, 120, 28, palette.accent2),
        ];
    }
  },
  titleMark(kind, text, { palette }): TBox[] {
    const cx = text.x + text.w / 2;
    const y = kind === "content" ? text.y + text.h + 12 : text.y + text.h + 28;
    return [
      pill("mark", cx - 36, y, 44, 8, palette.accent),
      pill("mark-2", cx + 14, y, 22, 8, palette.accent2),
    ];
  },
  sectionText: (palette) => ({ title: palette.onAccent, lead: palette.onAccentMuted }),
};
