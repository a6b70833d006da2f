"use client";
import { useEffect, useState } from "react";
import type { TDeck } from "@/lib/deck/schema";
import type { THistory } from "@/lib/editor/history";
import { decodeHistory, encodeHistory } from "@/lib/editor/history-storage";
import type { TSaveStatus } from "@/lib/editor/save-queue";
import type { TEditorDoc } from "./use-deck-history";

/** The sessionStorage key of a presentation's undo steps. */
export function sessionHistoryKey(presentationId: string): string {
  return `deckforge:undo:${presentationId}`;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Keeps the editor's undo/redo steps across reloads in the same tab: written to sessionStorage
 * whenever the present is saved (with the version it was saved as), read back once on load when
 * the page's version is that one, and dropped when it is not (another tab or user saved since).
 */
export function useSessionHistory({
  presentationId,
  initialVersion,
  stack,
  status,
  savedDeck,
  load,
}: {
  presentationId: string;
  initialVersion: number;
  stack: THistory<TEditorDoc>;
  status: TSaveStatus;
  /** The deck the server holds at `status.version` when nothing is pending. */
  savedDeck: () => TDeck;
  load: (past: TEditorDoc[], future: TEditorDoc[]) => void;
}) {
  const key = sessionHistoryKey(presentationId);
  // Nothing is written before the stored steps are read, or they would be overwritten by none.
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    const store = storage();
    const steps = decodeHistory(store?.getItem(key) ?? null, initialVersion);
    if (steps) load(steps.past, steps.future);
    else store?.removeItem(key);
    setLoaded(true);
    // Once, for the page's own version; later versions are written below.
  }, [key, initialVersion, load]);

  useEffect(() => {
    if (!loaded || status.state !== "saved" || stack.present.deck !== savedDeck()) return;
    const store = storage();
    if (!store) return;
    const text = encodeHistory(status.version, stack.past, stack.future);
    try {
      if (text) store.setItem(key, text);
      else store.removeItem(key);
    } catch {
      // Full: an older history would be wrong for this version, so none is kept.
      store.removeItem(key);
    }
  }, [loaded, status, stack, savedDeck, key]);
}
