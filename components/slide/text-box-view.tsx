/**
 * Draws a text box's measured lines where placeLines puts them — the positions the PDF uses — so
 * the editor shows the lines the files contain. Used for text boxes and table cells. Client-safe.
 */
import { type CSSProperties, Fragment } from "react";
import type { TTextBox, TTextRun } from "@/lib/layouts/boxes";
import { BULLET_CHAR } from "@/lib/layouts/bullet-style";
import { CODE_FONT, getFontFamily } from "@/lib/layouts/font-families";
import { placeLines } from "@/lib/layouts/place-lines";

// Plain advances, as the layout measured them: no kerning or standard ligatures (Arabic's
// required ligatures and contextual forms stay on, as in the PDF), and full-width CJK punctuation
// keeps its full em (browsers otherwise trim it where two meet, as in "。「").
const TEXT_STYLE: CSSProperties = {
  position: "absolute",
  whiteSpace: "pre",
  fontKerning: "none",
  fontVariantLigatures: "none",
  textSpacingTrim: "space-all",
};

/** A text box in slide units, positioned absolutely inside the scaled slide. */
export function TextBoxView({ box }: { box: TTextBox }) {
  const lineBox = box.fontSize * box.lineHeight;
  const lineStyle: CSSProperties = {
    ...TEXT_STYLE,
    height: lineBox,
    lineHeight: `${lineBox}px`,
    fontFamily: getFontFamily(box.font).cssFamily,
    fontSize: box.fontSize,
    fontWeight: box.bold ? 700 : 400,
    color: box.color,
  };
  return (
    <div
      data-box={box.id}
      data-role={box.role}
      data-align={box.align}
      style={{ position: "absolute", left: box.x, top: box.y, width: box.w, height: box.h }}
    >
      {placeLines(box).map(({ line, x, top, bulletX, rtl }, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines never reorder, so the index is stable
        <Fragment key={index}>
          {bulletX !== undefined && (
            <span
              aria-hidden
              style={{ ...lineStyle, left: bulletX - box.x, top: top - box.y, fontWeight: 400 }}
            >
              {BULLET_CHAR}
            </span>
          )}
          {/* A right-to-left line is exactly as wide as measured, so the browser orders its runs
              and starts it at the right edge where placeLines put it. */}
          <div
            dir={rtl ? "rtl" : undefined}
            style={{ ...lineStyle, left: x - box.x, top: top - box.y, ...(rtl ? { width: line.width } : {}) }}
          >
            {line.runs.map((run, runIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: runs of a line never reorder
              <span key={runIndex} style={runStyle(run, box)}>
                {run.text}
              </span>
            ))}
          </div>
        </Fragment>
      ))}
    </div>
  );
}

function runStyle(run: TTextRun, box: TTextBox): CSSProperties | undefined {
  const style: CSSProperties = {};
  if (run.bold && !box.bold) style.fontWeight = 700;
  if (run.italic) style.fontStyle = "italic";
  if (run.code) style.fontFamily = CODE_FONT.cssFamily;
  if (run.link || run.underline) style.textDecoration = "underline";
  // Colours resolved from the theme by the layout; a span's background covers the font's ascent
  // to descent, where the PDF draws its highlighter rectangle.
  if (run.fill) style.color = run.fill;
  if (run.highlightFill) style.backgroundColor = run.highlightFill;
  return Object.keys(style).length ? style : undefined;
}
