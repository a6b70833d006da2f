"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import { SlideView } from "@/components/slide/slide-view";
import type { TRenderedSlide } from "@/lib/layouts/boxes";

const NEXT = new Set(["ArrowRight", "ArrowDown", "PageDown", " ", "Enter", "n"]);
const PREVIOUS = new Set(["ArrowLeft", "ArrowUp", "PageUp", "Backspace", "p"]);

/**
 * Full-screen slideshow of every page in order: arrows, Space, Page Up/Down, Home and End move,
 * Escape leaves. Uses the Fullscreen API on its own container, or covers the window when the
 * browser does not allow it.
 */
export function PresentMode({
  pages,
  start,
  onExit,
}: {
  pages: TRenderedSlide[];
  start: number;
  onExit: () => void;
}) {
  const root = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(Math.min(start, Math.max(0, pages.length - 1)));
  const [size, setSize] = useState({ width: 0, height: 0 });
  const onExitRef = useRef(onExit);
  onExitRef.current = onExit;

  const exit = useCallback(() => {
    if (document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
    onExitRef.current();
  }, []);

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
      if (!document.fullscreenElement) onExitRef.current();
    };
    document.addEventListener("fullscreenchange", change);
    return () => {
      observer.disconnect();
      document.removeEventListener("fullscreenchange", change);
      if (document.fullscreenElement === element) document.exitFullscreen().catch(() => undefined);
    };
  }, []);

  const last = pages.length - 1;
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "Escape") exit();
    else if (NEXT.has(event.key)) setIndex((i) => Math.min(last, i + 1));
    else if (PREVIOUS.has(event.key)) setIndex((i) => Math.max(0, i - 1));
    else if (event.key === "Home") setIndex(0);
    else if (event.key === "End") setIndex(last);
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
          setIndex((i) => Math.min(last, i + 1));
      }}
      className="fixed inset-0 z-50 flex items-center justify-center bg-black outline-none"
      data-testid="present-mode"
    >
      {page && width > 0 && (
        <div data-present-slide>
          <SlideView slide={page} width={width} />
        </div>
      )}
      <div className="absolute right-3 bottom-3 flex items-center gap-2 rounded bg-black/60 px-2 py-1 text-sm text-white">
        <span aria-live="polite" data-testid="present-counter">
          {index + 1} / {pages.length}
        </span>
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
