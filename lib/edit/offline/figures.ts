/**
 * Figures in slide text as numbers a chart can draw: "$2.4M" → 2.4 with unit "$M", "18%" → 18 "%",
 * "1,200" → 1200. Pure.
 */
import { readMetric } from "@/lib/generate/content-shape";
import { plainText } from "@/lib/generate/offline/tokenize";

/** A number read from text, with the unit written around it. */
export type TFigure = { value: number; unit: string };

const CURRENCY = "[$€£¥₹]";
const SCALE = "(?:%|‰|k|K|m|M|bn|B|million|billion|thousand|percent|pp)";
const FIGURE = new RegExp(
  `^\\s*([-+−]?)\\s*(${CURRENCY})?\\s?(\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?)\\s?(${SCALE}\\b|%|‰)?\\s*(${CURRENCY})?`,
  "u",
);

/** The figure a value is made of ("$2.4M", "18 %", "−3.5"), or null when it starts with none. */
export function parseFigure(text: string): TFigure | null {
  const m = FIGURE.exec(plainText(text));
  if (!m) return null;
  const value = Number(m[3].replace(/,/g, "")) * (m[1] === "-" || m[1] === "−" ? -1 : 1);
  if (!Number.isFinite(value)) return null;
  const scale = m[4] === "percent" ? "%" : (m[4] ?? "");
  return { value, unit: `${m[2] ?? ""}${scale}${m[5] ?? ""}` };
}

/** A line as a labelled figure ("Revenue grew 18%" → label "Revenue grew", 18 %), or null. */
export function labelledFigure(line: string): { label: string; figure: TFigure } | null {
  const metric = readMetric(line);
  if (!metric) return null;
  const figure = parseFigure(metric.value);
  return figure ? { label: metric.label, figure } : null;
}
