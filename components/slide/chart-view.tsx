/**
 * Draws a chart box in the editor as inline SVG from the geometry the layout computed — the same
 * rectangles, points, slice paths and label baselines the PDF draws. Client-safe.
 */
import type { CSSProperties } from "react";
import type { TChartBox } from "@/lib/layouts/boxes";
import { AXIS_WIDTH, GRID_WIDTH, SLICE_GAP, slicePath } from "@/lib/layouts/chart-geometry";
import { getFontFamily } from "@/lib/layouts/font-families";

// Plain advances, as the layout measured them: no kerning or ligatures.
const TEXT_STYLE: CSSProperties = { whiteSpace: "pre", fontKerning: "none", fontVariantLigatures: "none" };

/** A native chart: an SVG in slide units laid over the box. */
export function ChartView({ box }: { box: TChartBox }) {
  const g = box.geometry;
  const markerR = g.markers[0]?.r;
  return (
    <svg
      data-box={box.id}
      data-role={box.role}
      role="img"
      aria-label={box.alt}
      style={{ position: "absolute", left: box.x, top: box.y, overflow: "visible" }}
      width={box.w}
      height={box.h}
      viewBox={`${box.x} ${box.y} ${box.w} ${box.h}`}
    >
      <title>{box.alt}</title>
      {g.gridlines.map((line) => (
        <line key={`grid-${line.x1}-${line.y1}`} {...line} stroke={box.gridColor} strokeWidth={GRID_WIDTH} />
      ))}
      {g.bars.map((bar) => (
        <rect
          key={`bar-${bar.series}-${bar.category}`}
          x={bar.x}
          y={bar.y}
          width={bar.w}
          height={bar.h}
          fill={bar.color}
        />
      ))}
      {g.slices.map((slice) => (
        <path
          key={`slice-${slice.category}`}
          d={slicePath(slice)}
          fill={slice.color}
          stroke={g.slices.length > 1 ? box.background : "none"}
          strokeWidth={SLICE_GAP}
          strokeLinejoin="round"
        />
      ))}
      {g.axisLine && <line {...g.axisLine} stroke={box.gridColor} strokeWidth={AXIS_WIDTH} />}
      {g.lines.map((line, index) => (
        <polyline
          // biome-ignore lint/suspicious/noArrayIndexKey: series never reorder
          key={`line-${index}`}
          points={line.points.map((point) => `${point.x},${point.y}`).join(" ")}
          fill="none"
          stroke={line.color}
          strokeWidth={line.width}
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      ))}
      {g.markers.map((marker) => (
        <circle
          key={`marker-${marker.x}-${marker.y}-${marker.color}`}
          cx={marker.x}
          cy={marker.y}
          r={marker.r}
          fill={marker.color}
        />
      ))}
      {g.legendKeys.map((key) => (
        <g key={`key-${key.x}-${key.y}`}>
          <rect x={key.x} y={key.y} width={key.w} height={key.h} fill={key.color} />
          {key.kind === "line" && (
            <circle cx={key.x + key.w / 2} cy={key.y + key.h / 2} r={markerR ?? key.h} fill={key.color} />
          )}
        </g>
      ))}
      {g.labels.map((label) => (
        <text
          key={`${label.kind}-${label.x}-${label.y}-${label.text}`}
          x={label.x}
          y={label.baseline}
          fill={label.color}
          fontFamily={getFontFamily(box.font).cssFamily}
          fontSize={box.fontSize}
          style={TEXT_STYLE}
        >
          {label.text}
        </text>
      ))}
    </svg>
  );
}
