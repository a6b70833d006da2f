"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import { PresentMode } from "@/components/editor/present-mode";
import { SlideView } from "@/components/slide/slide-view";
import { Button } from "@/components/ui/button";
import type { TRenderedSlide } from "@/lib/layouts/boxes";

const NEXT = new Set(["ArrowRight", "ArrowDown", "PageDown", " "]);
const PREVIOUS = new Set(["ArrowLeft", "ArrowUp", "PageUp"]);

/**
 * A shared deck, read-only: one slide at a time, as large as the window allows at 16:9, with
 * previous/next buttons, a slide counter, the arrow keys (Page Up/Down, Space, Home, End) and
 * full-screen presenting. Draws with the editor's own slide renderer. The page checks the link
 * (GET /s/{token}/status) every minute and when it comes back into view: once the owner revokes
 * it or it expires, the slides give way to a notice.
 */
export function ShareViewer({
  token,
  title,
  pages,
}: {
  token: string;
  title: string;
  pages: TRenderedSlide[];
}) {
  const gone = useLinkGone(token);
  const [index, setIndex] = useState(0);
  const [presenting, setPresenting] = useState(false);
  const stage = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const last = pages.length - 1;

  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const go = useCallback((to: number) => setIndex(Math.max(0, Math.min(last, to))), [last]);

  useEffect(() => {
    if (presenting) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      // Keys typed on a focused button keep their meaning (Space and Enter press it).
      if (event.key === " " && (event.target as HTMLElement | null)?.closest("button, a")) return;
      if (NEXT.has(event.key)) setIndex((i) => Math.min(last, i + 1));
      else if (PREVIOUS.has(event.key)) setIndex((i) => Math.max(0, i - 1));
      else if (event.key === "Home") setIndex(0);
      else if (event.key === "End") setIndex(last);
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [presenting, last]);

  const width = Math.floor(Math.min(size.width, (size.height * 16) / 9));
  const page = pages[index];
  if (gone)
    return (
      <main className="grid h-dvh place-items-center bg-canvas p-6" data-testid="share-gone">
        <div role="alert" className="max-w-md rounded-lg border border-line bg-white p-8 text-center">
          <h1 className="text-lg font-bold text-gray-900">This link was revoked or has expired</h1>
          <p className="mt-2 text-sm text-muted">
            Its owner revoked it, or it expired. Ask them for a new link to see the presentation.
          </p>
        </div>
      </main>
    );
  return (
    <div className="flex h-dvh flex-col bg-canvas" data-testid="share-viewer">
      <header className="flex flex-wrap items-center gap-3 border-b border-line bg-white px-4 py-2.5">
        <h1 className="min-w-0 flex-1 truncate text-base font-bold text-gray-900" title={title}>
          {title || "Untitled"}
        </h1>
        <span className="text-xs text-muted">Shared with you · read-only</span>
        <Button size="sm" onClick={() => setPresenting(true)} disabled={!pages.length}>
          Present
        </Button>
      </header>
      <main className="flex min-h-0 flex-1 flex-col items-center gap-3 p-4">
        <div ref={stage} className="flex min-h-0 w-full max-w-[1600px] flex-1 items-center justify-center">
          {page && width > 0 ? (
            <section
              aria-roledescription="slide"
              aria-label={`Slide ${index + 1} of ${pages.length}`}
              className="overflow-hidden rounded shadow-md"
              data-testid="share-slide"
            >
              <SlideView slide={page} width={width} />
            </section>
          ) : (
            !page && <p className="text-sm text-muted">This presentation has no slides.</p>
          )}
        </div>
        <nav aria-label="Slides" className="flex items-center gap-3">
          <Button variant="secondary" size="sm" onClick={() => go(index - 1)} disabled={index <= 0}>
            <span aria-hidden="true">←</span> Previous
          </Button>
          <span
            className="min-w-24 text-center text-sm font-semibold text-gray-800"
            data-testid="share-counter"
          >
            <span className="sr-only">Slide </span>
            {pages.length ? index + 1 : 0} / {pages.length}
          </span>
          <Button variant="secondary" size="sm" onClick={() => go(index + 1)} disabled={index >= last}>
            Next <span aria-hidden="true">→</span>
          </Button>
        </nav>
        <p aria-live="polite" className="sr-only">
          {page ? `Slide ${index + 1} of ${pages.length}` : ""}
        </p>
      </main>
      {presenting && <PresentMode pages={pages} start={index} onExit={() => setPresenting(false)} />}
    </div>
  );
}

/** How often an open shared page checks its link. */
const CHECK_EVERY_MS = 60_000;

/**
 * Whether the link has stopped working (a 404 from GET /s/{token}/status), checked every
 * CHECK_EVERY_MS while the page is visible and each time it comes back into view. A network
 * failure is not a revoke: the slides stay.
 */
function useLinkGone(token: string): boolean {
  const [gone, setGone] = useState(false);
  useEffect(() => {
    if (gone) return;
    let stopped = false;
    const check = async () => {
      if (document.visibilityState !== "visible") return;
      try {
        const res = await fetch(`/s/${encodeURIComponent(token)}/status`, { cache: "no-store" });
        if (!stopped && res.status === 404) setGone(true);
      } catch {
        // Offline for a moment: try again at the next check.
      }
    };
    const timer = window.setInterval(check, CHECK_EVERY_MS);
    document.addEventListener("visibilitychange", check);
    window.addEventListener("focus", check);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", check);
      window.removeEventListener("focus", check);
    };
  }, [token, gone]);
  return gone;
}
