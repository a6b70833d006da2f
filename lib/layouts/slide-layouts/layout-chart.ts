import "server-only";
import type { TChart, TSlideContent } from "@/lib/deck/schema";
import type { TBox, TChartBox } from "../boxes";
import { computeChartGeometry } from "../chart-geometry";
import type { TParagraphSpec } from "../fit-text";
import { fontVerticalMetrics, measureRun } from "../fonts";
import { stripInline } from "../parse-inline";
import type { TPalette } from "../themes";
import { bulletParagraphs, inlineRuns, textParagraphs } from "../to-paragraphs";
import { bodyAndBulletBoxes } from "./body-boxes";
import { contentHeader } from "./content-header";
import { card, contentPage, type TLayoutContext, type TPage } from "./frame";
import { layoutBullets } from "./layout-bullets";
import { fitTextBox, hugText } from "./text-box";

/** The chart's share of the content width when a text panel sits beside it. */
const CHART_SHARE = 0.62;
const GAP = 40;
const PADDING = 28;

const TYPE_NAMES: Record<TChart["type"], string> = {
  bar: "Bar",
  column: "Column",
  line: "Line",
  pie: "Pie",
  doughnut: "Doughnut",
};

/**
 * Title and a native chart filling the body; when the slide also has a lead or bullets, the chart
 * takes about three fifths of the width and the text sits in a panel beside it, fitted (and cut
 * with "…" rather than continued, since a chart slide is one picture).
 */
export function layoutChart(content: TSlideContent, context: TLayoutContext): TPage[] {
  const chart = content.chart;
  if (!chart) return layoutBullets(content, context);
  const { frame } = context.template;
  const paragraphs = [...textParagraphs(content.body), ...bulletParagraphs(content.bullets)];
  const chartW = paragraphs.length ? Math.round(frame.contentW * CHART_SHARE) : frame.contentW;
  const boxes: TBox[] = [
    chartBox(
      chart,
      { x: frame.marginX, y: frame.body.y, w: chartW, h: frame.body.h },
      content.title,
      context,
    ),
  ];
  if (paragraphs.length) boxes.push(...textPanel(paragraphs, frame.marginX + chartW + GAP, context));
  return [contentPage(context, contentHeader(inlineRuns(content.title), context), boxes)];
}

/** The lead and bullets in a card beside the chart, the card hugging the text, centred on the body. */
function textPanel(paragraphs: TParagraphSpec[], x: number, context: TLayoutContext): TBox[] {
  const { frame, sizes } = context.template;
  const w = frame.marginX + frame.contentW - x;
  const { box, fit } = fitTextBox({
    role: "body",
    x: x + PADDING,
    y: frame.body.y + PADDING,
    w: w - 2 * PADDING,
    h: frame.body.h - 2 * PADDING,
    paragraphs,
    font: context.fonts.body,
    fontSize: sizes.columnBody,
    minFontSize: sizes.caption,
    lineHeight: 1.3,
    paragraphGapEm: 0.45,
    overflow: "ellipsis",
    color: context.palette.text,
    align: "left",
    valign: "top",
  });
  const panelH = fit.height + 2 * PADDING;
  const top = frame.body.y + (frame.body.h - panelH) / 2;
  const text = { ...hugText(box, fit), y: top + PADDING };
  return [card("panel", { x, y: top, w, h: panelH }, context), ...bodyAndBulletBoxes(text, fit)];
}

function chartBox(
  chart: TChart,
  area: { x: number; y: number; w: number; h: number },
  title: string | undefined,
  context: TLayoutContext,
): TChartBox {
  const { palette, theme } = context;
  const font = context.fonts.body;
  const fontSize = context.template.sizes.caption;
  const pie = chart.type === "pie" || chart.type === "doughnut";
  const colors = Array.from({ length: pie ? chart.categories.length : chart.series.length }, (_, i) =>
    chartColor(theme.chart, i, palette.background),
  );
  const { ascent, descent } = fontVerticalMetrics(font);
  const spec: Omit<TChartBox, "geometry"> = {
    kind: "chart",
    id: "chart",
    role: "chart",
    ...area,
    chart: pie ? { ...chart, series: chart.series.slice(0, 1) } : chart,
    colors,
    font,
    fontSize,
    textColor: palette.muted,
    gridColor: palette.border,
    onColor: labelColorOn(colors, palette),
    background: palette.background,
    alt: altText(chart, title),
  };
  const metrics = { width: (text: string) => measureRun(font, { text }, fontSize), ascent, descent };
  return { ...spec, geometry: computeChartGeometry(spec, metrics) };
}

/** The i-th series or slice colour: the theme's, then lighter rounds of them towards the background. */
function chartColor(colors: string[], index: number, background: string): string {
  const base = colors[index % colors.length];
  const round = Math.floor(index / colors.length);
  return round === 0 ? base : mixColors(base, background, 1 - 0.6 ** round);
}

/** White or the palette's darkest colour, whichever reads better on the worst of the fills. */
function labelColorOn(fills: string[], palette: TPalette): string {
  const dark = [palette.text, palette.background].reduce((a, b) => (luminance(a) < luminance(b) ? a : b));
  const worst = (color: string) => Math.min(...fills.map((fill) => contrast(color, fill)));
  return worst("#FFFFFF") >= worst(dark) ? "#FFFFFF" : dark;
}

function altText(chart: TChart, title: string | undefined): string {
  const what =
    chart.type === "pie" || chart.type === "doughnut"
      ? `${chart.series[0].name} by ${listOf(chart.categories)}`
      : `${listOf(chart.series.map((series) => series.name))} by ${listOf(chart.categories)}`;
  const heading = stripInline(title ?? "").trim();
  return `${heading ? `${heading}: ` : ""}${TYPE_NAMES[chart.type].toLowerCase()} chart of ${what}`;
}

function listOf(names: string[]): string {
  return names.length > 6 ? `${names.slice(0, 6).join(", ")}…` : names.join(", ");
}

function channels(color: string): number[] {
  const hex = color.replace("#", "");
  return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
}

function mixColors(a: string, b: string, amount: number): string {
  const [x, y] = [channels(a), channels(b)];
  return `#${x
    .map((v, i) => Math.round(v + (y[i] - v) * amount))
    .map((v) => v.toString(16).padStart(2, "0"))
    .join("")
    .toUpperCase()}`;
}

function luminance(color: string): number {
  const [r, g, b] = channels(color).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
