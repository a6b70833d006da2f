import type { TTextBox } from "../boxes";

/**
 * Stacks text boxes (already cut to their text's height) one under another, each after its `gap`,
 * with the whole group centred on `centerY`. Returns the moved boxes and the group's top.
 */
export function stackCentered(
  items: { box: TTextBox; gap: number }[],
  centerY: number,
): { boxes: TTextBox[]; top: number } {
  const height = items.reduce((sum, item, index) => sum + item.box.h + (index ? item.gap : 0), 0);
  const top = centerY - height / 2;
  let y = top;
  const boxes = items.map((item, index) => {
    if (index) y += item.gap;
    const box = { ...item.box, y };
    y += item.box.h;
    return box;
  });
  return { boxes, top };
}
