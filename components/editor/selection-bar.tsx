"use client";
import { Button } from "@/components/ui/button";

type TProps = {
  count: number;
  /** False when every slide is selected: a presentation keeps at least one. */
  canDelete: boolean;
  onMove: (step: -1 | 1) => void;
  onDuplicate: () => void;
  onCopy: () => void;
  onDelete: () => void;
  onClear: () => void;
};

/**
 * What can be done with several selected slides at once: move them up or down as a block,
 * duplicate, copy (to paste into this or another deck), delete — each one undoable step.
 */
export function SelectionBar({ count, canDelete, onMove, onDuplicate, onCopy, onDelete, onClear }: TProps) {
  return (
    <div
      role="toolbar"
      aria-label="Selected slides"
      className="flex shrink-0 flex-wrap items-center gap-1 border-line p-2 text-xs max-lg:border-r lg:w-full lg:border-b"
    >
      <span className="w-full px-1 font-semibold text-gray-900" aria-live="polite">
        {count} slides selected
      </span>
      <Button size="sm" variant="secondary" onClick={() => onMove(-1)}>
        Move up
      </Button>
      <Button size="sm" variant="secondary" onClick={() => onMove(1)}>
        Move down
      </Button>
      <Button size="sm" variant="secondary" onClick={onDuplicate}>
        Duplicate
      </Button>
      <Button size="sm" variant="secondary" onClick={onCopy}>
        Copy
      </Button>
      <Button
        size="sm"
        variant="secondary"
        onClick={onDelete}
        disabled={!canDelete}
        title={canDelete ? undefined : "A presentation keeps at least one slide"}
      >
        Delete
      </Button>
      <Button size="sm" variant="ghost" onClick={onClear}>
        Clear selection
      </Button>
    </div>
  );
}
