"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Input } from "@/components/ui/field";
import type { TIconResult, TIconsResponse } from "@/lib/api/schemas/media";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { PanelDialog } from "./panel-dialog";
import { svgSrc } from "./svg-src";
import type { TIconPickerProps } from "./types";
import { useDebounced } from "./use-debounced";

/** Icons shown per search. */
const RESULTS = 60;

const fetchIcons = (q: string, limit: number) =>
  apiFetch<TIconsResponse>(`/api/v1/ppt/icons?${new URLSearchParams({ q, limit: String(limit) })}`);

/**
 * Chooses an icon from the shipped Lucide set: a debounced search box over GET /api/v1/ppt/icons
 * (empty: icons that suit slides), a grid of icon buttons (arrow keys, Home/End move between
 * them; Tab leaves the grid), the current icon shown and highlighted. Picking calls `onPick(name)`
 * and then `onClose`.
 */
export function IconPicker({ open, value, onPick, onClose }: TIconPickerProps) {
  const [text, setText] = useState("");
  const q = useDebounced(text.trim(), 250);
  const searchId = useId();
  const statusId = useId();

  // Each opening starts from the default set.
  useEffect(() => {
    if (open) setText("");
  }, [open]);

  const current = useQuery({
    queryKey: ["icons", value ?? "", 1],
    queryFn: () => fetchIcons(value ?? "", 1),
    enabled: open && Boolean(value?.trim()),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const results = useQuery({
    queryKey: ["icons", q, RESULTS],
    queryFn: () => fetchIcons(q, RESULTS),
    enabled: open,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
  const currentIcon = current.data?.icons[0];
  const icons = results.data?.icons ?? [];

  const pick = (name: string) => {
    onPick(name);
    onClose();
  };

  return (
    <PanelDialog open={open} title="Choose an icon" onClose={onClose}>
      <div className="space-y-4">
        <div className="flex flex-wrap items-end gap-4">
          <div className="min-w-60 flex-1 space-y-1">
            <label htmlFor={searchId} className="block text-sm font-semibold text-gray-800">
              Search icons
            </label>
            <Input
              id={searchId}
              type="search"
              data-autofocus
              value={text}
              placeholder="rocket, growth, security…"
              aria-describedby={statusId}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "ArrowDown" || event.key === "Enter") {
                  event.preventDefault();
                  document
                    .querySelector<HTMLButtonElement>(`[data-icon-grid="${searchId}"] button[tabindex="0"]`)
                    ?.focus();
                }
              }}
            />
          </div>
          {currentIcon && (
            <div className="flex items-center gap-2 text-sm text-gray-700">
              <span>Current:</span>
              <IconImage icon={currentIcon} size={24} />
              <span className="font-semibold">{currentIcon.name}</span>
            </div>
          )}
        </div>
        <p id={statusId} role="status" className="text-sm text-muted">
          {results.isError
            ? `Icons could not be loaded: ${errorMessage(results.error)}`
            : results.isPending
              ? "Loading icons…"
              : icons.length === 0
                ? `No icons match “${q}”. Try another word.`
                : q
                  ? `${icons.length} icon${icons.length === 1 ? "" : "s"} for “${q}”.`
                  : "Icons that suit slides. Type to search the whole set."}
        </p>
        <IconGrid gridId={searchId} icons={icons} currentName={currentIcon?.name} onPick={pick} />
      </div>
    </PanelDialog>
  );
}

function IconGrid({
  gridId,
  icons,
  currentName,
  onPick,
}: {
  gridId: string;
  icons: TIconResult[];
  currentName: string | undefined;
  onPick: (name: string) => void;
}) {
  const ref = useRef<HTMLFieldSetElement>(null);
  const [focusIndex, setFocusIndex] = useState(0);
  const names = icons.map((icon) => icon.name).join(" ");

  // New results: the roving tab stop goes to the current icon when it is among them.
  useEffect(() => {
    const list = names ? names.split(" ") : [];
    setFocusIndex(Math.max(0, currentName ? list.indexOf(currentName) : 0));
  }, [names, currentName]);

  const move = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    const buttons = [...(ref.current?.querySelectorAll<HTMLButtonElement>("button[data-icon]") ?? [])];
    if (buttons.length === 0) return;
    // Columns as laid out now (the grid reflows with the dialog's width).
    const columns = Math.max(1, buttons.filter((b) => b.offsetTop === buttons[0].offsetTop).length);
    const steps: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      ArrowDown: columns,
      ArrowUp: -columns,
    };
    let next: number;
    if (event.key in steps) next = focusIndex + steps[event.key];
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = buttons.length - 1;
    else return;
    event.preventDefault();
    next = Math.max(0, Math.min(buttons.length - 1, next));
    setFocusIndex(next);
    buttons[next].focus();
  };

  return (
    <fieldset
      ref={ref}
      data-icon-grid={gridId}
      onKeyDown={move}
      className="grid min-w-0 grid-cols-[repeat(auto-fill,minmax(5.5rem,1fr))] gap-2"
    >
      <legend className="sr-only">Icons</legend>
      {icons.map((icon, i) => {
        const isCurrent = icon.name === currentName;
        return (
          <button
            key={icon.name}
            type="button"
            data-icon={icon.name}
            aria-label={icon.name}
            aria-current={isCurrent ? "true" : undefined}
            tabIndex={i === focusIndex ? 0 : -1}
            onFocus={() => setFocusIndex(i)}
            onClick={() => onPick(icon.name)}
            className={`flex flex-col items-center gap-1 rounded-md border p-2 text-gray-800 hover:border-accent hover:bg-accent/5 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent ${
              isCurrent ? "border-accent bg-accent/10 ring-2 ring-accent" : "border-line"
            }`}
          >
            <IconImage icon={icon} size={28} />
            <span className="w-full truncate text-center text-xs" aria-hidden="true">
              {icon.name}
            </span>
          </button>
        );
      })}
    </fieldset>
  );
}

function IconImage({ icon, size }: { icon: TIconResult; size: number }) {
  // biome-ignore lint/performance/noImgElement: an inline SVG data URI, not a page image to optimise.
  return <img src={svgSrc(icon.svg)} alt="" width={size} height={size} draggable={false} />;
}
