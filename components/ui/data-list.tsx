import type { ReactNode } from "react";
import { errorMessage } from "@/lib/client/api-fetch";

type TListQuery = { isPending: boolean; isError: boolean; error: unknown };

/**
 * What a list shows instead of its rows: "Loading <what>…" while its query runs, the error when it
 * failed, the `empty` line when there are no rows; null when the rows can be shown.
 */
export function listPlaceholder(
  query: TListQuery,
  what: string,
  options: { count?: number; empty?: string } = {},
): ReactNode | null {
  if (query.isPending) return <p className="text-sm text-muted">Loading {what}…</p>;
  if (query.isError && !options.count)
    return (
      <p role="alert" className="text-sm font-semibold text-danger">
        Could not load the {what}: {errorMessage(query.error)}
      </p>
    );
  if (options.empty !== undefined && options.count === 0)
    return <p className="text-sm text-muted">{options.empty}</p>;
  return null;
}

/** A column of TableHead: its label; right-aligned for numbers; `actions` is read by screen readers only. */
export type TColumn = string | { label: string; align?: "right"; actions?: true };

/** The header row of a data table: small capitals, a rule below, the last column without a gap. */
export function TableHead({ columns, gap = "pr-4" }: { columns: readonly TColumn[]; gap?: "pr-3" | "pr-4" }) {
  return (
    <thead className="border-b border-line text-xs font-semibold tracking-wide text-muted uppercase">
      <tr>
        {columns.map((column, index) => {
          const { label, align, actions } = typeof column === "string" ? { label: column } : column;
          const classes = [
            "py-2",
            index < columns.length - 1 ? gap : "",
            align === "right" ? "text-right" : "",
          ];
          return (
            <th key={label} scope="col" className={classes.filter(Boolean).join(" ")}>
              {actions ? <span className="sr-only">{label}</span> : label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
