/** STUB (being built): draws a table box in the editor. Client-safe. */
import type { TTableBox } from "@/lib/layouts/boxes";

export function TableView({ box }: { box: TTableBox }) {
  return (
    <div
      data-box={box.id}
      style={{ position: "absolute", left: box.x, top: box.y, width: box.w, height: box.h }}
    />
  );
}
