// Undo/redo: steps, coalesced typing, limits.
import { describe, expect, it } from "vitest";
import {
  COALESCE_MS,
  createHistory,
  HISTORY_LIMIT,
  historyReducer,
  type THistory,
} from "@/lib/editor/history";

const apply = (h: THistory<string>, state: string, at: number, key?: string) =>
  historyReducer(h, { type: "apply", state, at, key });

describe("history", () => {
  it("undoes and redoes step by step; a new change drops the redo stack", () => {
    let h = createHistory("a");
    h = apply(h, "b", 0);
    h = apply(h, "c", 10);
    h = historyReducer(h, { type: "undo" });
    expect(h.present).toBe("b");
    h = historyReducer(h, { type: "undo" });
    expect(h.present).toBe("a");
    expect(historyReducer(h, { type: "undo" })).toBe(h);
    h = historyReducer(h, { type: "redo" });
    expect(h.present).toBe("b");
    h = apply(h, "x", 20);
    expect(h.future).toEqual([]);
    expect(historyReducer(h, { type: "redo" })).toBe(h);
    expect(h.past).toEqual(["a", "b"]);
  });

  it("folds typing in one field into one step while the pauses stay short", () => {
    let h = createHistory("");
    h = apply(h, "H", 0, "title");
    h = apply(h, "He", 300, "title");
    h = apply(h, "Hel", 300 + COALESCE_MS - 1, "title");
    expect(h.past).toEqual([""]);
    h = apply(h, "Hell", 300 + 2 * COALESCE_MS, "title");
    expect(h.past).toEqual(["", "Hel"]);
    h = apply(h, "Hell!", 300 + 2 * COALESCE_MS + 10, "body");
    expect(h.past).toEqual(["", "Hel", "Hell"]);
    h = historyReducer(h, { type: "undo" });
    expect(h.present).toBe("Hell");
    // After an undo the next keystroke starts a new step, even in the same field.
    h = apply(h, "Hell?", 300 + 2 * COALESCE_MS + 20, "body");
    expect(h.past.at(-1)).toBe("Hell");
  });

  it("seal ends a step; unkeyed changes never join; amend changes the present outside history", () => {
    let h = createHistory("a");
    h = apply(h, "ab", 0, "k");
    h = historyReducer(h, { type: "seal" });
    h = apply(h, "abc", 1, "k");
    expect(h.past).toEqual(["a", "ab"]);
    h = apply(h, "abcd", 2);
    h = apply(h, "abcde", 3);
    expect(h.past).toEqual(["a", "ab", "abc", "abcd"]);
    h = historyReducer(h, { type: "amend", state: "selected" });
    expect(h.present).toBe("selected");
    expect(h.past).toHaveLength(4);
    expect(apply(h, "selected", 9)).toBe(h);
    expect(historyReducer(h, { type: "reset", state: "z" })).toEqual(createHistory("z"));
  });

  it("keeps at most HISTORY_LIMIT steps", () => {
    let h = createHistory(0 as number);
    for (let i = 1; i <= HISTORY_LIMIT + 50; i++) h = historyReducer(h, { type: "apply", state: i, at: i });
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    expect(h.past[0]).toBe(50);
  });
});
