/**
 * Draws a table box in the editor: row fills, the rule under each row, and each cell's measured
 * lines where placeTableCells and placeLines put them — the positions the PDF uses. Client-safe.
 */
import { type CSSProperties, Fragment } from "react";
import type { TTableBox, TTextBox, TTextRun } from "@/lib/layouts/boxes";
import { CODE_FONT, getFontFamily } from "@/lib/layouts/font-families";
import { placeLines } from "@/lib/layouts/place-lines";
import { placeTableCells, TABLE_RULE_WIDTH, tableRules } from "@/lib/layouts/table-geometry";

// Plain advances, as the layout measured them: no kerning or ligatures.
const LINE_STYLE: CSSProperties = {
  position: "absolute",
  whiteSpace: "pre",
  fontKerning: "none",
  fontVariantLigatures: "none",
};

/** A native table: positioned in slide units inside the scaled slide. */
export function TableView({ box }: { box: TTableBox }) {
  const cells = placeTableCells(box);
  return (
    <div
      data-box={box.id}
      data-role={box.role}
      style={{ position: "absolute", left: box.x, top: box.y, width: box.w, height: box.h }}
    >
      {cells.map((cell) =>
        cell.fill ? (
          <div
            key={`fill-${cell.row}-${cell.column}`}
            style={{
              position: "absolute",
              left: cell.x - box.x,
              top: cell.y - box.y,
              width: cell.w,
              height: cell.h,
              background: cell.fill,
            }}
          />
        ) : null,
      )}
      {tableRules(box).map((rule) => (
        <div
          key={`rule-${rule.y}`}
          style={{
            position: "absolute",
            left: rule.x1 - box.x,
            top: rule.y - box.y - TABLE_RULE_WIDTH / 2,
            width: rule.x2 - rule.x1,
            height: TABLE_RULE_WIDTH,
            background: box.border,
          }}
        />
      ))}
      {cells.map((cell) => (
        <CellText key={`text-${cell.row}-${cell.column}`} text={cell.text} origin={box} />
      ))}
    </div>
  );
}

function CellText({ text, origin }: { text: TTextBox; origin: { x: number; y: number } }) {
  const lineBox = text.fontSize * text.lineHeight;
  const lineStyle: CSSProperties = {
    ...LINE_STYLE,
    height: lineBox,
    lineHeight: `${lineBox}px`,
    fontFamily: getFontFamily(text.font).cssFamily,
    fontSize: text.fontSize,
    fontWeight: text.bold ? 700 : 400,
    color: text.color,
  };
  return (
    <>
      {placeLines(text).map(({ line, x, top }, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines never reorder, so the index is stable
        <div key={index} style={{ ...lineStyle, left: x - origin.x, top: top - origin.y }}>
          {line.runs.map((run, runIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: runs of a line never reorder
            <Fragment key={runIndex}>
              <span style={runStyle(run, text)}>{run.text}</span>
            </Fragment>
          ))}
        </div>
      ))}
    </>
  );
}

function runStyle(run: TTextRun, text: TTextBox): CSSProperties | undefined {
  const style: CSSProperties = {};
  if (run.bold && !text.bold) style.fontWeight = 700;
  if (run.italic) style.fontStyle = "italic";
  if (run.code) style.fontFamily = CODE_FONT.cssFamily;
  return Object.keys(style).length ? style : undefined;
}
