import "server-only";
import type PptxGenJS from "pptxgenjs";
import type { TChartBox } from "@/lib/layouts/boxes";
import {
  AXIS_WIDTH,
  barGapWidth,
  GRID_WIDTH,
  HOLE_SIZE,
  LINE_WIDTH,
  MARKER_SIZE,
  SLICE_GAP,
} from "@/lib/layouts/chart-geometry";
import { getFontFamily } from "@/lib/layouts/font-families";
import type { TPreparedImages } from "../prepare-images";

/** Slide units (1/96 in) → inches. */
const inches = (units: number) => units / 96;
/** Slide units → points. */
const points = (units: number) => units * 0.75;
/** "#RRGGBB" → "RRGGBB", as OOXML writes colours. */
const hex = (color: string) => color.replace(/^#/, "").toUpperCase();

/**
 * Adds a native, editable chart (with its embedded workbook) to a PPTX slide. The plot area is
 * placed with a manual layout at the geometry's plot rectangle, the value axis gets the
 * geometry's ticks, and labels, legend and data labels use the same face, sizes and colours, so
 * PowerPoint and LibreOffice draw the chart where the PDF and the editor do.
 */
export function addChart(
  pptx: PptxGenJS,
  slide: PptxGenJS.Slide,
  box: TChartBox,
  _images: TPreparedImages,
): void {
  const { chart, geometry: g } = box;
  const face = getFontFamily(box.font).pptxFace;
  const size = points(box.fontSize);
  const pie = chart.type === "pie" || chart.type === "doughnut";
  const data = (pie ? chart.series.slice(0, 1) : chart.series).map((series) => ({
    name: series.name,
    labels: [...g.categories],
    values: [...series.values],
  }));
  const common: PptxGenJS.IChartOpts = {
    x: inches(box.x),
    y: inches(box.y),
    w: inches(box.w),
    h: inches(box.h),
    objectName: box.alt,
    altText: box.alt,
    layout: {
      x: (g.plot.x - box.x) / box.w,
      y: (g.plot.y - box.y) / box.h,
      w: g.plot.w / box.w,
      h: g.plot.h / box.h,
    },
    chartColors: box.colors.map(hex),
    showTitle: false,
    showLegend: Boolean(g.legend),
    ...(g.legend ? { legendPos: g.legend } : {}),
    legendFontFace: face,
    legendFontSize: size,
    legendColor: hex(box.textColor),
    showValue: g.showValues,
    showPercent: false,
    showLabel: false,
    showSerName: false,
    dataLabelFormatCode: g.valueFormat,
    dataLabelFontFace: face,
    dataLabelFontSize: size,
    dataLabelColor: hex(pie ? box.onColor : box.textColor),
  };
  if (pie) {
    slide.addChart(chart.type === "pie" ? pptx.ChartType.pie : pptx.ChartType.doughnut, data, {
      ...common,
      firstSliceAng: 0,
      holeSize: HOLE_SIZE,
      dataNoEffects: true,
      ...(chart.type === "pie" ? { dataLabelPosition: "ctr" as const } : {}),
      // Slices are outlined in the background colour: the thin gaps the PDF draws between them.
      ...(g.slices.length > 1
        ? { dataBorder: { type: "solid" as const, pt: points(SLICE_GAP), color: hex(box.background) } }
        : {}),
    });
    return;
  }
  const axis = g.axis;
  if (!axis) throw new Error(`Chart "${box.id}" has no value axis`);
  const options: PptxGenJS.IChartOpts = {
    ...common,
    valAxisMinVal: axis.min,
    valAxisMaxVal: axis.max,
    valAxisMajorUnit: axis.step,
    valAxisLabelFormatCode: g.axisFormat,
    valAxisLabelFontFace: face,
    valAxisLabelFontSize: size,
    valAxisLabelColor: hex(box.textColor),
    valAxisLineShow: false,
    valAxisMajorTickMark: "none",
    valAxisLabelPos: "nextTo",
    valGridLine: { color: hex(box.gridColor), size: points(GRID_WIDTH), style: "solid" },
    catGridLine: { style: "none" },
    catAxisLabelFontFace: face,
    catAxisLabelFontSize: size,
    catAxisLabelColor: hex(box.textColor),
    catAxisLineShow: true,
    catAxisLineColor: hex(box.gridColor),
    catAxisLineSize: points(AXIS_WIDTH),
    catAxisMajorTickMark: "none",
    // Category labels at the low end of the value axis (under the plot, or left of it), as drawn.
    catAxisLabelPos: "low",
    ...(g.labelEvery > 1 ? { catAxisLabelFrequency: String(g.labelEvery) } : {}),
  };
  if (chart.type === "line") {
    slide.addChart(pptx.ChartType.line, data, {
      ...options,
      lineSize: points(LINE_WIDTH),
      lineDataSymbol: "circle",
      lineDataSymbolSize: Math.round(points(MARKER_SIZE)),
      ...(g.showValues ? { dataLabelPosition: "t" as const } : {}),
    });
    return;
  }
  slide.addChart(pptx.ChartType.bar, data, {
    ...options,
    barDir: chart.type === "bar" ? "bar" : "col",
    barGrouping: "clustered",
    barGapWidthPct: barGapWidth(chart.series.length),
    ...(g.showValues ? { dataLabelPosition: "outEnd" as const } : {}),
    // Bars lie with the first category on top, as the geometry draws them: the category axis runs
    // max→min and the value axis crosses it at the last category, so it stays at the bottom.
    // pptxgenjs writes both values through, though its types list fewer.
    ...(chart.type === "bar" ? (BARS_TOP_DOWN as PptxGenJS.IChartOpts) : {}),
  });
}

const BARS_TOP_DOWN = { catAxisOrientation: "maxMin", catAxisCrossesAt: "max" };
