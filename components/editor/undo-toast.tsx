"use client";
import { useEffect } from "react";

export type TToast = { id: number; message: string; action?: { label: string; run: () => void } };

/** A short notice at the bottom of the window with an optional action ("Slide 3 deleted — Undo"). */
export function UndoToast({ toast, onDismiss }: { toast: TToast | null; onDismiss: () => void }) {
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(onDismiss, 8000);
    return () => clearTimeout(timer);
  }, [toast, onDismiss]);
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center">
      {toast && (
        <div
          role="status"
          data-testid="toast"
          className="pointer-events-auto flex items-center gap-3 rounded-md bg-gray-900 px-4 py-2 text-sm text-white shadow-lg"
        >
          <span>{toast.message}</span>
          {toast.action && (
            <button
              type="button"
              className="rounded px-2 py-0.5 font-semibold text-blue-200 underline hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
              onClick={() => {
                toast.action?.run();
                onDismiss();
              }}
            >
              {toast.action.label}
            </button>
          )}
          <button
            type="button"
            aria-label="Dismiss"
            className="rounded px-1.5 text-gray-300 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
            onClick={onDismiss}
          >
            ×
          </button>
        </div>
      )}
    </div>
  );
}
