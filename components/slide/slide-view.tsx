/**
 * Draws a laid-out slide with absolutely positioned elements: the same boxes and measured lines
 * as the PPTX and PDF, so the editor shows what the files contain. Client-safe.
 */
import { type CSSProperties, Fragment } from "react";
import {
  SLIDE_HEIGHT,
  SLIDE_WIDTH,
  type TBox,
  type TRenderedSlide,
  type TShapeBox,
  type TTextBox,
  type TTextRun,
} from "@/lib/layouts/boxes";
import { BULLET_CHAR } from "@/lib/layouts/bullet-style";
import { CODE_FONT, getFontFamily } from "@/lib/layouts/font-families";
import { placeLines } from "@/lib/layouts/place-lines";
import { ChartView } from "./chart-view";
import { ImageView } from "./image-view";
import { TableView } from "./table-view";

export type TSlideViewProps = {
  slide: TRenderedSlide;
  /** Width in CSS pixels; the height follows at 16:9. */
  width: number;
  className?: string;
};

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
        background: box.fill === "none" ? undefined : box.fill,
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

function TextBoxView({ box }: { box: TTextBox }) {
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
  return Object.keys(style).length ? style : undefined;
}
