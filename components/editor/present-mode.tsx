"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import { SlideView } from "@/components/slide/slide-view";
import type { TRenderedSlide } from "@/lib/layouts/boxes";
import {
  NEXT_KEYS,
  openPresenterWindow,
  POPUP_BLOCKED,
  PREVIOUS_KEYS,
  type TPresenterMessage,
  usePresenterChannel,
} from "./presenter-channel";

const NO_NOTES: Record<string, string> = {};

/**
 * Full-screen slideshow of every page in order: arrows, Space, Page Up/Down, Home and End move,
 * Escape leaves, S opens the presenter view. Uses the Fullscreen API on its own container, or
 * covers the window when the browser does not allow it. A presenter window of the same deck moves
 * with it both ways, and ending the show in either ends it in both.
 */
export function PresentMode({
  presentationId,
  pages,
  notes = NO_NOTES,
  start,
  onExit,
}: {
  /** The deck's id, for the presenter view; without it (a share link's viewer) there is none. */
  presentationId?: string;
  pages: TRenderedSlide[];
  /** Each slide's speaker notes by slide id, for the presenter view. */
  notes?: Record<string, string>;
  start: number;
  onExit: () => void;
}) {
  const root = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(Math.min(start, Math.max(0, pages.length - 1)));
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [blocked, setBlocked] = useState(false);
  const onExitRef = useRef(onExit);
  onExitRef.current = onExit;
  const last = pages.length - 1;

  const show = useRef({ index, pages, notes });
  show.current = { index, pages, notes };
  const post = usePresenterChannel(presentationId, (message: TPresenterMessage) => {
    if (message.type === "hello") post({ type: "show", ...show.current });
    else if (message.type === "goto") {
      show.current.index = Math.max(0, Math.min(last, message.index));
      setIndex(show.current.index);
    } else if (message.type === "end") {
      if (document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
      onExitRef.current();
    }
  });

  /** Shows a page and tells the presenter window; a move the presenter asked for is not echoed back. */
  const move = (target: number) => {
    const next = Math.max(0, Math.min(last, target));
    if (next === show.current.index) return;
    show.current.index = next;
    setIndex(next);
    post({ type: "goto", index: next });
  };

  // Chrome leaves full screen when a page opens a window: that is no end of the show.
  const openingPresenter = useRef(false);
  const openSpeakerView = () => {
    if (!presentationId) return;
    openingPresenter.current = document.fullscreenElement !== null;
    window.setTimeout(() => {
      openingPresenter.current = false;
    }, 1000);
    setBlocked(!openPresenterWindow(presentationId, show.current.index));
  };

  const exit = useCallback(() => {
    post({ type: "end" });
    if (document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
    onExitRef.current();
  }, [post]);

  // A presenter window already open follows the show from its start.
  useEffect(() => {
    post({ type: "show", ...show.current });
  }, [post]);

  useEffect(() => {
    const element = root.current;
    if (!element) return;
    element.focus();
    element.requestFullscreen?.().catch(() => {
      // Not allowed here (an iframe, a policy): the fixed overlay already covers the window.
    });
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // Leaving full screen with the browser's own Escape ends the show too.
    const change = () => {
      if (document.fullscreenElement || openingPresenter.current) return;
      post({ type: "end" });
      onExitRef.current();
    };
    document.addEventListener("fullscreenchange", change);
    return () => {
      observer.disconnect();
      document.removeEventListener("fullscreenchange", change);
      if (document.fullscreenElement === element) document.exitFullscreen().catch(() => undefined);
    };
  }, [post]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "Escape") exit();
    else if (event.key.toLowerCase() === "s" && !event.ctrlKey && !event.metaKey && !event.altKey)
      openSpeakerView();
    else if (NEXT_KEYS.has(event.key)) move(show.current.index + 1);
    else if (PREVIOUS_KEYS.has(event.key)) move(show.current.index - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(last);
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  const width = Math.min(size.width, (size.height * 16) / 9);
  const page = pages[index];
  return (
    <div
      ref={root}
      role="dialog"
      aria-modal="true"
      aria-label="Presentation"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        if (
          event.target === event.currentTarget ||
          (event.target as HTMLElement).closest("[data-present-slide]")
        )
          move(show.current.index + 1);
      }}
      className="fixed inset-0 z-50 flex items-center justify-center bg-black outline-none"
      data-testid="present-mode"
    >
      {page && width > 0 && (
        <div data-present-slide>
          <SlideView slide={page} width={width} />
        </div>
      )}
      {blocked && (
        <p
          role="alert"
          className="absolute top-3 right-3 left-3 rounded bg-black/70 px-3 py-2 text-sm text-white"
        >
          {POPUP_BLOCKED}
        </p>
      )}
      <div className="absolute right-3 bottom-3 flex items-center gap-2 rounded bg-black/60 px-2 py-1 text-sm text-white">
        <span aria-live="polite" data-testid="present-counter">
          {index + 1} / {pages.length}
        </span>
        {presentationId && (
          <button
            type="button"
            onClick={openSpeakerView}
            title="Open the presenter view (S)"
            className="rounded px-2 py-0.5 font-semibold hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white"
          >
            Speaker view
          </button>
        )}
        <button
          type="button"
          onClick={exit}
          className="rounded px-2 py-0.5 font-semibold hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white"
        >
          Exit
        </button>
      </div>
    </div>
  );
}
