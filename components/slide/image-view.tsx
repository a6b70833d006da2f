/**
 * Draws a picture in the editor: the browser renders the source (SVG included) itself, cropped
 * or padded to the box as prepareImages does for the files. Client-safe.
 */
import type { TImageBox } from "@/lib/layouts/boxes";

export function ImageView({ box }: { box: TImageBox }) {
  return (
    // biome-ignore lint/performance/noImgElement: data-URI pictures in a scaled slide, not page images.
    <img
      data-box={box.id}
      src={box.src}
      alt={box.alt}
      draggable={false}
      style={{
        position: "absolute",
        left: box.x,
        top: box.y,
        width: box.w,
        height: box.h,
        objectFit: box.fit,
        objectPosition: "center",
        borderRadius: box.radius,
        display: "block",
      }}
    />
  );
}
