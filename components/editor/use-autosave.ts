"use client";
import { useMutation } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { TSaveDeckResponse } from "@/lib/api/schemas/presentations";
import type { TSaveCheckpoint } from "@/lib/api/schemas/versions";
import { apiFetch, ProblemError } from "@/lib/client/api-fetch";
import type { TDeck } from "@/lib/deck/schema";
import { SaveQueue, type TSaveFailure, type TSaveStatus } from "@/lib/editor/save-queue";

type TPresentationDetail = { version: number; deck: TDeck };

function classify(error: unknown): TSaveFailure {
  if (error instanceof ProblemError) {
    const { status, problem } = error;
    if (status === 409) {
      const current = Number(problem.current_version);
      if (Number.isInteger(current)) return { kind: "conflict", currentVersion: current };
    }
    if (status === 401)
      return { kind: "fatal", message: "You were signed out. Sign in again in another tab to save." };
    if (status === 429 || status >= 500) return { kind: "retry", message: problem.detail || problem.title };
    return { kind: "fatal", message: problem.detail || problem.title };
  }
  return { kind: "retry", message: "The server could not be reached." };
}

/**
 * Saves the deck as the user edits (PUT /api/v1/ppt/presentation/{id} with the version it is based
 * on) through a react-query mutation, and warns before leaving with unsaved changes. A 409 stops
 * saving until the user reloads the newer version or keeps theirs.
 */
export function useAutosave(presentationId: string, deck: TDeck, initialDeck: TDeck, initialVersion: number) {
  const [status, setStatus] = useState<TSaveStatus>({ state: "saved", version: initialVersion });
  const save = useMutation({
    mutationFn: (input: { deck: TDeck; version: number; checkpoint?: TSaveCheckpoint }) =>
      apiFetch<TSaveDeckResponse>(`/api/v1/ppt/presentation/${presentationId}`, {
        method: "PUT",
        body: input,
      }),
  });
  const saveRef = useRef(save.mutateAsync);
  saveRef.current = save.mutateAsync;
  const reload = useMutation({
    mutationFn: () => apiFetch<TPresentationDetail>(`/api/v1/ppt/presentation/${presentationId}`),
  });

  // A change the server should keep the stored deck before (an accepted AI edit, a layout switch):
  // sent with the next save, and dropped once a save carrying it succeeds.
  const checkpointRef = useRef<TSaveCheckpoint | undefined>(undefined);
  const [queue] = useState(
    () =>
      new SaveQueue<TDeck>(initialDeck, initialVersion, {
        save: async (doc, version) => {
          const checkpoint = checkpointRef.current;
          const saved = await saveRef.current({ deck: doc, version, ...(checkpoint ? { checkpoint } : {}) });
          if (checkpointRef.current === checkpoint) checkpointRef.current = undefined;
          return saved.version;
        },
        classify,
        onStatus: setStatus,
        debounceMs: 800,
      }),
  );
  useEffect(() => () => queue.dispose(), [queue]);
  useEffect(() => queue.update(deck), [queue, deck]);

  const dirty = status.state !== "saved";
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    // Leaving the tab is a good moment to save what is pending.
    const hide = () => {
      if (document.visibilityState === "hidden") queue.flush().catch(() => undefined);
    };
    window.addEventListener("beforeunload", warn);
    document.addEventListener("visibilitychange", hide);
    return () => {
      window.removeEventListener("beforeunload", warn);
      document.removeEventListener("visibilitychange", hide);
    };
  }, [dirty, queue]);

  /** Fetches the server's version; `apply` must make it the editor's document. */
  const reloadLatest = useCallback(
    async (apply: (deck: TDeck) => void) => {
      const detail = await reload.mutateAsync();
      queue.reload(detail.deck, detail.version);
      apply(detail.deck);
    },
    [queue, reload.mutateAsync],
  );

  return {
    status,
    flush: useCallback(() => queue.flush(), [queue]),
    /**
     * The next change is one to keep the stored deck before (sent as the save's `checkpoint`):
     * pending edits are saved first, so the kept version holds them.
     */
    checkpoint: useCallback(
      (reason: TSaveCheckpoint) => {
        queue.flush().catch(() => undefined);
        checkpointRef.current = reason;
      },
      [queue],
    ),
    /** The server's deck after a change made there (a restore): the saved state, saved as `version`. */
    adopt: useCallback((doc: TDeck, version: number) => queue.reload(doc, version), [queue]),
    /** The version the next save is based on, now (the status state lags a render). */
    version: useCallback(() => queue.status().version, [queue]),
    /** The deck last saved: the server's deck at `status.version` when the state is saved. */
    savedDeck: useCallback(() => queue.savedDoc(), [queue]),
    keepMine: useCallback(() => queue.keepMine(), [queue]),
    reloadLatest,
    reloading: reload.isPending,
    reloadError: reload.error,
  };
}
