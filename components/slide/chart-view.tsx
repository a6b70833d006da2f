/** STUB (being built): draws a chart box in the editor. Client-safe. */
import type { TChartBox } from "@/lib/layouts/boxes";

export function ChartView({ box }: { box: TChartBox }) {
  return (
    <div
      data-box={box.id}
      style={{ position: "absolute", left: box.x, top: box.y, width: box.w, height: box.h }}
    />
  );
}
