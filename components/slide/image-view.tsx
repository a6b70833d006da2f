/** STUB (being built): draws a image box in the editor. Client-safe. */
import type { TImageBox } from "@/lib/layouts/boxes";

export function ImageView({ box }: { box: TImageBox }) {
  return (
    <div
      data-box={box.id}
      style={{ position: "absolute", left: box.x, top: box.y, width: box.w, height: box.h }}
    />
  );
}
