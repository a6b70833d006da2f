import {
  SLIDE_HEIGHT,
  SLIDE_WIDTH,
  type TBox,
  type TRenderedSlide,
  type TShapeBox,
} from "@/lib/layouts/boxes";
import { cssGradient } from "@/lib/layouts/gradient-geometry";
import { ChartView } from "./chart-view";
import { ImageView } from "./image-view";
import { TableView } from "./table-view";
import { TextBoxView } from "./text-box-view";

export type TSlideViewProps = {
  slide: TRenderedSlide;
  /** Width in CSS pixels; the height follows at 16:9. */
  width: number;
  className?: string;
};

/** A slide at any width: drawn in slide units (1280×720) and scaled to fit. */
export function SlideView({ slide, width, className }: TSlideViewProps) {
  const scale = width / SLIDE_WIDTH;
  return (
    <div
      className={className}
      style={{
        position: "relative",
        width,
        height: SLIDE_HEIGHT * scale,
        overflow: "hidden",
        background: slide.background,
      }}
    >
      <div
        style={{
          position: "absolute",
          width: SLIDE_WIDTH,
          height: SLIDE_HEIGHT,
          transform: `scale(${scale})`,
          transformOrigin: "0 0",
        }}
      >
        {slide.boxes.map((box) => (
          <BoxView key={box.id} box={box} />
        ))}
      </div>
    </div>
  );
}

function BoxView({ box }: { box: TBox }) {
  switch (box.kind) {
    case "shape":
      return <ShapeView box={box} />;
    case "text":
      return <TextBoxView box={box} />;
    case "image":
      return <ImageView box={box} />;
    case "table":
      return <TableView box={box} />;
    case "chart":
      return <ChartView box={box} />;
  }
}

function ShapeView({ box }: { box: TShapeBox }) {
  if (box.shape === "line") {
    const stroke = box.stroke ?? { color: box.fill, width: 1 };
    const left = Math.min(box.x, box.x + box.w) - stroke.width;
    const top = Math.min(box.y, box.y + box.h) - stroke.width;
    return (
      <svg
        data-box={box.id}
        aria-hidden
        style={{ position: "absolute", left, top, overflow: "visible", opacity: box.opacity }}
        width={Math.abs(box.w) + 2 * stroke.width}
        height={Math.abs(box.h) + 2 * stroke.width}
      >
        <line
          x1={box.x - left}
          y1={box.y - top}
          x2={box.x + box.w - left}
          y2={box.y + box.h - top}
          stroke={stroke.color}
          strokeWidth={stroke.width}
        />
      </svg>
    );
  }
  const radius = box.shape === "ellipse" ? "50%" : box.shape === "roundRect" ? box.radius : undefined;
  return (
    <div
      data-box={box.id}
      style={{
        position: "absolute",
        left: box.x,
        top: box.y,
        width: box.w,
        height: box.h,
        background: box.fill === "none" ? undefined : box.gradient ? cssGradient(box.gradient) : box.fill,
        // The stroke is centred on the outline, as PDF and PowerPoint draw it.
        boxShadow: box.stroke
          ? `inset 0 0 0 ${box.stroke.width / 2}px ${box.stroke.color}, 0 0 0 ${box.stroke.width / 2}px ${box.stroke.color}`
          : undefined,
        borderRadius: radius,
        opacity: box.opacity,
      }}
    />
  );
}
