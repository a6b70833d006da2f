"use client";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { LAYOUT_SPECS } from "@/lib/deck/layout-content";
import { LAYOUT_IDS, type TLayoutId } from "@/lib/deck/schema";
import { LAYOUT_NAMES } from "@/lib/editor/names";

/**
 * "Add slide": a menu of the fifteen layouts, each with what it is for. Arrow keys move through
 * it, Enter picks, Escape closes; the new slide goes after the current one.
 */
export function AddSlideMenu({
  onAdd,
  align = "left",
}: {
  onAdd: (layout: TLayoutId) => void;
  align?: "left" | "right";
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (!open) return;
    items.current[0]?.focus();
    const down = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", down);
    return () => document.removeEventListener("pointerdown", down);
  }, [open]);

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const index = items.current.indexOf(document.activeElement as HTMLButtonElement);
    const focus = (at: number) => items.current[(at + LAYOUT_IDS.length) % LAYOUT_IDS.length]?.focus();
    if (event.key === "ArrowDown") focus(index + 1);
    else if (event.key === "ArrowUp") focus(index - 1);
    else if (event.key === "Home") focus(0);
    else if (event.key === "End") focus(LAYOUT_IDS.length - 1);
    else if (event.key === "Escape") close();
    else if (event.key === "Tab") setOpen(false);
    else return;
    if (event.key !== "Tab") event.preventDefault();
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={trigger}
        type="button"
        className={buttonClass("secondary", "sm")}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        + Add slide
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label="Layout of the new slide"
          tabIndex={-1}
          onKeyDown={onKeyDown}
          className={`absolute top-full z-40 mt-1 max-h-[70vh] w-72 overflow-y-auto rounded-md border border-line bg-white p-1 shadow-xl ${
            align === "right" ? "right-0" : "left-0"
          }`}
        >
          {LAYOUT_IDS.map((layout, index) => (
            <button
              key={layout}
              ref={(node) => {
                items.current[index] = node;
              }}
              type="button"
              role="menuitem"
              data-layout={layout}
              className="flex w-full flex-col items-start rounded px-2.5 py-1.5 text-left hover:bg-gray-100 focus:bg-accent/10 focus:outline-none"
              onClick={() => {
                onAdd(layout);
                close();
              }}
            >
              <span className="text-sm font-semibold text-gray-900">{LAYOUT_NAMES[layout]}</span>
              <span className="text-xs text-muted">{LAYOUT_SPECS[layout].description}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
