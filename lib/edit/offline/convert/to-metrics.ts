/**
 * "Metrics" / "key figures": lines with a labelled figure ("Revenue: $2.4M", "Churn fell to 2%")
 * become one to six headline figures; a chart's data points too. Lines without a figure go to
 * the notes. Pure.
 */
import type { TMetric, TSlide } from "@/lib/deck/schema";
import { readMetric } from "@/lib/generate/content-shape";
import { plainText } from "@/lib/generate/offline/tokenize";
import { EditRefusal } from "../../edit-refusal";
import { count, moveToNotes, notesField } from "../move-to-notes";
import { slideLines, splitPair } from "../read-slide";
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
    const metric = metrics.length < MAX_METRICS ? tidyMetric(labelled(line) ?? readMetric(line)) : null;
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

/**
 * "Batteries: $4,500, replaced after eight years": a label, then a text that starts with its
 * figure, is that figure labelled so, and the rest of the text is its detail.
 */
function labelled(line: string): TMetric | null {
  const pair = splitPair(plainText(line));
  const figure = pair ? readMetric(pair[1]) : null;
  if (!pair || !figure || !pair[1].startsWith(figure.value)) return null;
  const rest = pair[1]
    .slice(figure.value.length)
    .replace(/^[\s,;:–—-]+|[\s.]+$/g, "")
    .trim();
  return { value: figure.value, label: pair[0], ...(rest ? { detail: rest } : {}) };
}

/** How a label says a figure moved or stood, without the figure: "Churn fell to". */
const MOVED_TO =
  /\s+(?:fell|rose|grew|dropped|declined|decreased|increased|climbed|jumped|reached|hit|stood|totall?ed|amounted|came|went)(?:\s+(?:to|by|at|in))?$/i;

/**
 * A figure as a metric shows it: a year is a date, not a figure; "$2.4M, up 12%" is the figure
 * "$2.4M" with the detail "up 12%"; "Churn fell to" is labelled "Churn".
 */
function tidyMetric(metric: TMetric | null): TMetric | null {
  if (!metric || /^(?:1[5-9]|20)\d{2}$/.test(metric.value.trim())) return null;
  const parts =
    /^(\S+(?:\s(?:million|billion|trillion|thousand|percent|points?))?)(?:,\s+|\s+\()(.+?)\)?$/i.exec(
      metric.value.trim(),
    );
  const label = metric.label.replace(MOVED_TO, "").trim() || metric.label;
  if (!parts) return { ...metric, label };
  const detail = [parts[2], metric.detail].filter(Boolean).join("; ");
  return { value: parts[1], label, detail };
}
