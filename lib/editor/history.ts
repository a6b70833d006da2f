/**
 * Undo/redo over immutable states. Changes that name the same `key` within COALESCE_MS of each
 * other (typing in one field) fold into one step; any other change, an undo or a redo, or `seal`
 * starts a new one. Client-safe, framework-free: the editor runs it as a React reducer.
 */

/** Typing pauses shorter than this stay in the same undo step. */
export const COALESCE_MS = 1000;

/** Steps kept; older ones are dropped. */
export const HISTORY_LIMIT = 200;

export type THistory<T> = {
  present: T;
  past: T[];
  future: T[];
  /** The key and time of the last change, while it may still be extended. */
  open: { key: string; at: number } | null;
};

export type THistoryAction<T> =
  /** A new state. With `key`, it joins the previous change of the same key if that was recent. */
  | { type: "apply"; state: T; key?: string; at: number }
  /** Changes the present in place, outside the history (e.g. which slide is selected). */
  | { type: "amend"; state: T }
  | { type: "undo" }
  | { type: "redo" }
  /** Ends the open step: the next change starts a new one. */
  | { type: "seal" }
  /** A new starting point with no history (a reloaded document). */
  | { type: "reset"; state: T };

export function createHistory<T>(present: T): THistory<T> {
  return { present, past: [], future: [], open: null };
}

export function historyReducer<T>(history: THistory<T>, action: THistoryAction<T>): THistory<T> {
  switch (action.type) {
    case "apply": {
      if (Object.is(action.state, history.present)) return history;
      const { open } = history;
      const joins = action.key !== undefined && open?.key === action.key && action.at - open.at < COALESCE_MS;
      const nextOpen = action.key === undefined ? null : { key: action.key, at: action.at };
      if (joins) return { ...history, present: action.state, future: [], open: nextOpen };
      return {
        present: action.state,
        past: [...history.past, history.present].slice(-HISTORY_LIMIT),
        future: [],
        open: nextOpen,
      };
    }
    case "amend":
      return { ...history, present: action.state };
    case "undo": {
      const previous = history.past.at(-1);
      if (previous === undefined) return history;
      return {
        present: previous,
        past: history.past.slice(0, -1),
        future: [history.present, ...history.future],
        open: null,
      };
    }
    case "redo": {
      const [next, ...rest] = history.future;
      if (next === undefined) return history;
      return { present: next, past: [...history.past, history.present], future: rest, open: null };
    }
    case "seal":
      return history.open ? { ...history, open: null } : history;
    case "reset":
      return createHistory(action.state);
  }
}
