"use client";

/** A generation task's progress: its message and an accessible progress bar (0–100). */
export function GenerationProgress({ message, progress }: { message: string; progress: number }) {
  const value = Math.max(0, Math.min(100, Math.round(progress)));
  return (
    <div className="space-y-1" aria-live="polite">
      <div className="flex justify-between text-sm">
        <span className="font-semibold text-gray-900" data-testid="task-message">
          {message}
        </span>
        <span className="text-muted">{value}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Generating the presentation"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${value}% — ${message}`}
        className="h-2 w-full overflow-hidden rounded-full bg-gray-200"
      >
        <div
          className="h-full rounded-full bg-accent transition-[width] duration-500"
          style={{ width: `${value}%` }}
        />
      </div>
    </div>
  );
}
