"use client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type DragEvent, type KeyboardEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/field";
import {
  IMAGE_SEARCH_MAX,
  type TImageCandidateView,
  type TImageSearchRequest,
  type TImageSearchResponse,
  type TImageSourcesResponse,
  type TImageUploadResponse,
} from "@/lib/api/schemas/media";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import type { TImage } from "@/lib/deck/schema";
import { altFromFileName } from "@/lib/editor/alt-from-file-name";
import { PanelDialog } from "./panel-dialog";
import type { TImagePickerProps } from "./types";
import { credits, useCredits, useRefreshCredits } from "./use-credits";

const TABS = [
  { id: "upload", label: "Upload" },
  { id: "search", label: "Search" },
  { id: "offline", label: "Offline" },
] as const;
type TTab = (typeof TABS)[number]["id"];

const ACCEPT = "image/png,image/jpeg,image/webp,image/gif";
const MAX_ALT = 500;

/**
 * Replaces a slide's picture, in a modal: **Upload** a file (picker or drag and drop; stored by
 * POST /api/v1/ppt/images/upload), **Search** the configured stock library or image model (POST
 * /api/v1/ppt/images/search; AI pictures show their cost and the balance before and after), or
 * choose an **Offline** illustration drawn from a query (no stored picture). The alt text field
 * applies to whichever picture is chosen. Choosing calls `onPick` and then `onClose`.
 */
export function ImagePicker({ open, presentationId, value, onPick, onClose }: TImagePickerProps) {
  return (
    <PanelDialog open={open} title="Replace picture" onClose={onClose}>
      {/* Rendered only while open, so every opening starts fresh. */}
      <ImagePickerBody
        presentationId={presentationId}
        value={value}
        onPick={(image) => {
          onPick(image);
          onClose();
        }}
      />
    </PanelDialog>
  );
}

function ImagePickerBody({
  presentationId,
  value,
  onPick,
}: Pick<TImagePickerProps, "presentationId" | "value" | "onPick">) {
  const [tab, setTab] = useState<TTab>("search");
  // Prefilled with the picture's alt text, else what it was asked for by.
  const [alt, setAlt] = useState(value?.alt || value?.query || "");
  const [typed, setTyped] = useState(false);
  const baseId = useId();
  const altText = alt.trim();
  /**
   * The chosen picture with the alt text typed here, else the picture's own description (a stock
   * photo's, the query of an illustration, an upload's file name), else the prefilled text.
   */
  const pick = (image: TImage, ownAlt?: string) => {
    const text = (typed ? altText : ownAlt?.trim() || altText).slice(0, MAX_ALT);
    onPick({ ...image, ...(text ? { alt: text } : {}) });
  };

  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((t) => t.id === tab);
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step && event.key !== "Home" && event.key !== "End") return;
    event.preventDefault();
    const next =
      event.key === "Home"
        ? 0
        : event.key === "End"
          ? TABS.length - 1
          : (index + step + TABS.length) % TABS.length;
    setTab(TABS[next].id);
    document.getElementById(`${baseId}-tab-${TABS[next].id}`)?.focus();
  };

  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <label htmlFor={`${baseId}-alt`} className="block text-sm font-semibold text-gray-800">
          Alt text
        </label>
        <Input
          id={`${baseId}-alt`}
          value={alt}
          maxLength={MAX_ALT}
          placeholder="What the picture shows, for people who cannot see it"
          onChange={(event) => {
            setAlt(event.target.value);
            setTyped(true);
          }}
        />
      </div>
      <div
        role="tablist"
        aria-label="Picture source"
        className="flex gap-1 border-b border-line"
        onKeyDown={onTabKey}
      >
        {TABS.map((t) => (
          <button
            key={t.id}
            id={`${baseId}-tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls={`${baseId}-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-accent ${
              tab === t.id
                ? "border-accent text-accent"
                : "border-transparent text-gray-600 hover:text-gray-900"
            }`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id={`${baseId}-panel-${tab}`} role="tabpanel" aria-labelledby={`${baseId}-tab-${tab}`}>
        {tab === "upload" && (
          <UploadTab
            onUse={(upload, name) =>
              pick(
                { ...(value?.query ? { query: value.query } : {}), asset: upload.asset },
                altFromFileName(name),
              )
            }
          />
        )}
        {tab === "search" && (
          <SearchTab
            presentationId={presentationId}
            initialQuery={value?.query ?? ""}
            onChoose={(image) =>
              pick(
                {
                  query: image.query,
                  ...(image.asset ? { asset: image.asset } : {}),
                  ...(image.credit ? { credit: image.credit } : {}),
                },
                image.alt,
              )
            }
          />
        )}
        {tab === "offline" && (
          <OfflineTab
            presentationId={presentationId}
            initialQuery={value?.query ?? ""}
            onChoose={(image) => pick({ query: image.query }, image.query)}
          />
        )}
      </div>
    </div>
  );
}

function UploadTab({ onUse }: { onUse: (upload: TImageUploadResponse, fileName: string) => void }) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const [fileName, setFileName] = useState("");
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("file", file);
      return apiFetch<TImageUploadResponse>("/api/v1/ppt/images/upload", { method: "POST", body: form });
    },
  });
  const send = (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    upload.mutate(file);
  };
  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    send(event.dataTransfer.files[0]);
  };

  return (
    <div className="space-y-4">
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-6 py-8 text-center text-sm has-focus-visible:outline-2 has-focus-visible:outline-accent ${
          dragging ? "border-accent bg-accent/5" : "border-line bg-canvas"
        }`}
      >
        <span className="font-semibold text-gray-900">Drop a picture here, or choose a file</span>
        <span className="text-muted">
          PNG, JPEG, WebP or GIF · up to 10 MB · stored re-encoded, at most 1600 px a side
        </span>
        <input
          id={inputId}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          onChange={(event) => {
            send(event.target.files?.[0]);
            event.target.value = "";
          }}
        />
      </label>
      <div aria-live="polite">
        {upload.isPending && <p className="text-sm text-muted">Uploading {fileName}…</p>}
        {upload.isError && (
          <p role="alert" className="text-sm font-semibold text-danger">
            {fileName ? `${fileName}: ` : ""}
            {errorMessage(upload.error)}
          </p>
        )}
      </div>
      {upload.data && (
        <div className="flex flex-wrap items-end gap-4">
          {/* biome-ignore lint/performance/noImgElement: a stored picture served by the API, shown as is */}
          <img
            src={upload.data.url}
            alt={`Uploaded: ${fileName}`}
            className="max-h-56 rounded-md border border-line object-contain"
          />
          <div className="space-y-2">
            <p className="text-sm text-muted">
              {fileName} · {upload.data.width}×{upload.data.height} px
            </p>
            <Button onClick={() => upload.data && onUse(upload.data, fileName)}>Use picture</Button>
          </div>
        </div>
      )}
    </div>
  );
}

type TSearchSource = "stock" | "ai";

function SearchTab({
  presentationId,
  initialQuery,
  onChoose,
}: {
  presentationId: string;
  initialQuery: string;
  onChoose: (image: TImageCandidateView) => void;
}) {
  const id = useId();
  const [q, setQ] = useState(initialQuery);
  const [source, setSource] = useState<TSearchSource>("stock");
  const [count, setCount] = useState(1);
  const sources = useQuery({
    queryKey: ["images", "sources"],
    queryFn: () => apiFetch<TImageSourcesResponse>("/api/v1/ppt/images/search"),
  });
  const balance = useCredits(source === "ai");
  const refreshCredits = useRefreshCredits();
  const search = useMutation({
    mutationFn: (request: TImageSearchRequest) =>
      apiFetch<TImageSearchResponse>("/api/v1/ppt/images/search", { method: "POST", body: request }),
    onSettled: (data) => {
      if (data?.source === "ai") void refreshCredits();
    },
  });

  const state = sources.data?.[source];
  const perImage = sources.data?.ai.credits_per_image ?? balance.data?.rules.per_ai_image ?? 0;
  const cost = perImage * count;
  const short =
    source === "ai" && balance.data !== undefined && balance.data.enforce && balance.data.balance < cost;
  const result = search.data?.source === source ? search.data : undefined;

  return (
    <div className="space-y-4">
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (!q.trim()) return;
          search.mutate({
            q: q.trim(),
            source,
            presentation_id: presentationId,
            ...(source === "ai" ? { count } : {}),
          });
        }}
      >
        <div className="min-w-56 flex-1 space-y-1">
          <label htmlFor={`${id}-q`} className="block text-sm font-semibold text-gray-800">
            Search pictures
          </label>
          <Input
            id={`${id}-q`}
            type="search"
            data-autofocus
            value={q}
            maxLength={300}
            placeholder="solar panels on a roof"
            onChange={(event) => setQ(event.target.value)}
          />
        </div>
        <fieldset className="space-y-1">
          <legend className="text-sm font-semibold text-gray-800">Source</legend>
          <div className="flex h-10 items-center gap-4 text-sm">
            {(["stock", "ai"] as const).map((option) => (
              <label key={option} className="flex items-center gap-1.5">
                <input
                  type="radio"
                  name={`${id}-source`}
                  value={option}
                  checked={source === option}
                  onChange={() => setSource(option)}
                  className="accent-accent"
                />
                {option === "stock" ? "Stock photos" : "AI generated"}
                {sources.data && !sources.data[option].available && (
                  <span className="text-muted">(not set up)</span>
                )}
              </label>
            ))}
          </div>
        </fieldset>
        {source === "ai" && (
          <div className="w-28 space-y-1">
            <label htmlFor={`${id}-count`} className="block text-sm font-semibold text-gray-800">
              Pictures
            </label>
            <Select
              id={`${id}-count`}
              value={count}
              onChange={(event) => setCount(Number(event.target.value))}
            >
              {Array.from({ length: IMAGE_SEARCH_MAX.ai }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </Select>
          </div>
        )}
        <Button type="submit" disabled={!q.trim() || search.isPending || state?.available === false || short}>
          {search.isPending ? (source === "ai" ? "Generating…" : "Searching…") : "Search"}
        </Button>
      </form>

      {state && !state.available && (
        <p role="status" className="rounded-md border border-line bg-canvas p-3 text-sm text-gray-800">
          {state.message} The Offline tab always has illustrations.
        </p>
      )}
      {source === "ai" && state?.available && (
        <p className="text-sm text-gray-700">
          {state.provider} · {credits(perImage)} per picture: this search costs{" "}
          <strong>{credits(cost)}</strong>
          {balance.data && (
            <>
              {" "}
              · balance {balance.data.balance} → {balance.data.balance - cost} after
            </>
          )}
          .{short && <span className="font-semibold text-danger"> Not enough credits.</span>}
        </p>
      )}

      <div aria-live="polite" className="space-y-3">
        {search.isPending && (
          <p className="text-sm text-muted">
            {source === "ai" ? "Generating pictures; this can take a minute…" : "Searching…"}
          </p>
        )}
        {search.isError && (
          <p role="alert" className="text-sm font-semibold text-danger">
            {errorMessage(search.error)}
          </p>
        )}
        {result && (
          <>
            {result.source === "ai" && result.balance_before !== undefined && (
              <p className="text-sm text-gray-700">
                Charged {credits(result.credits_consumed)} · balance {result.balance_before} →{" "}
                {result.balance_after}
              </p>
            )}
            {result.message && (
              <p role="status" className="text-sm text-gray-800">
                {result.message}
              </p>
            )}
            {result.warnings?.map((warning) => (
              <p key={warning} className="text-xs text-muted">
                {warning}
              </p>
            ))}
            <CandidateGrid images={result.images} onChoose={onChoose} />
          </>
        )}
      </div>
    </div>
  );
}

function OfflineTab({
  presentationId,
  initialQuery,
  onChoose,
}: {
  presentationId: string;
  initialQuery: string;
  onChoose: (image: TImageCandidateView) => void;
}) {
  const id = useId();
  const [text, setText] = useState(initialQuery);
  const [q, setQ] = useState(initialQuery.trim());
  const found = useQuery({
    queryKey: ["images", "offline", presentationId, q],
    queryFn: () =>
      apiFetch<TImageSearchResponse>("/api/v1/ppt/images/search", {
        method: "POST",
        body: { q, source: "offline", presentation_id: presentationId } satisfies TImageSearchRequest,
      }),
    enabled: q.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });

  return (
    <div className="space-y-4">
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setQ(text.trim());
        }}
      >
        <div className="min-w-56 flex-1 space-y-1">
          <label htmlFor={`${id}-q`} className="block text-sm font-semibold text-gray-800">
            Topic
          </label>
          <Input
            id={`${id}-q`}
            type="search"
            value={text}
            maxLength={300}
            placeholder="teamwork"
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <Button type="submit" variant="secondary" disabled={!text.trim()}>
          Show illustrations
        </Button>
      </form>
      <p className="text-sm text-muted">
        Illustrations drawn from the topic in the deck&apos;s colours: no stored picture, no provider, no
        credits.
      </p>
      <div aria-live="polite">
        {found.isFetching && <p className="text-sm text-muted">Drawing…</p>}
        {found.isError && (
          <p role="alert" className="text-sm font-semibold text-danger">
            {errorMessage(found.error)}
          </p>
        )}
        {found.data && <CandidateGrid images={found.data.images} onChoose={onChoose} />}
      </div>
    </div>
  );
}

function CandidateGrid({
  images,
  onChoose,
}: {
  images: TImageCandidateView[];
  onChoose: (image: TImageCandidateView) => void;
}) {
  if (images.length === 0) return null;
  return (
    <ul className="grid grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-3">
      {images.map((image) => (
        <li key={image.id}>
          <button
            type="button"
            data-image={image.id}
            onClick={() => onChoose(image)}
            aria-label={`Use ${image.alt || image.query}${image.credit ? ` (${image.credit})` : ""}`}
            className="group block w-full overflow-hidden rounded-md border border-line text-left hover:border-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
          >
            {/* biome-ignore lint/performance/noImgElement: previews are stored pictures or SVG data URIs */}
            <img
              src={image.url}
              alt=""
              loading="lazy"
              className="aspect-[4/5] w-full bg-canvas object-cover"
            />
            <span className="block truncate px-2 py-1 text-xs text-gray-700 group-hover:text-accent">
              {image.credit ?? image.query}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
