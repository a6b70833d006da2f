"use client";
import { useEffect, useRef, useState } from "react";
import { SlideView } from "@/components/slide/slide-view";
import type { TRenderedSlide } from "@/lib/layouts/boxes";
import { NEXT_KEYS, PREVIOUS_KEYS, type TPresenterMessage, usePresenterChannel } from "./presenter-channel";
import { fitSlideWidth, useElementSize } from "./use-element-size";

export type TPresenterViewProps = {
  presentationId: string;
  title: string;
  /** The saved deck's pages; the running show's own pages replace them once it answers. */
  initialPages: TRenderedSlide[];
  /** Each slide's speaker notes by slide id. */
  initialNotes: Record<string, string>;
  start: number;
};

const NOTES_SIZES = [14, 16, 18, 20, 24, 28, 32, 40] as const;
const NOTES_SIZE_KEY = "deckforge:presenter-notes-size";
const CONTROL =
  "inline-flex h-8 items-center justify-center rounded-md px-2.5 text-sm font-semibold whitespace-nowrap text-gray-100 ring-1 ring-white/25 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400 disabled:cursor-not-allowed disabled:text-gray-500";

/**
 * The speaker's window of a show: the current slide, the next one, the current slide's notes, a
 * timer and the clock. It moves with the audience window (present mode in the editor) both ways;
 * Escape or "End show" ends the show in both.
 */
export function PresenterView({
  presentationId,
  title,
  initialPages,
  initialNotes,
  start,
}: TPresenterViewProps) {
  const [show, setShow] = useState({ pages: initialPages, notes: initialNotes });
  const last = show.pages.length - 1;
  const [index, setIndex] = useState(Math.max(0, Math.min(last, start)));
  const [ended, setEnded] = useState(false);
  const [notesSize, setNotesSize] = useState<number>(20);
  // Whether an audience window answers: without one, moves here stay here.
  const [linked, setLinked] = useState<boolean | null>(null);
  const position = useRef(index);
  position.current = index;

  const post = usePresenterChannel(presentationId, (message: TPresenterMessage) => {
    if (message.type === "show") {
      setShow({ pages: message.pages, notes: message.notes });
      position.current = Math.max(0, Math.min(message.pages.length - 1, message.index));
      setIndex(position.current);
      setEnded(false);
      setLinked(true);
    } else if (message.type === "goto") {
      setLinked(true);
      position.current = Math.max(0, Math.min(last, message.index));
      setIndex(position.current);
    } else if (message.type === "end") {
      setEnded(true);
      window.close();
    }
  });

  // A show already running answers with its pages and where it is; silence means there is none.
  useEffect(() => {
    post({ type: "hello" });
    const timer = window.setTimeout(() => setLinked((current) => current ?? false), 1500);
    return () => window.clearTimeout(timer);
  }, [post]);

  useEffect(() => {
    const saved = Number(window.localStorage.getItem(NOTES_SIZE_KEY));
    if (NOTES_SIZES.some((size) => size === saved)) setNotesSize(saved);
  }, []);

  /** Shows a page here and in the audience window; a move the audience asked for is not echoed back. */
  const move = (target: number) => {
    const next = Math.max(0, Math.min(last, target));
    if (next === position.current) return;
    position.current = next;
    setIndex(next);
    post({ type: "goto", index: next });
  };
  const moveRef = useRef(move);
  moveRef.current = move;

  const endShow = () => {
    post({ type: "end" });
    setEnded(true);
    window.close();
  };
  const endRef = useRef(endShow);
  endRef.current = endShow;

  useEffect(() => {
    if (ended) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      // A focused button takes its own Space and Enter; the focused notes scroll with the vertical keys.
      if (target?.closest("button") && (event.key === " " || event.key === "Enter")) return;
      if (
        target?.closest("[data-presenter-notes]") &&
        ["ArrowUp", "ArrowDown", "PageUp", "PageDown", " "].includes(event.key)
      )
        return;
      const at = position.current;
      if (event.key === "Escape") endRef.current();
      else if (NEXT_KEYS.has(event.key)) moveRef.current(at + 1);
      else if (PREVIOUS_KEYS.has(event.key)) moveRef.current(at - 1);
      else if (event.key === "Home") moveRef.current(0);
      else if (event.key === "End") moveRef.current(Number.MAX_SAFE_INTEGER);
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [ended]);

  const resizeNotes = (step: 1 | -1) => {
    const at = NOTES_SIZES.findIndex((size) => size >= notesSize);
    const next = NOTES_SIZES[Math.max(0, Math.min(NOTES_SIZES.length - 1, at + step))];
    setNotesSize(next);
    window.localStorage.setItem(NOTES_SIZE_KEY, String(next));
  };

  const currentArea = useRef<HTMLDivElement>(null);
  const nextArea = useRef<HTMLDivElement>(null);
  const currentWidth = fitSlideWidth(useElementSize(currentArea, { width: 0, height: 0 }));
  const nextWidth = fitSlideWidth(useElementSize(nextArea, { width: 0, height: 0 }));

  const page = show.pages[index];
  const upcoming = show.pages[index + 1];
  const notes = page ? (show.notes[page.slideId] ?? "").trim() : "";

  if (ended) {
    return (
      <main className="grid h-dvh place-items-center bg-gray-950 p-6 text-center text-gray-100">
        <div>
          <h1 className="text-2xl font-bold">The show has ended</h1>
          <p className="mt-2 text-gray-400">{title}</p>
          <button type="button" className={`${CONTROL} mt-6`} onClick={() => window.close()}>
            Close this window
          </button>
        </div>
      </main>
    );
  }

  return (
    <main
      aria-label="Presenter view"
      className="flex h-dvh flex-col bg-gray-950 text-gray-100"
      data-testid="presenter-view"
    >
      <header className="flex flex-wrap items-center gap-x-5 gap-y-2 border-b border-white/10 px-4 py-2">
        <h1 className="min-w-0 max-w-[32ch] truncate font-bold" title={title}>
          {title || "Untitled"}
        </h1>
        <Stopwatch />
        <Clock />
        <p className="text-lg font-semibold tabular-nums" aria-live="polite" data-testid="presenter-counter">
          Slide {index + 1} / {show.pages.length}
        </p>
        {linked === false && (
          <p role="status" className="text-sm text-amber-300" data-testid="presenter-unlinked">
            No audience window: moves here stay here. Present from the editor to link one.
          </p>
        )}
        <button
          type="button"
          className={`${CONTROL} ml-auto bg-red-700 ring-red-700 hover:bg-red-800`}
          onClick={endShow}
        >
          End show
        </button>
      </header>

      <div className="grid min-h-0 flex-1 gap-4 p-4 max-md:grid-rows-[3fr_2fr] md:grid-cols-[3fr_2fr]">
        <section aria-label="Current slide" className="flex min-h-0 min-w-0 flex-col gap-3">
          <div ref={currentArea} className="grid min-h-0 flex-1 place-items-center">
            {page && currentWidth > 0 && (
              <button
                type="button"
                aria-label={`Slide ${index + 1}: show the next slide`}
                className="block cursor-pointer rounded-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-400"
                onClick={() => move(index + 1)}
                data-testid="presenter-current"
                data-slide-id={page.slideId}
              >
                <SlideView slide={page} width={currentWidth} className="rounded-sm ring-1 ring-white/20" />
              </button>
            )}
          </div>
          <div className="flex items-center justify-center gap-2">
            <button type="button" className={CONTROL} onClick={() => move(index - 1)} disabled={index <= 0}>
              ← Previous
            </button>
            <button
              type="button"
              className={CONTROL}
              onClick={() => move(index + 1)}
              disabled={index >= last}
            >
              Next →
            </button>
            <p className="ml-3 text-xs text-gray-400 max-lg:hidden">
              ←/→, Space, Page Up/Down move · Home/End: first/last · Esc ends the show
            </p>
          </div>
        </section>

        <div className="flex min-h-0 min-w-0 flex-col gap-4">
          <section aria-labelledby="presenter-next-heading" className="flex h-[40%] min-h-0 flex-col gap-1.5">
            <h2 id="presenter-next-heading" className="text-sm font-semibold text-gray-400 uppercase">
              Next
            </h2>
            <div ref={nextArea} className="min-h-0 flex-1" data-testid="presenter-next">
              {upcoming && nextWidth > 0 ? (
                <button
                  type="button"
                  aria-label={`Next: slide ${index + 2}`}
                  className="block cursor-pointer rounded-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-400"
                  onClick={() => move(index + 1)}
                  data-slide-id={upcoming.slideId}
                >
                  <SlideView
                    slide={upcoming}
                    width={nextWidth}
                    className="rounded-sm opacity-90 ring-1 ring-white/20"
                  />
                </button>
              ) : (
                !upcoming && (
                  <div
                    className="grid h-full max-h-40 place-items-center rounded-sm bg-white/5 text-lg font-semibold text-gray-300 ring-1 ring-white/10"
                    data-testid="presenter-end-of-deck"
                  >
                    End of deck
                  </div>
                )
              )}
            </div>
          </section>

          <section aria-labelledby="presenter-notes-heading" className="flex min-h-0 flex-1 flex-col gap-1.5">
            <div className="flex items-center gap-1.5">
              <h2
                id="presenter-notes-heading"
                className="mr-auto text-sm font-semibold text-gray-400 uppercase"
              >
                Notes
              </h2>
              <button
                type="button"
                className={CONTROL}
                aria-label="Smaller notes text"
                title="Smaller notes text"
                onClick={() => resizeNotes(-1)}
                disabled={notesSize <= NOTES_SIZES[0]}
              >
                A−
              </button>
              <button
                type="button"
                className={CONTROL}
                aria-label="Larger notes text"
                title="Larger notes text"
                onClick={() => resizeNotes(1)}
                disabled={notesSize >= NOTES_SIZES[NOTES_SIZES.length - 1]}
              >
                A+
              </button>
            </div>
            {/* A scroller without controls in it takes the keyboard focus itself (Chrome 130+, Firefox). */}
            <div
              className="min-h-0 flex-1 overflow-y-auto rounded-md bg-white/5 p-4 leading-relaxed whitespace-pre-wrap ring-1 ring-white/10 focus-visible:outline-2 focus-visible:outline-sky-400"
              style={{ fontSize: notesSize }}
              data-presenter-notes
              data-testid="presenter-notes"
            >
              {notes || <span className="text-gray-500 italic">No notes for this slide.</span>}
            </div>
          </section>
        </div>
      </div>
    </main>
  );
}

/** Two digits. */
const pad = (value: number) => String(value).padStart(2, "0");

/** Elapsed time of the show, from when the presenter view opened; it can be paused and reset. */
function Stopwatch() {
  const [state, setState] = useState<{ since: number | null; before: number }>({ since: null, before: 0 });
  const [now, setNow] = useState(0);

  useEffect(() => {
    // Started in the browser, not on the server: both render 00:00 first.
    const started = Date.now();
    setState({ since: started, before: 0 });
    setNow(started);
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, []);

  const running = state.since !== null;
  const elapsed = Math.max(0, state.before + (state.since === null ? 0 : now - state.since));
  const seconds = Math.floor(elapsed / 1000);
  const text = `${seconds >= 3600 ? `${Math.floor(seconds / 3600)}:` : ""}${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;

  return (
    <fieldset className="m-0 flex min-w-0 items-center gap-1.5 border-0 p-0">
      <legend className="sr-only">Timer</legend>
      <span
        role="timer"
        aria-label={`Elapsed ${text}${running ? "" : ", paused"}`}
        className={`min-w-[5ch] text-2xl font-bold tabular-nums ${running ? "" : "text-amber-300"}`}
        data-testid="presenter-timer"
        data-running={running}
      >
        {text}
      </span>
      <button
        type="button"
        className={CONTROL}
        onClick={() => {
          const at = Date.now();
          setNow(at);
          setState((current) =>
            current.since === null
              ? { since: at, before: current.before }
              : { since: null, before: current.before + at - current.since },
          );
        }}
      >
        {running ? "Pause" : "Resume"}
      </button>
      <button
        type="button"
        className={CONTROL}
        onClick={() => {
          const at = Date.now();
          setNow(at);
          setState((current) => ({ since: current.since === null ? null : at, before: 0 }));
        }}
      >
        Reset
      </button>
    </fieldset>
  );
}

/** The time of day, to the minute. */
function Clock() {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <p className="text-lg tabular-nums text-gray-300" data-testid="presenter-clock">
      <span className="sr-only">Time: </span>
      {now ? now.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) : "--:--"}
    </p>
  );
}
