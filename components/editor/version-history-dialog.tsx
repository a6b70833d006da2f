"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useState } from "react";
import { formatTime } from "@/components/account/format";
import { PanelDialog } from "@/components/editor/panels/panel-dialog";
import { SlideView } from "@/components/slide/slide-view";
import { Button, buttonClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { listPlaceholder } from "@/components/ui/data-list";
import { Field, inputClass } from "@/components/ui/field";
import type { TDeckVersion, TDeckVersionSummary, TVersionReason } from "@/lib/api/schemas/versions";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import type { TRenderedSlide } from "@/lib/layouts/boxes";

const REASON_LABELS: Record<TVersionReason, string> = {
  editing: "Automatic",
  restore: "Automatic, before a restore",
  ai_edit: "Automatic, before an AI edit",
  layout_switch: "Automatic, before a layout switch",
};

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** "just now", "5 minutes ago", "yesterday": how long ago `iso` was, in the visitor's language. */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
  for (const [unit, size] of UNITS)
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  return "just now";
}

/** What the list calls a version: its name, or how an automatic one came about. */
export function versionLabel(version: TDeckVersionSummary): string {
  return version.kind === "named" && version.name ? version.name : REASON_LABELS[version.reason ?? "editing"];
}

/**
 * The editor's Version history dialog: the presentation's versions, newest first (named ones by
 * name, automatic ones as such, with how long ago), a form that names the current deck (pending
 * edits saved first by `beforeSave`), a read-only preview of a chosen version's slides drawn by
 * the editor's SlideView, and "Restore this version" after a confirmation (`onRestore` saves,
 * restores and shows the restored deck in the editor).
 */
export function VersionHistoryDialog({
  open,
  presentationId,
  beforeSave,
  onRestore,
  onClose,
}: {
  open: boolean;
  presentationId: string;
  beforeSave: () => Promise<void>;
  onRestore: (version: TDeckVersionSummary) => Promise<void>;
  onClose: () => void;
}) {
  const endpoint = `/api/v3/presentation/${encodeURIComponent(presentationId)}/versions`;
  const queryKey = ["versions", presentationId];
  const client = useQueryClient();
  const versions = useQuery({
    queryKey,
    queryFn: () => apiFetch<TDeckVersionSummary[]>(endpoint),
    enabled: open,
  });
  const [name, setName] = useState("");
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // The name being typed for the chosen version (null: not renaming).
  const [renaming, setRenaming] = useState<string | null>(null);
  const ids = useId();

  useEffect(() => {
    if (open) void client.invalidateQueries({ queryKey: ["versions", presentationId] });
    else {
      setChosenId(null);
      setError(null);
      setName("");
    }
    // The list is fetched afresh whenever the dialog opens: saves since may have added versions.
  }, [open, client, presentationId]);

  const list = versions.data ?? [];
  const chosen = list.find((version) => version.id === chosenId) ?? null;

  const preview = useQuery({
    queryKey: ["version-preview", presentationId, chosenId],
    enabled: open && chosenId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const version = await apiFetch<TDeckVersion>(`${endpoint}/${encodeURIComponent(chosenId ?? "")}`);
      const layout = await apiFetch<{ slides: TRenderedSlide[] }>("/api/v1/ppt/layout", {
        method: "POST",
        body: { deck: version.deck },
      });
      // A long slide continues on further pages: each page keyed by its slide and its place there.
      const seen = new Map<string, number>();
      const pages = layout.slides.map((page) => {
        const n = (seen.get(page.slideId) ?? 0) + 1;
        seen.set(page.slideId, n);
        return { page, key: `${page.slideId}:${n}` };
      });
      return { version, pages };
    },
  });

  const create = useMutation({
    mutationFn: async () => {
      await beforeSave();
      return apiFetch<TDeckVersionSummary>(endpoint, { method: "POST", body: { name } });
    },
    onMutate: () => setError(null),
    onSuccess: (version) => {
      setName("");
      client.setQueryData<TDeckVersionSummary[]>(queryKey, (old) => [version, ...(old ?? [])]);
    },
    onError: (cause) => setError(`Could not save the version: ${errorMessage(cause)}`),
  });

  const restore = useMutation({
    mutationFn: (version: TDeckVersionSummary) => onRestore(version),
    onMutate: () => setError(null),
    onSuccess: () => {
      setConfirming(false);
      void client.invalidateQueries({ queryKey });
      onClose();
    },
    onError: (cause) => {
      setConfirming(false);
      setError(`Could not restore the version: ${errorMessage(cause)}`);
    },
  });

  const rename = useMutation({
    mutationFn: ({ version, name }: { version: TDeckVersionSummary; name: string }) =>
      apiFetch<TDeckVersionSummary>(`${endpoint}/${encodeURIComponent(version.id)}`, {
        method: "PATCH",
        body: { name },
      }),
    onMutate: () => setError(null),
    onSuccess: (renamed) => {
      setRenaming(null);
      client.setQueryData<TDeckVersionSummary[]>(queryKey, (old) =>
        old?.map((v) => (v.id === renamed.id ? renamed : v)),
      );
    },
    onError: (cause) => setError(`Could not rename the version: ${errorMessage(cause)}`),
  });

  const remove = useMutation({
    mutationFn: (version: TDeckVersionSummary) =>
      apiFetch<void>(`${endpoint}/${encodeURIComponent(version.id)}`, { method: "DELETE" }),
    onMutate: () => setError(null),
    onSuccess: (_, version) => {
      setDeleting(false);
      setChosenId(null);
      client.setQueryData<TDeckVersionSummary[]>(queryKey, (old) => old?.filter((v) => v.id !== version.id));
    },
    onError: (cause) => {
      setDeleting(false);
      setError(`Could not delete the version: ${errorMessage(cause)}`);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim()) create.mutate();
  }

  return (
    <PanelDialog open={open} title="Version history" onClose={onClose}>
      <div data-testid="version-history" className="space-y-4">
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
          <div className="min-w-56 flex-1">
            <Field
              id={`${ids}-name`}
              label="Version name"
              hint="Keeps the deck as it is now (your latest edits are saved first) until you delete it."
            >
              <input
                id={`${ids}-name`}
                data-autofocus
                className={inputClass}
                value={name}
                maxLength={100}
                placeholder="e.g. Sent to the board"
                aria-describedby={`${ids}-name-hint`}
                onChange={(event) => setName(event.target.value)}
              />
            </Field>
          </div>
          <button type="submit" className={buttonClass()} disabled={create.isPending || !name.trim()}>
            {create.isPending ? "Saving…" : "Save version"}
          </button>
        </form>

        {error && (
          <p role="alert" className="text-sm font-semibold text-danger">
            {error}
          </p>
        )}

        <div className="flex flex-col gap-4 md:flex-row">
          <section aria-labelledby={`${ids}-list`} className="md:w-64 md:shrink-0">
            <h3 id={`${ids}-list`} className="mb-2 text-sm font-bold text-gray-900">
              Versions
            </h3>
            {listPlaceholder(versions, "versions", {
              count: list.length,
              empty:
                "No versions yet. Edits you save are kept here automatically, and you can name the deck as it is now.",
            }) ?? (
              <ul className="max-h-[50vh] space-y-1 overflow-y-auto pr-1" aria-labelledby={`${ids}-list`}>
                {list.map((version) => (
                  <li key={version.id}>
                    <button
                      type="button"
                      data-version={version.id}
                      aria-pressed={version.id === chosenId}
                      onClick={() => {
                        setChosenId(version.id);
                        setRenaming(null);
                      }}
                      className={`w-full rounded-md border px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-accent ${
                        version.id === chosenId
                          ? "border-accent bg-accent/10"
                          : "border-line hover:bg-gray-50"
                      }`}
                    >
                      <span
                        className={`block truncate ${version.kind === "named" ? "font-semibold text-gray-900" : "text-gray-700"}`}
                      >
                        {versionLabel(version)}
                      </span>
                      <span className="block text-xs text-muted" title={formatTime(version.created_at)}>
                        {relativeTime(version.created_at)} · {version.slide_count}{" "}
                        {version.slide_count === 1 ? "slide" : "slides"}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section
            aria-labelledby={`${ids}-preview`}
            className="min-w-0 flex-1"
            data-testid="version-preview"
          >
            <h3 id={`${ids}-preview`} className="mb-2 text-sm font-bold text-gray-900">
              {chosen ? `Preview: ${versionLabel(chosen)}` : "Preview"}
            </h3>
            {!chosen ? (
              <p className="text-sm text-muted">Choose a version to see its slides.</p>
            ) : (
              <div className="space-y-3">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="mr-auto text-xs text-muted">
                    Saved {formatTime(chosen.created_at)} (version {chosen.revision})
                    {chosen.first_slide_title ? ` · “${chosen.first_slide_title}”` : ""}
                  </p>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setRenaming(chosen.name ?? "")}
                    aria-expanded={renaming !== null}
                    title={
                      chosen.kind === "named"
                        ? undefined
                        : "A named version is kept until you delete it; automatic ones make way for newer ones"
                    }
                  >
                    {chosen.kind === "named" ? "Rename" : "Name this version"}
                  </Button>
                  {chosen.kind === "named" && (
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-danger!"
                      onClick={() => setDeleting(true)}
                      aria-label={`Delete the version ${versionLabel(chosen)}`}
                    >
                      Delete
                    </Button>
                  )}
                  <Button size="sm" onClick={() => setConfirming(true)} disabled={!preview.data}>
                    Restore this version
                  </Button>
                </div>
                {renaming !== null && (
                  <form
                    className="flex flex-wrap items-end gap-2"
                    onSubmit={(event) => {
                      event.preventDefault();
                      if (renaming.trim()) rename.mutate({ version: chosen, name: renaming });
                    }}
                  >
                    <div className="min-w-48 flex-1">
                      <Field id={`${ids}-rename`} label="New name">
                        <input
                          id={`${ids}-rename`}
                          className={inputClass}
                          value={renaming}
                          maxLength={100}
                          // biome-ignore lint/a11y/noAutofocus: opened by the user's click to type the name
                          autoFocus
                          onChange={(event) => setRenaming(event.target.value)}
                          onKeyDown={(event) => {
                            // Escape ends the renaming, not the whole dialog.
                            if (event.key === "Escape") {
                              event.preventDefault();
                              setRenaming(null);
                            }
                          }}
                        />
                      </Field>
                    </div>
                    <button
                      type="submit"
                      className={buttonClass("primary", "sm")}
                      disabled={rename.isPending || !renaming.trim()}
                    >
                      {rename.isPending ? "Saving…" : "Save name"}
                    </button>
                    <Button size="sm" variant="ghost" onClick={() => setRenaming(null)}>
                      Cancel
                    </Button>
                  </form>
                )}
                {preview.isPending ? (
                  <p className="text-sm text-muted">Loading the slides…</p>
                ) : preview.isError ? (
                  <p role="alert" className="text-sm font-semibold text-danger">
                    Could not load this version: {errorMessage(preview.error)}
                  </p>
                ) : (
                  <ol
                    aria-label={`Slides of ${versionLabel(chosen)}`}
                    className="grid max-h-[50vh] grid-cols-[repeat(auto-fill,minmax(200px,1fr))] gap-3 overflow-y-auto"
                  >
                    {preview.data.pages.map(({ page, key }, index) => (
                      <li key={key} className="space-y-1" data-testid="version-preview-slide">
                        <SlideView slide={page} width={200} className="rounded border border-line" />
                        <span className="block text-xs text-muted">Page {index + 1}</span>
                      </li>
                    ))}
                  </ol>
                )}
              </div>
            )}
          </section>
        </div>
      </div>

      <ConfirmDialog
        open={confirming && chosen !== null}
        title="Restore this version?"
        confirmLabel="Restore version"
        danger={false}
        busy={restore.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => chosen && restore.mutate(chosen)}
      >
        {chosen && (
          <p>
            The deck becomes “{versionLabel(chosen)}” from {formatTime(chosen.created_at)}. What you have now
            is kept in the history first, and Undo takes you back to it.
          </p>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting && chosen !== null}
        title="Delete this version?"
        confirmLabel="Delete version"
        busy={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() => chosen && remove.mutate(chosen)}
      >
        {chosen && (
          <p>“{versionLabel(chosen)}” will be gone from the history. The deck itself does not change.</p>
        )}
      </ConfirmDialog>
    </PanelDialog>
  );
}
