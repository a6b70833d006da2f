"use client";
import type { TSaveStatus } from "@/lib/editor/save-queue";

const LABELS: Record<TSaveStatus["state"], string> = {
  saved: "All changes saved",
  dirty: "Unsaved changes",
  saving: "Saving…",
  error: "Save failed",
  conflict: "Conflict",
};

const DOTS: Record<TSaveStatus["state"], string> = {
  saved: "bg-success",
  dirty: "bg-amber-500",
  saving: "bg-accent animate-pulse",
  error: "bg-danger",
  conflict: "bg-danger",
};

/** The autosave state in words, announced politely as it changes. */
export function SaveStatus({ status }: { status: TSaveStatus }) {
  const label =
    status.state === "error"
      ? status.retrying
        ? "Save failed — retrying"
        : `Save failed — ${status.error ?? "try again"}`
      : status.state === "conflict"
        ? "Conflict — changed elsewhere"
        : LABELS[status.state];
  return (
    <output
      aria-live="polite"
      data-save-state={status.state}
      data-version={status.version}
      data-testid="save-status"
      title={status.state === "error" ? status.error : undefined}
      className="inline-flex max-w-64 items-center gap-1.5 truncate text-xs font-semibold text-gray-700"
    >
      <span aria-hidden className={`size-2 shrink-0 rounded-full ${DOTS[status.state]}`} />
      {label}
    </output>
  );
}
