/**
 * Draws a table box in the editor: row fills, the rule under each row, and each cell's measured
 * lines where placeTableCells and placeLines put them — the positions the PDF uses. Client-safe.
 */
import type { TTableBox } from "@/lib/layouts/boxes";
import { placeTableCells, TABLE_RULE_WIDTH, tableRules } from "@/lib/layouts/table-geometry";
import { TextBoxView } from "./text-box-view";

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
      {/* Cell text is drawn in slide units, like any text box: shift back by the table's origin. */}
      <div style={{ position: "absolute", left: -box.x, top: -box.y }}>
        {cells.map((cell) => (
          <TextBoxView key={`text-${cell.row}-${cell.column}`} box={cell.text} />
        ))}
      </div>
    </div>
  );
}
