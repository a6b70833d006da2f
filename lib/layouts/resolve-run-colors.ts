/** Theme colour roles of text runs → the colours renderers draw. Client-safe. */
import type { TBox, TParagraph, TTextRun } from "./boxes";
import type { TPalette } from "./themes";

/**
 * Sets `fill` and `highlightFill` on every run (paragraphs and measured lines) of the slide's text
 * boxes and table cells from the theme palette, so PPTX, PDF and the editor draw the same colours
 * and a theme change recolours marked text. Text drawn on an accent fill (its colour is the
 * palette's onAccent) takes onAccentMuted for every role, since the accents would vanish there.
 */
export function resolveRunColors(boxes: readonly TBox[], palette: TPalette): void {
  for (const box of boxes) {
    if (box.kind === "text") paint(box.paragraphs, palette, box.color);
    else if (box.kind === "table")
      for (const row of box.rows)
        for (const cell of row.cells)
          paint(cell.paragraphs, palette, row.header ? box.headerColor : box.color);
  }
}

function paint(paragraphs: readonly TParagraph[], palette: TPalette, boxColor: string) {
  const onAccent = boxColor.toUpperCase() === palette.onAccent.toUpperCase();
  const color = (run: TTextRun) => {
    if (run.color) run.fill = onAccent ? palette.onAccentMuted : palette[run.color];
    if (run.highlight) run.highlightFill = palette.highlight;
  };
  for (const paragraph of paragraphs) {
    paragraph.runs.forEach(color);
    for (const line of paragraph.lines) line.runs.forEach(color);
  }
}
