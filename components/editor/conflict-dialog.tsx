"use client";
import { Button } from "@/components/ui/button";
import { useModalDialog } from "@/components/ui/use-modal-dialog";

/**
 * Shown when a save was refused because the presentation was saved elsewhere: the user decides
 * between the server's newer version and their own. Nothing happens until they do.
 */
export function ConflictDialog({
  open,
  currentVersion,
  busy,
  error,
  onReload,
  onKeepMine,
}: {
  open: boolean;
  currentVersion: number | undefined;
  busy: boolean;
  error: string | null;
  onReload: () => void;
  onKeepMine: () => void;
}) {
  const ref = useModalDialog(open);
  return (
    <dialog
      ref={ref}
      aria-labelledby="conflict-title"
      aria-describedby="conflict-text"
      data-testid="conflict-dialog"
      // Escape must not dismiss it: the user has to choose.
      onCancel={(event) => event.preventDefault()}
      className="m-auto w-full max-w-lg rounded-lg border border-line p-6 shadow-xl backdrop:bg-black/40"
    >
      <h2 id="conflict-title" className="text-lg font-bold text-gray-900">
        This presentation was changed elsewhere
      </h2>
      <div id="conflict-text" className="mt-2 space-y-2 text-sm text-gray-700">
        <p>
          Someone (perhaps you, in another tab) saved version {currentVersion ?? "?"} while you were editing,
          so your latest changes were not saved. Autosave is paused.
        </p>
        <p>
          <strong>Reload</strong> opens version {currentVersion ?? "?"} and drops your unsaved changes.{" "}
          <strong>Keep mine</strong> saves your version over it.
        </p>
      </div>
      {error && (
        <p role="alert" className="mt-3 text-sm font-semibold text-danger">
          {error}
        </p>
      )}
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={onReload} disabled={busy}>
          Reload
        </Button>
        <Button onClick={onKeepMine} disabled={busy}>
          Keep mine
        </Button>
      </div>
    </dialog>
  );
}
