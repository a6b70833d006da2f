"use client";
import Link from "next/link";
import { type KeyboardEvent, useRef, useState } from "react";
import { SlideView } from "@/components/slide/slide-view";
import { Button, buttonClass } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import type { TDeckCard } from "./types";
import { useElementWidth } from "./use-element-width";

const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export type TPresentationCardProps = {
  deck: TDeckCard;
  /** Saves a new title (the card shows it at once; the list rolls it back if the server refuses). */
  onRename: (title: string) => void;
  onDuplicate: () => void;
  onDelete: () => void;
  onDownload: (format: "pptx" | "pdf") => void;
  /** Which of this card's actions is running, to disable its button. */
  busy?: "duplicate" | "pptx" | "pdf";
};

/** One presentation on the dashboard: thumbnail, title (renamed inline), date, slide count, actions. */
export function PresentationCard({
  deck,
  onRename,
  onDuplicate,
  onDelete,
  onDownload,
  busy,
}: TPresentationCardProps) {
  const [thumbRef, width] = useElementWidth<HTMLAnchorElement>();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(deck.title);
  // Enter and Escape end the edit themselves; the blur that follows must not save again.
  const settled = useRef(false);
  const editorPath = `/editor/${deck.presentation_id}`;
  const titleId = `deck-title-${deck.presentation_id}`;

  const startEditing = () => {
    setDraft(deck.title);
    settled.current = false;
    setEditing(true);
  };
  const finish = (save: boolean) => {
    if (settled.current) return;
    settled.current = true;
    setEditing(false);
    const title = draft.trim();
    if (save && title && title !== deck.title) onRename(title);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      finish(true);
    } else if (event.key === "Escape") {
      event.preventDefault();
      finish(false);
    }
  };

  return (
    <article
      aria-labelledby={titleId}
      data-testid="presentation-card"
      data-presentation-id={deck.presentation_id}
      className="flex flex-col overflow-hidden rounded-lg border border-line bg-white shadow-xs"
    >
      <Link
        ref={thumbRef}
        href={editorPath}
        aria-label={`Open ${deck.title}`}
        tabIndex={-1}
        className="block aspect-video w-full overflow-hidden border-b border-line bg-canvas"
      >
        {deck.thumbnail && width > 0 ? (
          <SlideView slide={deck.thumbnail} width={width} />
        ) : (
          <span className="flex h-full items-center justify-center text-sm text-muted">
            {deck.thumbnail ? "" : "No slides"}
          </span>
        )}
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-3">
        {editing ? (
          <Input
            autoFocus
            aria-label="New title"
            value={draft}
            maxLength={500}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            onBlur={() => finish(true)}
            onFocus={(event) => event.target.select()}
          />
        ) : (
          <h2 id={titleId} className="truncate text-base font-bold text-gray-900" title={deck.title}>
            <Link
              href={editorPath}
              className="rounded-sm hover:underline focus-visible:outline-2 focus-visible:outline-accent"
            >
              {deck.title || "Untitled"}
            </Link>
          </h2>
        )}
        <p className="text-xs text-muted">
          <span>Updated {DATE.format(new Date(deck.updated_at))}</span>
          {" · "}
          <span data-testid="slide-count">
            {deck.slide_count} {deck.slide_count === 1 ? "slide" : "slides"}
          </span>
        </p>
        {deck.match && (
          <p className="text-xs text-gray-700" data-testid="search-match">
            <Link
              href={`${editorPath}?slide=${deck.match.slide}`}
              className="font-semibold text-accent hover:underline focus-visible:outline-2 focus-visible:outline-accent"
            >
              Slide {deck.match.slide}
            </Link>
            : {deck.match.text}
          </p>
        )}
        <div className="mt-auto flex flex-wrap gap-1 pt-2">
          <Link href={editorPath} className={buttonClass("primary", "sm")}>
            Open
          </Link>
          <Button variant="secondary" size="sm" onClick={startEditing} disabled={editing}>
            Rename
          </Button>
          <Button variant="secondary" size="sm" onClick={onDuplicate} disabled={busy === "duplicate"}>
            Duplicate
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-label="Download PPTX"
            title="Download PPTX"
            onClick={() => onDownload("pptx")}
            disabled={busy === "pptx"}
          >
            PPTX
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-label="Download PDF"
            title="Download PDF"
            onClick={() => onDownload("pdf")}
            disabled={busy === "pdf"}
          >
            PDF
          </Button>
          <Button variant="ghost" size="sm" className="enabled:text-danger!" onClick={onDelete}>
            Delete
          </Button>
        </div>
      </div>
    </article>
  );
}
