"use client";
import { useCallback, useMemo, useReducer, useRef } from "react";
import type { TSaveCheckpoint } from "@/lib/api/schemas/versions";
import type { TDeck } from "@/lib/deck/schema";
import { createHistory, historyReducer, type THistory } from "@/lib/editor/history";

/** What undo/redo restores: the deck and which slide was selected with it. */
export type TEditorDoc = { deck: TDeck; selectedId: string };

type TAction =
  | { type: "change"; update: (doc: TEditorDoc) => TEditorDoc | null; key?: string; at: number }
  | { type: "select"; id: string }
  | { type: "undo" }
  | { type: "redo" }
  | { type: "seal" }
  | { type: "reset"; doc: TEditorDoc }
  | { type: "load"; past: TEditorDoc[]; future: TEditorDoc[] };

function reducer(history: THistory<TEditorDoc>, action: TAction): THistory<TEditorDoc> {
  switch (action.type) {
    case "change": {
      const next = action.update(history.present);
      if (!next || (next.deck === history.present.deck && next.selectedId === history.present.selectedId))
        return history;
      if (next.deck === history.present.deck) return historyReducer(history, { type: "amend", state: next });
      return historyReducer(history, { type: "apply", state: next, key: action.key, at: action.at });
    }
    case "select":
      if (action.id === history.present.selectedId) return history;
      return historyReducer(history, { type: "amend", state: { ...history.present, selectedId: action.id } });
    case "reset":
      return historyReducer(history, { type: "reset", state: action.doc });
    case "load":
      return { ...history, past: action.past, future: action.future, open: null };
    default:
      return historyReducer(history, action);
  }
}

export type TChangeOptions = {
  /** Edits with the same key within a second are one undo step (typing in one field). */
  key?: string;
  /** The slide to select with this change. */
  select?: string;
  /**
   * A change to go back on whole (an accepted AI edit, a layout switch): the server keeps the
   * stored deck as a version before saving it. The editor's change wrapper acts on it.
   */
  checkpoint?: TSaveCheckpoint;
};

/** The editor's document with undo/redo. `change` takes a pure deck update (null: no change). */
export function useDeckHistory(initialDeck: TDeck) {
  const [history, dispatch] = useReducer(reducer, undefined, () =>
    createHistory<TEditorDoc>({ deck: initialDeck, selectedId: initialDeck.slides[0]?.id ?? "" }),
  );
  const latest = useRef(history);
  latest.current = history;

  const change = useCallback((update: (deck: TDeck) => TDeck | null, options: TChangeOptions = {}) => {
    dispatch({
      type: "change",
      key: options.key,
      at: Date.now(),
      update: (doc) => {
        const deck = update(doc.deck);
        if (!deck) return null;
        return { deck, selectedId: options.select ?? doc.selectedId };
      },
    });
  }, []);

  const actions = useMemo(
    () => ({
      change,
      select: (id: string) => dispatch({ type: "select", id }),
      undo: () => dispatch({ type: "undo" }),
      redo: () => dispatch({ type: "redo" }),
      /** Ends the current typing step. */
      seal: () => dispatch({ type: "seal" }),
      /** A new document with no history (the user reloaded the server's version); the selection stays if it can. */
      reset: (deck: TDeck) => {
        const { selectedId } = latest.current.present;
        const keep = deck.slides.some((slide) => slide.id === selectedId);
        dispatch({
          type: "reset",
          doc: { deck, selectedId: keep ? selectedId : (deck.slides[0]?.id ?? "") },
        });
      },
      /** Undo and redo steps kept from before (a reload in the same tab session), around the present. */
      load: (past: TEditorDoc[], future: TEditorDoc[]) => dispatch({ type: "load", past, future }),
      /** The latest state, for event handlers that run between renders. */
      current: () => latest.current.present,
    }),
    [change],
  );

  const { deck, selectedId } = history.present;
  const selected = deck.slides.find((slide) => slide.id === selectedId) ?? deck.slides[0];
  return {
    deck,
    selected,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    /** The whole history, to keep it for a reload (use-session-history). */
    stack: history,
    ...actions,
  };
}
