import "server-only";
import type { TParagraph } from "@/lib/layouts/boxes";
import { WIDTH_SAFETY } from "@/lib/layouts/fit-text";

/**
 * Extra left and right insets (slide units) that give a PPTX viewer the width the layout wrapped
 * lines to (WIDTH_SAFETY of the text width), placed on the side the text does not start from so
 * lines begin — or centre — where the PDF puts them. Mirrored for right-to-left text.
 */
export function wrapInsets(
  width: number,
  align: "left" | "center" | "right",
  paragraphs: readonly TParagraph[],
): { left: number; right: number } {
  const slack = width * (1 - WIDTH_SAFETY);
  const rtl = paragraphs.length > 0 && paragraphs.every((p) => p.rtl);
  const start = rtl && align !== "center" ? (align === "left" ? "right" : "left") : align;
  if (start === "center") return { left: slack / 2, right: slack / 2 };
  return start === "right" ? { left: slack, right: 0 } : { left: 0, right: slack };
}
