/**
 * "Metrics" / "key figures": lines with a labelled figure ("Revenue: $2.4M", "Churn fell to 2%")
 * become one to six headline figures; a chart's data points too. Lines without a figure go to
 * the notes. Pure.
 */
import type { TMetric, TSlide } from "@/lib/deck/schema";
import { readMetric } from "@/lib/generate/content-shape";
import { EditRefusal } from "../../edit-refusal";
import { count, moveToNotes, notesField } from "../move-to-notes";
import { slideLines } from "../read-slide";
import { carryOver } from "./carry-over";
import type { TConverted } from "./types";

const MAX_METRICS = 6;

/** The slide as a metrics slide. */
export function toMetrics(slide: TSlide): TConverted {
  const c = slide.content;
  if (c.metrics?.length) throw new EditRefusal("The slide is already a metrics slide.");
  const metrics: TMetric[] = [];
  const rest: string[] = [];
  for (const line of slideLines(c)) {
    const metric = metrics.length < MAX_METRICS ? readMetric(line) : null;
    if (metric && metric.value.length <= 40) metrics.push(metric);
    else rest.push(line);
  }
  if (metrics.length === 0)
    throw new EditRefusal(
      'The slide has no figures to show as metrics, such as "Revenue: $2.4M" or "Churn fell to 2%".',
    );
  const carried = carryOver(c, "metrics");
  const warnings = [...carried.warnings];
  if (rest.length)
    warnings.push(
      `${count(rest.length, "line")} without a figure (or past ${MAX_METRICS} figures) moved to the speaker notes.`,
    );
  return {
    layout: "metrics",
    content: { ...carried.content, metrics },
    ...notesField(moveToNotes(slide.notes, [...carried.moved, ...rest])),
    summary: `turned the slide into ${count(metrics.length, "headline figure")}`,
    warnings,
  };
}
