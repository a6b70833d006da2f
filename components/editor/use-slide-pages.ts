"use client";
import { type QueryClient, useQueries, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { apiFetch, ProblemError } from "@/lib/client/api-fetch";
import type { TDeck, TSlide } from "@/lib/deck/schema";
import type { TRenderedSlide } from "@/lib/layouts/boxes";

/** What besides the slide itself changes its layout: a theme or template switch re-lays out every slide. */
type TLayoutContext = Pick<TDeck, "version" | "title" | "author" | "language" | "template" | "theme">;

function contextOf(deck: TDeck): TLayoutContext {
  const { version, title, author, language, template, theme } = deck;
  return author === undefined
    ? { version, title, language, template, theme }
    : { version, title, author, language, template, theme };
}

/** Content-addressed: an answer can only ever be stored under the slide state it was computed for. */
function layoutKey(presentationId: string, context: TLayoutContext, slide: TSlide) {
  return ["slide-layout", presentationId, context, slide] as const;
}

type TPending = {
  context: TLayoutContext;
  slide: TSlide;
  signal: AbortSignal;
  resolve: (pages: TRenderedSlide[]) => void;
  reject: (error: unknown) => void;
};

/**
 * Collects the slide layouts asked for in one tick into one POST /api/v1/ppt/layout per deck
 * context, sending only those slides. A request is aborted once every query waiting on it is.
 */
class LayoutBatcher {
  private pending: TPending[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  load(context: TLayoutContext, slide: TSlide, signal: AbortSignal): Promise<TRenderedSlide[]> {
    return new Promise((resolve, reject) => {
      this.pending.push({ context, slide, signal, resolve, reject });
      this.timer ??= setTimeout(() => this.flush(), 0);
    });
  }

  private flush(): void {
    const batch = this.pending.filter((item) => !item.signal.aborted);
    this.pending = [];
    this.timer = null;
    const groups = new Map<string, TPending[][]>();
    for (const item of batch) {
      const key = JSON.stringify(item.context);
      const requests = groups.get(key) ?? [];
      // Slide ids must be unique within a request: an older state of the same slide goes in another.
      const open = requests.find((request) => !request.some((other) => other.slide.id === item.slide.id));
      if (open) open.push(item);
      else requests.push([item]);
      groups.set(key, requests);
    }
    for (const requests of groups.values()) for (const request of requests) void this.send(request);
  }

  private async send(items: TPending[]): Promise<void> {
    const controller = new AbortController();
    let waiting = items.length;
    for (const item of items) {
      item.signal.addEventListener(
        "abort",
        () => {
          waiting -= 1;
          if (waiting === 0) controller.abort();
        },
        { once: true },
      );
    }
    try {
      const deck: TDeck = { ...items[0].context, slides: items.map((item) => item.slide) };
      const answer = await apiFetch<{ slides: TRenderedSlide[] }>("/api/v1/ppt/layout", {
        method: "POST",
        body: { deck },
        signal: controller.signal,
      });
      for (const item of items) item.resolve(answer.slides.filter((page) => page.slideId === item.slide.id));
    } catch (error) {
      for (const item of items) item.reject(error);
    }
  }
}

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    if (Object.is(value, debounced)) return;
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, debounced, delayMs]);
  return debounced;
}

function seed(
  client: QueryClient,
  presentationId: string,
  deck: TDeck,
  pages: readonly TRenderedSlide[],
): void {
  const context = contextOf(deck);
  for (const slide of deck.slides) {
    client.setQueryData(
      layoutKey(presentationId, context, slide),
      pages.filter((page) => page.slideId === slide.id),
    );
  }
}

export type TSlidePages = {
  /** The pages last laid out for a slide (the previous ones while a new layout is on its way). */
  pagesOf: (slideId: string) => TRenderedSlide[] | undefined;
  /** Why the slide's latest layout failed, if it did. */
  errorOf: (slideId: string) => string | undefined;
};

/**
 * The laid-out pages of every slide, through react-query: each slide's layout is cached under its
 * content, so while the user types only the changed slide is laid out again (after a short pause),
 * stale requests are cancelled, and a late answer can never overwrite a newer one. A theme or
 * template change gives every slide a new key, so all are laid out again (in one request).
 */
export function useSlidePages(
  presentationId: string,
  deck: TDeck,
  initialDeck: TDeck,
  initialPages: readonly TRenderedSlide[],
): TSlidePages {
  const client = useQueryClient();
  useState(() => seed(client, presentationId, initialDeck, initialPages));
  const [batcher] = useState(() => new LayoutBatcher());
  const laidOut = useDebounced(deck, 200);
  const context = contextOf(laidOut);
  const results = useQueries({
    queries: laidOut.slides.map((slide) => ({
      queryKey: layoutKey(presentationId, context, slide),
      queryFn: ({ signal }: { signal: AbortSignal }) => batcher.load(context, slide, signal),
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 60_000,
      retry: (count: number, error: unknown) =>
        count < 3 &&
        !(error instanceof ProblemError && error.status >= 400 && error.status < 500 && error.status !== 429),
    })),
  });

  const last = useRef(new Map<string, TRenderedSlide[]>());
  const errors = new Map<string, string>();
  laidOut.slides.forEach((slide, index) => {
    const result = results[index];
    if (result?.data) last.current.set(slide.id, result.data);
    if (result?.error)
      errors.set(slide.id, result.error instanceof Error ? result.error.message : "Layout failed.");
  });

  return {
    pagesOf: (slideId) => last.current.get(slideId),
    errorOf: (slideId) => errors.get(slideId),
  };
}
