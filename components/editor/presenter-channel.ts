"use client";
import { useEffect, useRef } from "react";
import type { TRenderedSlide } from "@/lib/layouts/boxes";

/**
 * What the audience window (present mode in the editor) and the presenter window tell each other,
 * over a BroadcastChannel named after the deck: both are pages of the same origin, and neither
 * needs a handle on the other (the presenter survives a reload of either).
 */
export type TPresenterMessage =
  /** The show is running: its pages, each slide's notes and the page shown (audience → presenter). */
  | { type: "show"; index: number; pages: TRenderedSlide[]; notes: Record<string, string> }
  /** A presenter window opened or reloaded and asks for the show (presenter → audience). */
  | { type: "hello" }
  /** The page shown changed in the window that sends it. */
  | { type: "goto"; index: number }
  /** The show ended in the window that sends it. */
  | { type: "end" };

/** Keys that move to the next page, in present mode and in the presenter view alike. */
export const NEXT_KEYS = new Set(["ArrowRight", "ArrowDown", "PageDown", " ", "Enter", "n"]);
/** Keys that move to the previous page. */
export const PREVIOUS_KEYS = new Set(["ArrowLeft", "ArrowUp", "PageUp", "Backspace", "p"]);

/** The presenter view's address for a deck, opening on a page. */
export function presenterPath(presentationId: string, index: number): string {
  return `/editor/${encodeURIComponent(presentationId)}/presenter?page=${index}`;
}

/**
 * Opens (or brings forward) the deck's presenter window. One window per deck: opening it again
 * reuses the window by name instead of stacking copies. False when the browser blocked it.
 */
export function openPresenterWindow(presentationId: string, index: number): boolean {
  const width = Math.min(1280, window.screen.availWidth);
  const height = Math.min(800, window.screen.availHeight);
  const opened = window.open(
    presenterPath(presentationId, index),
    `deckforge-presenter-${presentationId}`,
    `popup,width=${width},height=${height}`,
  );
  opened?.focus();
  return opened !== null;
}

/** What to tell the user when the browser blocked the presenter window. */
export const POPUP_BLOCKED =
  "The browser blocked the presenter window: allow pop-ups for this site, then try again.";

/**
 * Joins the deck's presenter channel while mounted; `onMessage` sees what the other windows send
 * (never this window's own posts). Answers the function that posts to them.
 */
export function usePresenterChannel(
  /** The deck; none (a share link's viewer) joins no channel. */
  presentationId: string | undefined,
  onMessage: (message: TPresenterMessage) => void,
): (message: TPresenterMessage) => void {
  const channel = useRef<BroadcastChannel | null>(null);
  const handler = useRef(onMessage);
  handler.current = onMessage;

  useEffect(() => {
    if (!presentationId || typeof BroadcastChannel === "undefined") return;
    const joined = new BroadcastChannel(`deckforge-present:${presentationId}`);
    joined.onmessage = (event: MessageEvent<TPresenterMessage>) => handler.current(event.data);
    channel.current = joined;
    return () => {
      channel.current = null;
      joined.close();
    };
  }, [presentationId]);

  const post = useRef((message: TPresenterMessage) => channel.current?.postMessage(message));
  return post.current;
}
