"use client";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";

/**
 * Copies `text` to the clipboard and says so ("Copied") for a moment; when the browser refuses
 * (no permission, insecure origin), it says that instead so the user copies by hand.
 */
export function CopyButton({
  text,
  label = "Copy",
  ariaLabel,
}: {
  text: string;
  label?: string;
  /** The button's accessible name when its visible label alone would not say which text it copies. */
  ariaLabel?: string;
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 2500);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <span className="inline-flex items-center gap-2">
      <Button
        variant="secondary"
        size="sm"
        aria-label={ariaLabel}
        onClick={() =>
          navigator.clipboard.writeText(text).then(
            () => setState("copied"),
            () => setState("failed"),
          )
        }
      >
        {state === "copied" ? "Copied" : label}
      </Button>
      <span role="status" aria-live="polite" className="text-xs font-semibold">
        {state === "copied" && <span className="sr-only">Copied to the clipboard</span>}
        {state === "failed" && <span className="text-danger">Copy failed; select the text and copy it</span>}
      </span>
    </span>
  );
}
