"use client";
import { useEffect, useId, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { CHART_TYPES, type TChart, type TChartType } from "@/lib/deck/schema";
import {
  addCategory,
  addSeries,
  CHART_LIMITS,
  CHART_TYPE_LABELS,
  canAddCategory,
  canAddSeries,
  canRemoveCategory,
  canRemoveSeries,
  checkChart,
  normalizeChart,
  parseChartNumber,
  removeCategory,
  removeSeries,
  setCategory,
  setChartType,
  setSeriesName,
  setUnit,
  setValue,
} from "@/lib/editor-panels/chart-edit";
import type { TChartEditorProps } from "./types";

/** A field whose text is not (yet) part of the chart: what the user typed and why it is refused. */
type TDraft = { text: string; error: string };

/** Field keys: "type", "unit", "category:2", "name:1", "value:1:2" (series 1, category 2). */
const valueKey = (s: number, i: number) => `value:${s}:${i}`;

/** Where a ZChart issue path belongs in the grid. */
function fieldOf(path: string): string {
  const parts = path.split(".");
  if (parts[0] === "categories" && parts[1] !== undefined) return `category:${parts[1]}`;
  if (parts[0] === "series" && parts[2] === "name") return `name:${parts[1]}`;
  if (parts[0] === "series" && parts[2] === "values" && parts[3] !== undefined)
    return valueKey(Number(parts[1]), Number(parts[3]));
  if (parts[0] === "unit") return "unit";
  return "chart";
}

const cellInput =
  "block w-full min-w-20 rounded border border-line bg-white px-2 py-1.5 text-sm text-gray-900 focus:border-accent focus:outline-2 focus:outline-accent/30 aria-invalid:border-danger aria-invalid:bg-red-50";

/**
 * A chart's data as a grid: one row per category (its name, then a number per series), one column
 * per series (its name on top). Type and unit above; categories and series are added and removed
 * with buttons, within ZChart's limits. A field that would make the chart invalid (not a number,
 * an empty name, a negative pie value) keeps what was typed and shows why, and nothing is handed
 * on; every `onChange` is a valid ZChart.
 */
export function ChartEditor({ value, onChange }: TChartEditorProps) {
  const chart = useMemo(() => normalizeChart(value), [value]);
  const [drafts, setDrafts] = useState<Record<string, TDraft>>({});
  const id = useId();
  const shape = `${chart.categories.length}x${chart.series.length}`;

  // Positions shift when categories or series come and go: drafts for the old positions are dropped.
  useEffect(() => {
    void shape;
    setDrafts({});
  }, [shape]);

  /** Hands on `next` if valid; else keeps `text` in field `key` with the chart's message for it. */
  const commit = (key: string, text: string, next: TChart) => {
    const check = checkChart(next);
    if (check.ok) {
      setDrafts(({ [key]: _, ...rest }) => rest);
      // As typed, not as parsed: ZChart trims names, which would eat the space being typed.
      onChange(next);
      return;
    }
    const own = check.errors.find((error) => fieldOf(error.path) === key) ?? check.errors[0];
    setDrafts((all) => ({ ...all, [key]: { text, error: own.message } }));
  };

  const structural = (next: TChart) => {
    const check = checkChart(next);
    if (check.ok && next !== chart) onChange(next);
  };

  const editValue = (s: number, i: number, text: string) => {
    const parsed = parseChartNumber(text);
    if ("error" in parsed) {
      setDrafts((all) => ({ ...all, [valueKey(s, i)]: { text, error: parsed.error } }));
      return;
    }
    commit(valueKey(s, i), text, setValue(chart, s, i, parsed.value));
  };

  const field = (key: string, fallback: string) => drafts[key]?.text ?? fallback;
  const errorOf = (key: string) => drafts[key]?.error;
  const errors = Object.entries(drafts);
  const pie = chart.type === "pie" || chart.type === "doughnut";

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1">
          <label htmlFor={`${id}-type`} className="block text-sm font-semibold text-gray-800">
            Chart type
          </label>
          <select
            id={`${id}-type`}
            className={inputClass}
            value={chart.type}
            aria-invalid={errorOf("type") ? true : undefined}
            aria-describedby={errorOf("type") ? `${id}-type-error` : undefined}
            onChange={(event) => {
              const type = event.target.value as TChartType;
              const next = setChartType(chart, type);
              const check = checkChart(next);
              if (check.ok) {
                setDrafts(({ type: _, ...rest }) => rest);
                onChange(next);
              } else {
                setDrafts((all) => ({
                  ...all,
                  type: { text: type, error: `${CHART_TYPE_LABELS[type]}: ${check.errors[0].message}` },
                }));
              }
            }}
          >
            {CHART_TYPES.map((type) => (
              <option key={type} value={type}>
                {CHART_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
          {errorOf("type") && (
            <p id={`${id}-type-error`} role="alert" className="text-xs font-semibold text-danger">
              {errorOf("type")}
            </p>
          )}
        </div>
        <div className="w-32 space-y-1">
          <label htmlFor={`${id}-unit`} className="block text-sm font-semibold text-gray-800">
            Unit
          </label>
          <input
            id={`${id}-unit`}
            className={inputClass}
            value={field("unit", chart.unit ?? "")}
            maxLength={CHART_LIMITS.maxUnitChars}
            placeholder="%, M€"
            onChange={(event) => commit("unit", event.target.value, setUnit(chart, event.target.value))}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => structural(addCategory(chart))}
            disabled={!canAddCategory(chart)}
          >
            Add category
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => structural(addSeries(chart))}
            disabled={!canAddSeries(chart)}
          >
            Add series
          </Button>
        </div>
      </div>
      {pie && chart.series.length > 1 && (
        <p className="text-xs text-muted">A {chart.type} chart draws the first series only.</p>
      )}
      <div className="overflow-x-auto rounded-md border border-line">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Chart data: a row per category, a column per series</caption>
          <thead>
            <tr className="bg-gray-50">
              <th scope="col" className="border-b border-line p-2 text-left font-semibold">
                Category
              </th>
              {chart.series.map((series, s) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: series are positions; their names are edited
                <th key={s} scope="col" className="border-b border-line p-1 align-top">
                  <FieldInput
                    id={`${id}-name-${s}`}
                    label={`Series ${s + 1} name`}
                    value={field(`name:${s}`, series.name)}
                    error={errorOf(`name:${s}`)}
                    maxLength={CHART_LIMITS.maxNameChars}
                    className="font-semibold"
                    onChange={(text) => commit(`name:${s}`, text, setSeriesName(chart, s, text))}
                  />
                  <button
                    type="button"
                    className="mt-1 w-full rounded px-1 text-xs font-normal text-muted hover:bg-gray-100 hover:text-danger focus-visible:outline-2 focus-visible:outline-accent disabled:invisible"
                    onClick={() => structural(removeSeries(chart, s))}
                    disabled={!canRemoveSeries(chart)}
                    aria-label={`Remove series ${s + 1}`}
                  >
                    Remove series
                  </button>
                </th>
              ))}
              <th scope="col" className="w-px border-b border-line p-1">
                <span className="sr-only">Category actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {chart.categories.map((category, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: categories are positions; their names are edited
              <tr key={i} className="border-b border-line last:border-b-0">
                <th scope="row" className="p-1 align-top font-normal">
                  <FieldInput
                    id={`${id}-category-${i}`}
                    label={`Category ${i + 1}`}
                    value={field(`category:${i}`, category)}
                    error={errorOf(`category:${i}`)}
                    maxLength={CHART_LIMITS.maxNameChars}
                    onChange={(text) => commit(`category:${i}`, text, setCategory(chart, i, text))}
                  />
                </th>
                {chart.series.map((series, s) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: one cell per series position
                  <td key={s} className="p-1 align-top">
                    <FieldInput
                      id={`${id}-value-${s}-${i}`}
                      label={`${series.name}, ${category}`}
                      value={field(valueKey(s, i), String(series.values[i]))}
                      error={errorOf(valueKey(s, i))}
                      inputMode="decimal"
                      className="text-right tabular-nums"
                      onChange={(text) => editValue(s, i, text)}
                    />
                  </td>
                ))}
                <td className="p-1 align-top">
                  <button
                    type="button"
                    aria-label={`Remove category ${i + 1}`}
                    title={`Remove category ${i + 1}`}
                    disabled={!canRemoveCategory(chart)}
                    onClick={() => structural(removeCategory(chart, i))}
                    className="inline-flex h-8 w-8 items-center justify-center rounded text-gray-600 hover:bg-gray-100 hover:text-danger focus-visible:outline-2 focus-visible:outline-accent disabled:text-gray-300"
                  >
                    ✕
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {errors.length > 0 && (
        <p role="status" className="text-xs text-danger">
          {errors.length === 1 ? "One field is" : `${errors.length} fields are`} not applied until corrected.
        </p>
      )}
    </div>
  );
}

function FieldInput({
  id,
  label,
  value,
  error,
  onChange,
  className = "",
  ...rest
}: {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (text: string) => void;
  className?: string;
  maxLength?: number;
  inputMode?: "decimal";
}) {
  return (
    <div>
      <input
        id={id}
        aria-label={label}
        className={`${cellInput} ${className}`}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        {...rest}
      />
      {error && (
        <p id={`${id}-error`} className="mt-0.5 text-xs font-semibold text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
