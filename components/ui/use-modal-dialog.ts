"use client";
import { useEffect, useRef } from "react";

/**
 * Opens and closes a native <dialog> as a modal with `open` (showModal traps focus inside and
 * makes the page behind inert). On opening, the element marked `data-autofocus` takes the focus
 * when there is one.
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}
