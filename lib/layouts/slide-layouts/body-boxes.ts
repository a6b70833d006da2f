import "server-only";
import type { TTextBox } from "../boxes";
import type { TFitResult } from "../fit-text";
import { textHeight } from "../text-height";

/**
 * Cuts a fitted body region in two at the same font size: a box for its plain paragraphs (which
 * come first) and one for its bullets below, so the editor maps each box to one content field.
 * `prefix` namespaces the roles, e.g. "columns.0.".
 */
export function bodyAndBulletBoxes(region: TTextBox, fit: TFitResult, prefix = ""): TTextBox[] {
  const body = fit.paragraphs.filter((paragraph) => !paragraph.bullet);
  const bullets = fit.paragraphs.filter((paragraph) => paragraph.bullet);
  const boxes: TTextBox[] = [];
  let y = region.y;
  if (body.length) {
    const h = bullets.length ? textHeight(body, fit.fontSize, region.lineHeight, fit.paragraphGap) : region.h;
    boxes.push({ ...region, id: `${prefix}body`, role: `${prefix}body`, h, paragraphs: body });
    y += h + fit.paragraphGap;
  }
  if (bullets.length) {
    const h = region.y + region.h - y;
    boxes.push({ ...region, id: `${prefix}bullets`, role: `${prefix}bullets`, y, h, paragraphs: bullets });
  }
  return boxes;
}
