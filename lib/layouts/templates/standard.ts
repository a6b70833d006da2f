import type { TBox } from "../boxes";
import { rect, type TTemplateStyle } from "../slide-layouts/frame";
import { BASE_SIZES, frameOf } from "./base-sizes";

/** Standard: the corporate classic — a top band, a full-width rule under titles, outlined cards. */
export const STANDARD: TTemplateStyle = {
  id: "standard",
  name: "Standard",
  description: "Corporate classic: a top colour band, a full-width rule under each title, outlined cards.",
  frame: frameOf(72, { y: 48, h: 104 }, { y: 196, h: 460 }),
  sizes: {
    ...BASE_SIZES,
    coverTitle: 58,
    sectionTitle: 52,
    header: 36,
    body: 26,
    columnBody: 22,
    agendaItem: 24,
  },
  titleAlign: "left",
  radius: 4,
  cards: "outlined",
  background: (kind, palette) => (kind === "section" ? palette.surface : palette.background),
  decor(kind, { palette }): TBox[] {
    switch (kind) {
      case "cover":
      case "closing":
        return [
          rect("band", 0, 0, 1280, 24, palette.accent),
          rect("foot-band", 0, 696, 1280, 24, palette.accent),
        ];
      case "section":
        return [rect("band", 0, 0, 24, 720, palette.accent), rect("rule", 72, 560, 1136, 2, palette.border)];
      default:
        return [
          rect("band", 0, 0, 1280, 12, palette.accent),
          rect("foot-rule", 72, 684, 1136, 1, palette.border),
        ];
    }
  },
  titleMark(kind, text, { palette, template }): TBox[] {
    const { marginX, contentW } = template.frame;
    if (kind === "content") {
      const y = text.y + text.h + 14;
      return [
        rect("rule", marginX, y, contentW, 2, palette.border),
        rect("rule-accent", marginX, y - 1, 120, 4, palette.accent),
      ];
    }
    const y = text.y + text.h + 32;
    return kind === "closing"
      ? [rect("rule", text.x + text.w / 2 - 120, y, 240, 3, palette.accent)]
      : [
          rect("rule", marginX, y, contentW, 2, palette.border),
          rect("rule-accent", marginX, y - 1, 160, 4, palette.accent),
        ];
  },
  sectionText: (palette) => ({ title: palette.text, lead: palette.muted }),
};
