import type { TBox } from "../boxes";
import { rect, type TTemplateStyle } from "../slide-layouts/frame";
import { BASE_SIZES, frameOf } from "./base-sizes";

/** General: clean and neutral — a left accent edge on the cover, short accent bars over titles. */
export const GENERAL: TTemplateStyle = {
  id: "general",
  name: "General",
  description: "Clean and neutral: left-aligned titles with a short accent bar, square cards.",
  frame: frameOf(80, { y: 80, h: 104 }, { y: 216, h: 440 }),
  sizes: BASE_SIZES,
  titleAlign: "left",
  radius: 0,
  cards: "filled",
  background: (kind, palette) => (kind === "section" ? palette.accent : palette.background),
  decor(kind, { palette }): TBox[] {
    if (kind === "cover" || kind === "closing") return [rect("edge", 0, 0, 16, 720, palette.accent)];
    if (kind === "section") return [rect("edge", 0, 0, 16, 720, palette.onAccent)];
    return [];
  },
  titleMark(kind, text, { palette }) {
    if (kind === "content") return [rect("accent-bar", text.x, text.y - 26, 56, 6, palette.accent)];
    const w = 96;
    const x = kind === "closing" ? text.x + text.w / 2 - w / 2 : text.x;
    return [rect("accent-bar", x, text.y - 44, w, 8, palette.accent)];
  },
  sectionText: (palette) => ({ title: palette.onAccent, lead: palette.onAccentMuted }),
};
