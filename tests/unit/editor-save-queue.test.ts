// Autosave: debounced, one save at a time with the latest state next, conflicts stop it, retries back off.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SaveError, SaveQueue, type TSaveFailure, type TSaveStatus } from "@/lib/editor/save-queue";

type TCall = { doc: string; version: number; resolve: (v: number) => void; reject: (e: unknown) => void };

function setup(version = 1) {
  const calls: TCall[] = [];
  const statuses: TSaveStatus[] = [];
  const queue = new SaveQueue<string>("v0", version, {
    save: (doc, base) =>
      new Promise<number>((resolve, reject) => calls.push({ doc, version: base, resolve, reject })),
    classify: (error): TSaveFailure => {
      const e = error as { status?: number; current?: number };
      if (e.status === 409) return { kind: "conflict", currentVersion: e.current ?? 0 };
      if (e.status === 422) return { kind: "fatal", message: "invalid" };
      return { kind: "retry", message: "offline" };
    },
    onStatus: (status) => statuses.push(status),
    debounceMs: 800,
  });
  return { calls, statuses, queue, state: () => queue.status().state };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("SaveQueue", () => {
  it("saves once after the typing pauses, based on the last saved version", async () => {
    const { calls, queue, state, statuses } = setup();
    queue.update("a");
    await vi.advanceTimersByTimeAsync(500);
    queue.update("ab");
    await vi.advanceTimersByTimeAsync(799);
    expect(calls).toHaveLength(0);
    expect(state()).toBe("dirty");
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => [c.doc, c.version])).toEqual([["ab", 1]]);
    expect(state()).toBe("saving");
    calls[0].resolve(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.status()).toEqual({ state: "saved", version: 2 });
    expect(statuses.map((s) => s.state)).toEqual(["dirty", "saving", "saved"]);
  });

  it("keeps one save in flight and saves the latest state next", async () => {
    const { calls, queue, state } = setup();
    queue.update("a");
    await vi.advanceTimersByTimeAsync(800);
    queue.update("ab");
    queue.update("abc");
    await vi.advanceTimersByTimeAsync(800);
    expect(calls).toHaveLength(1);
    calls[0].resolve(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => [c.doc, c.version])).toEqual([
      ["a", 1],
      ["abc", 2],
    ]);
    calls[1].resolve(3);
    await vi.advanceTimersByTimeAsync(0);
    expect(state()).toBe("saved");
    expect(queue.status().version).toBe(3);
  });

  it("flush saves at once and resolves when everything is saved", async () => {
    const { calls, queue } = setup();
    await expect(queue.flush()).resolves.toBeUndefined();
    queue.update("a");
    let done = false;
    const flushed = queue.flush().then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    queue.update("ab");
    calls[0].resolve(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(false);
    expect(calls[1].doc).toBe("ab");
    calls[1].resolve(3);
    await flushed;
    expect(done).toBe(true);
  });

  it("stops on a conflict until the user reloads or keeps their version", async () => {
    const { calls, queue, state } = setup();
    queue.update("mine");
    const flushed = queue.flush();
    calls[0].reject({ status: 409, current: 5 });
    await expect(flushed).rejects.toBeInstanceOf(SaveError);
    expect(queue.status()).toEqual({ state: "conflict", version: 1, currentVersion: 5 });
    queue.update("mine, more");
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(1);
    expect(state()).toBe("conflict");
    await expect(queue.flush()).rejects.toMatchObject({ conflict: true });

    const kept = queue.keepMine();
    expect(calls[1]).toMatchObject({ doc: "mine, more", version: 5 });
    calls[1].resolve(6);
    await kept;
    expect(queue.status()).toEqual({ state: "saved", version: 6 });

    queue.update("again");
    await vi.advanceTimersByTimeAsync(800);
    calls[2].reject({ status: 409, current: 9 });
    await vi.advanceTimersByTimeAsync(0);
    queue.reload("theirs", 9);
    expect(queue.status()).toEqual({ state: "saved", version: 9 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(3);
  });

  it("retries failures that may pass with growing pauses, and not the others", async () => {
    const { calls, queue } = setup();
    queue.update("a");
    await vi.advanceTimersByTimeAsync(800);
    calls[0].reject(new TypeError("fetch failed"));
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.status()).toMatchObject({ state: "error", retrying: true, error: "offline" });
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(2);
    calls[1].reject({ status: 503 });
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(3);
    calls[2].resolve(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.status()).toEqual({ state: "saved", version: 2 });

    queue.update("b");
    await vi.advanceTimersByTimeAsync(800);
    calls[3].reject({ status: 422 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(4);
    expect(queue.status()).toMatchObject({ state: "error", retrying: false });
    queue.update("bc");
    await vi.advanceTimersByTimeAsync(800);
    expect(calls[4].doc).toBe("bc");
  });
});
