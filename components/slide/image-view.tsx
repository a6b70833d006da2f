"use client";
/**
 * Draws a picture in the editor where framePicture puts it in the files: once the browser knows
 * the picture's pixel size, the frame (clipped, with its corners) shows the source's visible part
 * at the place and scale the PPTX and PDF use; until then, object-fit gives the same default look.
 * Client-safe.
 */
import { useEffect, useRef, useState } from "react";
import type { TImageBox } from "@/lib/layouts/boxes";
import { framePicture } from "@/lib/layouts/frame-picture";

export function ImageView({ box }: { box: TImageBox }) {
  const [size, setSize] = useState<{ src: string; width: number; height: number } | null>(null);
  const ref = useRef<HTMLImageElement>(null);
  const measure = (image: HTMLImageElement | null) => {
    if (image?.complete && image.naturalWidth > 0 && image.naturalHeight > 0)
      setSize({
        src: image.getAttribute("src") ?? "",
        width: image.naturalWidth,
        height: image.naturalHeight,
      });
  };
  // A picture loaded before hydration (server-rendered pages) fires no load event React sees.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measure again whenever the source changes.
  useEffect(() => measure(ref.current), [box.src]);
  const known = size && size.src === box.src ? size : null;
  const framed = known ? framePicture(known, box, { x: 0, y: 0, w: box.w, h: box.h }) : null;
  const clip = framed?.dest ?? { x: 0, y: 0, w: box.w, h: box.h };
  const placement = framed?.placement;
  return (
    <div
      data-box={box.id}
      data-frame={framed ? "placed" : "pending"}
      style={{
        position: "absolute",
        left: box.x + clip.x,
        top: box.y + clip.y,
        width: clip.w,
        height: clip.h,
        overflow: "hidden",
        borderRadius: box.radius,
      }}
    >
      {/* biome-ignore lint/performance/noImgElement: data-URI pictures in a scaled slide, not page images. */}
      <img
        src={box.src}
        alt={box.alt}
        draggable={false}
        ref={ref}
        onLoad={(event) => measure(event.currentTarget)}
        style={
          placement
            ? {
                position: "absolute",
                left: placement.x - clip.x,
                top: placement.y - clip.y,
                width: placement.w,
                height: placement.h,
                maxWidth: "none",
                display: "block",
              }
            : {
                width: "100%",
                height: "100%",
                objectFit: box.fit,
                objectPosition: "center",
                display: "block",
              }
        }
      />
    </div>
  );
}
