"use client";
import { type ReactNode, useId } from "react";
import { useModalDialog } from "@/components/ui/use-modal-dialog";

/**
 * The modal frame of the editor's pickers, on the native <dialog>: showModal traps focus inside
 * and makes the page inert, Escape (the dialog's cancel event) and the close button call
 * `onClose`, focus starts on the element marked `data-autofocus`, and returns to where it was when the dialog closes.
 */
export function PanelDialog({
  open,
  title,
  onClose,
  children,
  footer,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  // Focus goes to the panel's main control (a search box, data-autofocus) rather than the close button.
  const ref = useModalDialog(open);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(56rem,calc(100vw-2rem))] overflow-hidden rounded-lg border border-line bg-white p-0 shadow-xl backdrop:bg-black/40"
    >
      <div className="flex max-h-[90vh] flex-col">
        <div className="flex items-center justify-between border-b border-line px-5 py-3">
          <h2 id={titleId} className="text-lg font-bold text-gray-900">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="rounded-md p-1.5 text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-accent"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              width="20"
              height="20"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <path d="M18 6 6 18M6 6l12 12" />
            </svg>
          </button>
        </div>
        {open && <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>}
        {open && footer && <div className="border-t border-line px-5 py-3">{footer}</div>}
      </div>
    </dialog>
  );
}
