"use client";
import { useEffect, useId, useRef, useState } from "react";
import { buttonClass } from "@/components/ui/button";

const SHORTCUTS: [string, string][] = [
  ["Ctrl/⌘ + Z", "Undo"],
  ["Ctrl/⌘ + Shift + Z, Ctrl + Y", "Redo"],
  ["Enter on a box", "Edit its text (Escape or Enter on a one-line field closes)"],
  ["Ctrl/⌘ + B / I / K", "Bold, italic, link while editing text"],
  ["Enter on a thumbnail", "Select the slide"],
  ["Ctrl/⌘ + click (or Enter)", "Add a slide to the selection, or take it away"],
  ["Shift + click (or Enter)", "Select the slides up to this one"],
  ["Ctrl/⌘ + C, then Ctrl/⌘ + V", "Copy the selected slides and paste them here or in another deck"],
  ["Space, arrows, Space", "Pick up a thumbnail, move it, drop it (Escape cancels)"],
  ["Delete on a thumbnail", "Delete the selected slides (Undo brings them back)"],
  ["Alt + ↑ / ↓", "Previous / next slide"],
  ["Ctrl/⌘ + Shift + D", "Duplicate the selected slides"],
  ["← → Space, Home, End", "Move through the slides when presenting; Escape leaves"],
  ["S when presenting", "Open the presenter view: notes, next slide, timer"],
];

/** "Shortcuts": the keyboard shortcuts in a popover. */
export function ShortcutsHelp() {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const down = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const key = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", down);
    document.addEventListener("keydown", key);
    return () => {
      document.removeEventListener("pointerdown", down);
      document.removeEventListener("keydown", key);
    };
  }, [open]);
  return (
    <div ref={root} className="relative">
      <button
        type="button"
        className={buttonClass("ghost", "sm")}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        Shortcuts
      </button>
      {open && (
        <section
          id={id}
          aria-label="Keyboard shortcuts"
          className="absolute top-full right-0 z-40 mt-1 w-96 rounded-md border border-line bg-white p-3 shadow-xl"
        >
          <h2 className="mb-2 text-sm font-bold text-gray-900">Keyboard shortcuts</h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-xs">
            {SHORTCUTS.map(([keys, what]) => (
              <div key={keys} className="contents">
                <dt className="font-mono font-semibold whitespace-nowrap text-gray-900">{keys}</dt>
                <dd className="text-gray-700">{what}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </div>
  );
}
